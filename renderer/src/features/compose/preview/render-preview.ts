import MarkdownIt, { type StateCore, type StateInline } from 'markdown-it';
import { channelSlug, encodeHashComponent } from '../../../../../shared/narrow-hash';
import { linkifiedSegments, type PreviewLinkifier } from './linkify';
import { GLOBAL_TIME, globalTimeHtml } from '../../../../../shared/global-time';

/**
 * The compose preview's markdown. The real service renders a preview server-side
 * (POST /messages/render), but the spec this client implements has no such endpoint, so the preview
 * is rendered here: markdown-it with the options the reference server uses for messages (no raw
 * HTML, linkified URLs, single newlines kept), plus the service's own syntax (mentions, channel and
 * topic links, emoji, ```quote and ```spoiler blocks) resolved against what the client knows. The
 * HTML then reaches the page through `SafeHtml`, the sanitizer every message goes through, so a
 * preview is shown by the same path and styles as the message it becomes.
 */
export interface PreviewLookup {
  /** A user by full name (case-insensitive) or, with `id`, by id. */
  user(name: string, id?: number): { id: number; name: string } | undefined;
  group(name: string): { id: number; name: string } | undefined;
  channel(name: string): { id: number; name: string } | undefined;
  /** A unicode emoji's code (`1f419`), or a custom emoji's image URL. */
  emoji(name: string): { code: string } | { url: string } | undefined;
  /** The organization's linkifiers, in the order the server applies them. */
  linkifiers?: readonly PreviewLinkifier[];
}

type Env = { lookup: PreviewLookup };

const md = new MarkdownIt({ html: false, linkify: true, breaks: true });
const escape = md.utils.escapeHtml;

const WILDCARDS = new Set(['all', 'everyone', 'channel', 'stream', 'topic']);

function mention(lookup: PreviewLookup, silent: boolean, body: string): string | null {
  const at = silent ? '' : '@';
  const cls = silent ? ' silent' : '';
  if (WILDCARDS.has(body))
    return `<span class="user-mention${cls}" data-user-id="*">${at}${escape(body)}</span>`;
  const withId = /^(.*)\|(\d+)$/.exec(body);
  const user = withId ? lookup.user(withId[1]!, Number(withId[2])) : lookup.user(body);
  if (!user) return null;
  return `<span class="user-mention${cls}" data-user-id="${user.id}">${at}${escape(user.name)}</span>`;
}

function groupMention(lookup: PreviewLookup, silent: boolean, name: string): string | null {
  const group = lookup.group(name);
  if (!group) return null;
  return `<span class="user-group-mention${silent ? ' silent' : ''}" data-user-group-id="${group.id}">${silent ? '' : '@'}${escape(group.name)}</span>`;
}

function channelLink(lookup: PreviewLookup, name: string, topic: string | undefined): string | null {
  const channel = lookup.channel(name);
  if (!channel) return null;
  const base = `/#narrow/channel/${channelSlug(channel.id, channel.name)}`;
  if (topic === undefined)
    return `<a class="stream" data-stream-id="${channel.id}" href="${base}">#${escape(channel.name)}</a>`;
  return `<a class="stream-topic" data-stream-id="${channel.id}" href="${base}/topic/${encodeHashComponent(topic)}">#${escape(channel.name)} &gt; ${escape(topic)}</a>`;
}

/** `#**channel>topic@123**`: a link to one message, as the server renders it. */
function messageLink(lookup: PreviewLookup, name: string, topic: string, messageId: string): string | null {
  const channel = lookup.channel(name);
  if (!channel) return null;
  const href = `/#narrow/channel/${channelSlug(channel.id, channel.name)}/topic/${encodeHashComponent(topic)}/near/${messageId}`;
  return `<a class="message-link" href="${href}">#${escape(channel.name)} &gt; ${escape(topic)} @ 💬</a>`;
}

function emoji(lookup: PreviewLookup, name: string): string | null {
  const found = lookup.emoji(name);
  if (!found) return null;
  const title = escape(name.replace(/_/g, ' '));
  if ('url' in found)
    return `<img alt=":${escape(name)}:" class="emoji" src="${escape(found.url)}" title="${title}">`;
  return `<span aria-label="${title}" class="emoji emoji-${escape(found.code)}" role="img" title="${title}">:${escape(name)}:</span>`;
}

