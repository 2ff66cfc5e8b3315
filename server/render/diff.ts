import { diffArrays } from 'diff';

/** Tags whose removal separates words: dropping them must leave a space, not glue two words together. */
const BLOCK_TAG = /^<\/?(p|div|li|ul|ol|br|hr|h[1-6]|blockquote|pre|tr|td|th|table|thead|tbody)\b/i;

const isTag = (token: string) => token.startsWith('<');
const isSpace = (token: string) => /^\s+$/.test(token);

/**
 * The text a run of deleted tokens shows: its words and the whitespace between them, with a removed
 * block boundary (paragraph, list item, line break) read as a space. Inline tags are dropped.
 */
function deletedText(tokens: string[]): string {
  return tokens
    .map((token) => (isTag(token) ? (BLOCK_TAG.test(token) ? ' ' : '') : token))
    .join('')
    .replace(/\s+/g, ' ');
}

/**
 * `content_html_diff` (spec 2.4): the new rendering with inserted words marked and deleted words shown
 * in place, struck. Tags are tokens of their own so the result stays well-formed: the new version's tags
 * are kept, deleted tags are dropped, and only text is wrapped. Word boundaries survive: a deleted run
 * keeps its inner whitespace, and is set apart from an adjacent word by a space.
 */
export function htmlDiff(before: string, after: string): string {
  const tokenize = (html: string) => html.match(/<[^>]*>|[^<\s]+|\s+/g) ?? [];
  const parts = diffArrays(tokenize(before), tokenize(after));
  let out = '';
  parts.forEach((part, index) => {
    if (part.removed) {
      const text = deletedText(part.value);
      if (text.trim() === '') return;
      const next = parts[index + 1]?.value[0];
      const nextIsWord = next !== undefined && !isTag(next) && !isSpace(next);
      const afterWord = out !== '' && !/[\s>]$/.test(out);
      if (afterWord || (text.startsWith(' ') && out !== '' && !/\s$/.test(out))) out += ' ';
      out += `<span class="highlight_text_deleted">${text.trim()}</span>`;
      if (nextIsWord || (text.endsWith(' ') && next !== undefined && !isSpace(next))) out += ' ';
      return;
    }
    for (const token of part.value) {
      if (part.added && !isTag(token) && !isSpace(token))
        out += `<span class="highlight_text_inserted">${token}</span>`;
      else out += token;
    }
  });
  return out;
}
