import { RE2JS } from 're2js';

/**
 * The linkifier tester: the pattern compiled by RE2JS, the same linear-time RE2 engine as the
 * server (and the real service), so what it accepts and matches here is what the server will, and
 * a hostile pattern cannot freeze the screen while someone types a sample. The URL template follows
 * the server's rules (server/realm/linkifier-template.ts): `{group}` expressions only, in an
 * absolute http(s) URL whose scheme and host are written out.
 */

export type CompiledPattern = { ok: true; regex: RE2JS; groups: string[] } | { ok: false; error: string };

export function compilePattern(pattern: string): CompiledPattern {
  if (!pattern) return { ok: false, error: 'Enter a pattern.' };
  try {
    const regex = RE2JS.compile(pattern);
    return { ok: true, regex, groups: Object.keys(regex.namedGroups()) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: `Bad regular expression: ${message.replace(/^error parsing regexp: /, '').replace(/`/g, '')}`,
    };
  }
}

type TemplatePart = { literal: string } | { variable: string };

const URL_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
const FIXED_ORIGIN = /^(https?):\/\/([^/?#@{}]+)[/?#]/i;

/** The template's parts, or null when it is not a template the server accepts. */
export function parseTemplate(template: string): TemplatePart[] | null {
  const parts: TemplatePart[] = [];
  let rest = template;
  while (rest.length > 0) {
    const open = rest.indexOf('{');
    const literal = open < 0 ? rest : rest.slice(0, open);
    if (literal.includes('}') || !URL_CHARACTERS.test(literal) || /%(?![0-9A-Fa-f]{2})/.test(literal))
      return null;
    if (literal) parts.push({ literal });
    if (open < 0) break;
    const close = rest.indexOf('}', open);
    const name = close < 0 ? '' : rest.slice(open + 1, close);
    if (!/^[A-Za-z0-9_]+$/.test(name)) return null;
    parts.push({ variable: name });
    rest = rest.slice(close + 1);
  }
  const origin = FIXED_ORIGIN.exec(template);
  if (!origin) return null;
  try {
    const url = new URL(expandParts(parts, () => 'x'));
    const host = new URL(`${origin[1]}://${origin[2]}`).host;
    if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.host !== host) return null;
  } catch {
    return null;
  }
  return parts;
}

function expandParts(parts: readonly TemplatePart[], valueOf: (name: string) => string | undefined): string {
  return parts
    .map((part) =>
      'literal' in part
        ? part.literal
        : encodeURIComponent(valueOf(part.variable) ?? '').replace(
            /[!'()*]/g,
            (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
          ),
    )
    .join('');
}

export function templateVariables(template: string): string[] {
  return (parseTemplate(template) ?? []).flatMap((part) => ('variable' in part ? [part.variable] : []));
}

/** The http(s) URL a match links to; null for a template the server would refuse. */
export function expandTemplate(template: string, values: Record<string, string | undefined>): string | null {
  const parts = parseTemplate(template);
  return parts ? expandParts(parts, (name) => values[name]) : null;
}

/** Problems with a pattern and template pair, in the server's words where it has them. */
export function templateProblems(compiled: CompiledPattern, template: string): string[] {
  if (!template.trim()) return ['Enter a URL template.'];
  const parts = parseTemplate(template);
  if (!parts)
    return [
      'Invalid URL template. Use an address starting with https:// (or http://) and its host, with {name} for each group ' +
        '(no {+name}, {#name} or other operators, no user name or password).',
    ];
  if (!compiled.ok) return [];
  const variables = new Set(parts.flatMap((part) => ('variable' in part ? [part.variable] : [])));
  const problems: string[] = [];
  const unknown = [...variables].filter((v) => !compiled.groups.includes(v)).sort();
  if (unknown.length)
    problems.push(
      `The template uses ${unknown.map((v) => `{${v}}`).join(', ')}, which the pattern does not name.`,
    );
  const unused = compiled.groups.filter((g) => !variables.has(g)).sort();
  if (unused.length)
    problems.push(
      `The pattern’s group ${unused.map((g) => `{${g}}`).join(', ')} is not used in the template.`,
    );
  return problems;
}

export interface Segment {
  text: string;
  /** The URL this text would link to; absent for plain text. */
  url?: string;
}

/** The sample split into plain text and the links the linkifier would make (http(s) ones only). */
export function previewSegments(sample: string, compiled: CompiledPattern, template: string): Segment[] {
  if (!compiled.ok || !sample) return sample ? [{ text: sample }] : [];
  const segments: Segment[] = [];
  const names = compiled.groups;
  const matcher = compiled.regex.matcher(sample);
  let last = 0;
  while (matcher.find()) {
    const start = matcher.start();
    const end = matcher.end();
    if (end === start) continue;
    const values: Record<string, string | undefined> = {};
    for (const name of names) values[name] = matcher.group(name) ?? undefined;
    const url = expandTemplate(template, values);
    if (url === null) continue;
    if (start > last) segments.push({ text: sample.slice(last, start) });
    segments.push({ text: sample.slice(start, end), url });
    last = end;
  }
  if (last < sample.length) segments.push({ text: sample.slice(last) });
  return segments;
}
