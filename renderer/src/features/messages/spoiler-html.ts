/**
 * What a message shows before anyone opens its spoilers: the rendered HTML without each
 * `.spoiler-content` (up to its own closing tag, whatever it nests). For the judgments made from
 * the HTML itself, a light row's text (plain-text.ts) and a long message's length (long-message.ts).
 */
const SPOILER_CONTENT = /<div class="spoiler-content"[^>]*>/g;
const DIV_TAG = /<(\/?)div\b[^>]*>/g;

export function withoutSpoilerContent(html: string): string {
  if (!html.includes('spoiler-content')) return html;
  let out = '';
  let from = 0;
  for (const open of html.matchAll(SPOILER_CONTENT)) {
    if (open.index < from) continue; // inside content already dropped
    out += html.slice(from, open.index);
    let depth = 1;
    DIV_TAG.lastIndex = open.index + open[0].length;
    let tag: RegExpExecArray | null = null;
    while (depth > 0 && (tag = DIV_TAG.exec(html))) depth += tag[1] ? -1 : 1;
    from = tag ? DIV_TAG.lastIndex : html.length;
  }
  return out + html.slice(from);
}
