import { diffArrays } from 'diff';

/**
 * `content_html_diff` (spec 2.4): the new rendering with inserted text marked and deleted text shown
 * struck. Tags are tokens of their own so the result stays well-formed: the new version's tags are kept,
 * deleted tags are dropped, and only text is wrapped.
 */
export function htmlDiff(before: string, after: string): string {
  const tokenize = (html: string) => html.match(/<[^>]*>|[^<\s]+|\s+/g) ?? [];
  const parts = diffArrays(tokenize(before), tokenize(after));
  let out = '';
  for (const part of parts) {
    for (const token of part.value) {
      const isTag = token.startsWith('<');
      if (part.added)
        out += isTag || /^\s+$/.test(token) ? token : `<span class="highlight_text_inserted">${token}</span>`;
      else if (part.removed) {
        if (!isTag && !/^\s+$/.test(token)) out += `<span class="highlight_text_deleted">${token}</span>`;
      } else out += token;
    }
  }
  return out;
}