const SYNTAX: {
  start: string;
  pattern: RegExp;
  html(lookup: PreviewLookup, m: RegExpExecArray): string | null;
}[] = [
  { start: '@', pattern: /^@(_?)\*\*([^*\n]+?)\*\*/, html: (l, m) => mention(l, m[1] === '_', m[2]!) },
  { start: '@', pattern: /^@(_?)\*([^*\n]+?)\*/, html: (l, m) => groupMention(l, m[1] === '_', m[2]!) },
  {
    start: '#',
    pattern: /^#\*\*([^*>\n]+?)>([^*\n]*?)@(\d+)\*\*/,
    html: (l, m) => messageLink(l, m[1]!, m[2]!, m[3]!),
  },
  {
    start: '#',
    pattern: /^#\*\*([^*>\n]+?)(?:>([^*\n]+?))?\*\*/,
    html: (l, m) => channelLink(l, m[1]!, m[2]),
  },
  { start: ':', pattern: /^:([a-z0-9_+-]+):/, html: (l, m) => emoji(l, m[1]!) },
];

function serviceSyntax(state: StateInline, silent: boolean): boolean {
  const { lookup } = state.env as unknown as Env;
  const rest = state.src.slice(state.pos);
  for (const rule of SYNTAX) {
    if (rest[0] !== rule.start) continue;
    const m = rule.pattern.exec(rest);
    if (!m) continue;
    const html = rule.html(lookup, m);
    if (html === null) continue;
    if (!silent) state.push('html_inline', '', 0).content = html;
    state.pos += m[0].length;
    return true;
  }
  return false;
}
md.inline.ruler.before('emphasis', 'service_syntax', serviceSyntax);

/** `<time:…>`, as the server renders it (shared/global-time.ts). */
function globalTime(state: StateInline, silent: boolean): boolean {
  const match = GLOBAL_TIME.exec(state.src.slice(state.pos));
  if (!match) return false;
  if (!silent) state.push('html_inline', '', 0).content = globalTimeHtml(match[1]!, escape);
  state.pos += match[0].length;
  return true;
}
// Before autolinks, which would take `<time:…>` for a link with a "time:" scheme.
md.inline.ruler.before('autolink', 'global_time', globalTime);

const plainFence =
  md.renderer.rules.fence ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.fence = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const [kind, ...header] = token.info.trim().split(/\s+/);
  if (kind === 'quote') return `<blockquote>\n${md.render(token.content, env)}</blockquote>\n`;
  if (kind === 'spoiler')
    return (
      `<div class="spoiler-block"><div class="spoiler-header">${md.renderInline(header.join(' '), env)}</div>` +
      `<div class="spoiler-content" aria-hidden="true">${md.render(token.content, env)}</div></div>\n`
    );
  return plainFence(tokens, idx, options, env, self);
};

/**
 * The organization's linkifiers over the text the markdown left as text (not code, not a link
 * already), as the server applies them to the message.
 */
function linkifierLinks(state: StateCore): void {
  const linkifiers = (state.env as unknown as Env).lookup.linkifiers ?? [];
  if (linkifiers.length === 0) return;
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const children: typeof block.children = [];
    let inLink = 0;
    for (const token of block.children) {
      if (token.type === 'link_open') inLink++;
      else if (token.type === 'link_close') inLink--;
      if (token.type !== 'text' || inLink > 0) {
        children.push(token);
        continue;
      }
      for (const segment of linkifiedSegments(token.content, linkifiers)) {
        if (segment.url === undefined) {
          const text = new state.Token('text', '', 0);
          text.content = segment.text;
          children.push(text);
          continue;
        }
        const open = new state.Token('link_open', 'a', 1);
        open.attrs = [['href', segment.url]];
        const text = new state.Token('text', '', 0);
        text.content = segment.text;
        children.push(open, text, new state.Token('link_close', 'a', -1));
      }
    }
    block.children = children;
  }
}
md.core.ruler.after('linkify', 'linkifiers', linkifierLinks);

export function renderPreview(content: string, lookup: PreviewLookup): string {
  const env: Env = { lookup };
  return md.render(content, env).trimEnd();
}
