/**
 * The formatting toolbar's text changes, pure: each takes the text and its selection and says which
 * range to replace with what, and what to select afterwards. Applying the edit is the textarea's
 * business (`text-edit.ts`), so the browser's undo keeps working.
 */

export interface Selection {
  text: string;
  start: number;
  end: number;
}

/** Replace `text.slice(from, to)` with `insert`, then select `[selectStart, selectEnd)` of the new text. */
export interface TextEdit {
  from: number;
  to: number;
  insert: string;
  selectStart: number;
  selectEnd: number;
}

export type FormatKind = 'bold' | 'italic' | 'link' | 'code' | 'quote' | 'spoiler';

export const PLACEHOLDER = {
  bold: 'bold text',
  italic: 'italic text',
  linkText: 'link text',
  url: 'url',
  code: 'code',
  quote: 'quoted text',
  spoilerHeader: 'Spoiler',
  spoiler: 'hidden content',
} as const;

/** Stars right before `at` and right after `to`: the emphasis markers around a selection. */
function starsAround(text: string, at: number, to: number): { before: number; after: number } {
  let before = 0;
  while (before < 3 && text[at - before - 1] === '*') before++;
  let after = 0;
  while (after < 3 && text[to + after] === '*') after++;
  return { before, after };
}

/**
 * Wraps the selection in `marker` (or inserts a selected placeholder); when the selection is
 * already wrapped in it, removes the markers instead.
 */
function toggleWrap(sel: Selection, marker: string, present: boolean, placeholder: string): TextEdit {
  const { text, start, end } = sel;
  const n = marker.length;
  if (present) {
    const inner = text.slice(start, end);
    return { from: start - n, to: end + n, insert: inner, selectStart: start - n, selectEnd: end - n };
  }
  const inner = start === end ? placeholder : text.slice(start, end);
  return {
    from: start,
    to: end,
    insert: marker + inner + marker,
    selectStart: start + n,
    selectEnd: start + n + inner.length,
  };
}

export function bold(sel: Selection): TextEdit {
  const { before, after } = starsAround(sel.text, sel.start, sel.end);
  const present = sel.start !== sel.end && before >= 2 && after >= 2;
  return toggleWrap(sel, '**', present, PLACEHOLDER.bold);
}

export function italic(sel: Selection): TextEdit {
  const { before, after } = starsAround(sel.text, sel.start, sel.end);
  // One star each side, or three (bold and italic): `**x**` is bold only.
  const present = sel.start !== sel.end && before % 2 === 1 && after % 2 === 1;
  return toggleWrap(sel, '*', present, PLACEHOLDER.italic);
}

const URL_LIKE = /^(https?:\/\/|mailto:)\S+$/i;

/** `[text](url)`: the selection becomes the text and `url` is selected, or the URL if a URL was selected. */
export function link(sel: Selection): TextEdit {
  const { text, start, end } = sel;
  const selected = text.slice(start, end);
  if (URL_LIKE.test(selected.trim())) {
    const insert = `[${PLACEHOLDER.linkText}](${selected.trim()})`;
    return {
      from: start,
      to: end,
      insert,
      selectStart: start + 1,
      selectEnd: start + 1 + PLACEHOLDER.linkText.length,
    };
  }
  const label = selected || PLACEHOLDER.linkText;
  const insert = `[${label}](${PLACEHOLDER.url})`;
  const urlAt = start + label.length + 3;
  return selected
    ? { from: start, to: end, insert, selectStart: urlAt, selectEnd: urlAt + PLACEHOLDER.url.length }
    : { from: start, to: end, insert, selectStart: start + 1, selectEnd: start + 1 + label.length };
}

/** Newlines needed so that a block inserted over `[start, end)` stands on lines of its own. */
function blockEdges(text: string, start: number, end: number): { lead: string; trail: string } {
  return {
    lead: start > 0 && text[start - 1] !== '\n' ? '\n' : '',
    trail: end < text.length && text[end] !== '\n' ? '\n' : '',
  };
}

function fence(sel: Selection, info: string, placeholder: string): TextEdit {
  const { text, start, end } = sel;
  const { lead, trail } = blockEdges(text, start, end);
  const inner = start === end ? placeholder : text.slice(start, end);
  const open = `${lead}\`\`\`${info}\n`;
  return {
    from: start,
    to: end,
    insert: `${open}${inner}\n\`\`\`${trail}`,
    selectStart: start + open.length,
    selectEnd: start + open.length + inner.length,
  };
}

/** Inline code for a selection on one line (toggled off when already in backticks), a code block for several. */
export function code(sel: Selection): TextEdit {
  const { text, start, end } = sel;
  const selected = text.slice(start, end);
  if (selected.includes('\n')) return fence(sel, '', PLACEHOLDER.code);
  const present = start !== end && text[start - 1] === '`' && text[end] === '`';
  return toggleWrap(sel, '`', present, PLACEHOLDER.code);
}

/** A ```quote block around the selection. */
export function quote(sel: Selection): TextEdit {
  return fence(sel, 'quote', PLACEHOLDER.quote);
}

/**
 * A ```spoiler block: the selection is the hidden content and its header is selected to be typed;
 * with nothing selected, the content placeholder is selected.
 */
export function spoiler(sel: Selection): TextEdit {
  const edit = fence(sel, `spoiler ${PLACEHOLDER.spoilerHeader}`, PLACEHOLDER.spoiler);
  if (sel.start === sel.end) return edit;
  const headerAt = edit.insert.indexOf(PLACEHOLDER.spoilerHeader);
  return {
    ...edit,
    selectStart: sel.start + headerAt,
    selectEnd: sel.start + headerAt + PLACEHOLDER.spoilerHeader.length,
  };
}

export const FORMATS: Record<FormatKind, (sel: Selection) => TextEdit> = {
  bold,
  italic,
  link,
  code,
  quote,
  spoiler,
};

/** The real service's compose shortcuts: Ctrl+B bold, Ctrl+I italic, Ctrl+Shift+L link (Cmd on a Mac). */
export function formatForKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): FormatKind | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (!event.shiftKey && key === 'b') return 'bold';
  if (!event.shiftKey && key === 'i') return 'italic';
  if (event.shiftKey && key === 'l') return 'link';
  return null;
}

/** The text after an edit (what the textarea will hold). */
export function applyEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
}
