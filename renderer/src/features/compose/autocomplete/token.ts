/**
 * The autocomplete trigger being typed just before the caret, if any. Pure: it knows the syntax,
 * not the people, channels or emoji (a source decides whether anything matches).
 *
 * - `@ben`, `@**ben`, `@*back` → people and groups; `@_ben` → a silent mention
 * - `#gen`, `#**gen` → channels
 * - `#general>`, `#**general>`, `#**general** >` → topics of that channel
 * - `:oc` (two characters at least, as the real service asks) → emoji
 * - `/` at the very start of the message → saved snippets
 *
 * A trigger counts only at the start of a line or after a space or an opening bracket or quote,
 * so an email address (`ada@example.org`) or a time (`12:30`) opens nothing; nor does anything
 * typed inside code (a `code span` or a fenced code block), which the service shows as typed.
 */
export type Token =
  | { kind: 'mention'; query: string; silent: boolean; start: number }
  | { kind: 'channel'; query: string; start: number }
  | { kind: 'topic'; channel: string; query: string; start: number }
  | { kind: 'emoji'; query: string; start: number }
  | { kind: 'snippet'; query: string; start: number };

/** A typed query longer than this is prose, not a name being looked up. */
const MAX_QUERY = 60;

const BOUNDARY = String.raw`(?<=^|[\s(\[{"'])`;
const TOPIC_FORMS = [
  new RegExp(String.raw`${BOUNDARY}#\*\*([^*>\n]+)\*\* ?>([^*\n]*)$`),
  new RegExp(String.raw`${BOUNDARY}#\*\*([^*>\n]+)>([^*\n]*)$`),
  new RegExp(String.raw`${BOUNDARY}#([^\s*>#]+)>([^*\n]*)$`),
];
const CHANNEL = new RegExp(String.raw`${BOUNDARY}#(?:\*\*)?([^*>#\n]*)$`);
const MENTION = new RegExp(String.raw`${BOUNDARY}@(_)?(?:\*\*?)?([^*@\n]*)$`);
const EMOJI = new RegExp(String.raw`${BOUNDARY}:([a-zA-Z0-9_+-]{2,})$`);
const SNIPPET = /^\/([^\n]*)$/;

const startsWithSpace = (query: string) => /^\s/.test(query);

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/;
/** Fenced blocks whose content is markdown, not code. */
const MARKDOWN_FENCES = new Set(['quote', 'spoiler']);

/**
 * Whether the end of `before` is inside code: a fenced block opened on an earlier line and not yet
 * closed (a fence with an info string opens one; a bare fence closes the innermost, or opens a
 * code block when none is open), or a backtick run on this line not yet matched by one as long.
 */
function insideCode(before: string, lineStart: number): boolean {
  const open: { fence: string; code: boolean }[] = [];
  for (const line of before.slice(0, lineStart).split('\n')) {
    const m = FENCE.exec(line);
    if (!m) continue;
    const fence = m[1]!;
    const info = m[2]!.toLowerCase();
    const top = open[open.length - 1];
    if (top && info === '' && fence[0] === top.fence[0] && fence.length >= top.fence.length) open.pop();
    else if (!top?.code) open.push({ fence, code: !MARKDOWN_FENCES.has(info) });
  }
  if (open[open.length - 1]?.code) return true;
  let span: number | null = null;
  for (const run of before.slice(lineStart).match(/`+/g) ?? []) {
    if (span === null) span = run.length;
    else if (run.length === span) span = null;
  }
  return span !== null;
}

export function tokenAt(text: string, caret: number): Token | null {
  const before = text.slice(0, Math.max(0, Math.min(caret, text.length)));
  const lineStart = before.lastIndexOf('\n') + 1;
  const line = before.slice(lineStart);
  if (insideCode(before, lineStart)) return null;

  const snippet = lineStart === 0 ? SNIPPET.exec(line) : null;
  if (snippet) {
    const query = snippet[1]!;
    return query.length <= MAX_QUERY && !startsWithSpace(query) ? { kind: 'snippet', query, start: 0 } : null;
  }

  for (const form of TOPIC_FORMS) {
    const m = form.exec(line);
    if (!m) continue;
    const query = m[2]!;
    if (query.length > MAX_QUERY) return null;
    return { kind: 'topic', channel: m[1]!.trim(), query: query.trimStart(), start: lineStart + m.index };
  }

  const channel = CHANNEL.exec(line);
  if (channel) {
    const query = channel[1]!;
    return query.length <= MAX_QUERY && !startsWithSpace(query)
      ? { kind: 'channel', query, start: lineStart + channel.index }
      : null;
  }

  const mention = MENTION.exec(line);
  if (mention) {
    const query = mention[2]!;
    return query.length <= MAX_QUERY && !startsWithSpace(query)
      ? { kind: 'mention', query, silent: mention[1] === '_', start: lineStart + mention.index }
      : null;
  }

  const emoji = EMOJI.exec(line);
  if (emoji && emoji[1]!.length <= MAX_QUERY)
    return { kind: 'emoji', query: emoji[1]!, start: lineStart + emoji.index };

  return null;
}
