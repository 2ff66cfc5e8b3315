import { withoutSpoilerContent } from './spoiler-html';

/**
 * A message's rendered HTML as the plain text a light row shows while the feed flies past: tags
 * dropped, the common entities decoded. The result is only ever set as text (React children,
 * i.e. textContent), never as HTML, so nothing in it can run or load: decoding `&lt;script&gt;`
 * gives the visible characters "<script>", as the full row would show them.
 */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

const ENTITY = /&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi;

function decodeEntity(whole: string, body: string): string {
  if (body[0] !== '#') return NAMED[body.toLowerCase()] ?? whole;
  const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
  // Outside Unicode, a surrogate half or NUL: what an HTML parser shows instead.
  if (!Number.isFinite(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
    return '\ufffd';
  return String.fromCodePoint(code);
}

/**
 * Elements whose content is not text a reader sees. Math (KaTeX) comes as MathML and again as
 * spans: the spans' text is kept, once.
 */
const HIDDEN_CONTENT = /<(script|style|template|noscript|math)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** Tags that end a line of text (paragraphs, line breaks, list items, quotes, code blocks). */
const BREAK_TAG = /<\/?(p|br|li|div|blockquote|pre|h[1-6]|tr|ul|ol|table)\b[^>]*>/gi;
/** Any tag, comment or doctype (a `>` inside a quoted attribute included). */
const TAG = /<!--[\s\S]*?-->|<\/?[a-z!][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/gi;

/** A global time (`<time:…>`): its instant, and the text its author wrote. */
const GLOBAL_TIME = /<time\b[^>]*?\bdatetime="([^"]*)"[^>]*>([\s\S]*?)<\/time\s*>/gi;

/**
 * `showTime`: how the reader reads an instant (as the full row shows a global time); without it,
 * a global time is the text its author wrote.
 */
export function plainText(html: string, showTime?: (instant: Date) => string): string {
  const timed = showTime
    ? html.replace(GLOBAL_TIME, (whole, datetime: string, written: string) => {
        const instant = new Date(datetime);
        return Number.isNaN(instant.getTime()) ? written : showTime(instant);
      })
    : html;
  return withoutSpoilerContent(timed)
    .replace(HIDDEN_CONTENT, '')
    .replace(BREAK_TAG, '\n')
    .replace(TAG, '')
    .replace(ENTITY, decodeEntity)
    .replace(/[ \t\r\f]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n')
    .trim();
}
