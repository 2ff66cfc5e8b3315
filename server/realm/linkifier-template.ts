import { badRequest } from '../http/errors';

/**
 * Linkifier URL templates (spec 2.7, 4.20): RFC 6570 level 1 only, `{group}` in the path, query or
 * fragment of an absolute http(s) URL whose scheme and host are fixed text. The real service takes
 * any RFC 6570 template; this server is stricter on purpose, because every wider form was a way to
 * make a linkifier point somewhere else than it reads: `{+id}` and `{#id}` pass `/`, `?`, `#`
 * through unencoded, `//host/{id}` and `https://a.example{id}` let the matched text pick the host,
 * userinfo (`https://a.example@b.example/`) hides the real host, and a quote ends an attribute.
 * Every refusal is the real service's message, "Invalid URL template.".
 */

export type TemplatePart = { literal: string } | { variable: string };

const INVALID = 'Invalid URL template.';
/** RFC 3986 characters outside expressions: unreserved, reserved, and `%` escapes (checked apart). */
const URL_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
const VARIABLE = /^[A-Za-z0-9_]+$/;
/** Scheme and authority, all literal, ended by the start of a path, query or fragment. */
const FIXED_ORIGIN = /^(https?):\/\/([^/?#@{}]+)[/?#]/i;

function invalid(): never {
  throw badRequest(INVALID);
}

/** The template as literal text and `{variable}` expressions; throws "Invalid URL template." on anything else. */
export function parseUrlTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let rest = template;
  while (rest.length > 0) {
    const open = rest.indexOf('{');
    const literal = open < 0 ? rest : rest.slice(0, open);
    if (literal.includes('}') || !URL_CHARACTERS.test(literal) || /%(?![0-9A-Fa-f]{2})/.test(literal))
      invalid();
    if (literal) parts.push({ literal });
    if (open < 0) break;
    const close = rest.indexOf('}', open);
    if (close < 0) invalid();
    const name = rest.slice(open + 1, close);
    if (!VARIABLE.test(name)) invalid();
    parts.push({ variable: name });
    rest = rest.slice(close + 1);
  }
  return parts;
}

export function templateVariables(parts: readonly TemplatePart[]): Set<string> {
  return new Set(parts.flatMap((part) => ('variable' in part ? [part.variable] : [])));
}

/** Throws unless the template is a level-1 template of an absolute http(s) URL with a fixed origin. */
export function checkUrlTemplate(template: string): TemplatePart[] {
  const parts = parseUrlTemplate(template);
  const origin = FIXED_ORIGIN.exec(template);
  if (!origin || origin.index !== 0) invalid();
  let url: URL;
  try {
    url = new URL(expandParts(parts, () => 'x'));
  } catch {
    return invalid();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') invalid();
  if (url.username || url.password || url.host.toLowerCase() !== new URL(`${origin[1]}://${origin[2]}`).host)
    invalid();
  return parts;
}

/** RFC 6570 simple expansion: each value percent-encoded except unreserved characters. */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function expandParts(parts: readonly TemplatePart[], valueOf: (name: string) => string | undefined): string {
  return parts
    .map((part) => ('literal' in part ? part.literal : encodeValue(valueOf(part.variable) ?? '')))
    .join('');
}

/** The URL a match links to; null for a template this server would not have accepted. */
export function expandUrlTemplate(
  template: string,
  values: Record<string, string | undefined>,
): string | null {
  let parts: TemplatePart[];
  try {
    parts = checkUrlTemplate(template);
  } catch {
    return null;
  }
  return expandParts(parts, (name) => values[name]);
}
