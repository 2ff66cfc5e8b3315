import { badRequest } from '../http/errors';
import type { Realm } from './realm';

/** Linkifier (spec 2.7): a pattern with Python-style named groups and an RFC 6570 url_template. */
export interface Linkifier {
  id: number;
  pattern: string;
  url_template: string;
}

/**
 * Python-style syntax becomes JavaScript: `(?P<name>...)` groups become `(?<name>...)` and `(?P=name)`
 * back-references become `\k<name>`.
 */
export function toJsPattern(pattern: string): string {
  return pattern.replace(/\(\?P</g, '(?<').replace(/\(\?P=([A-Za-z_][A-Za-z0-9_]*)\)/g, '\\k<$1>');
}

export function compileLinkifierPattern(pattern: string): RegExp {
  try {
    return new RegExp(toJsPattern(pattern), 'gu');
  } catch {
    throw badRequest('Invalid linkifier pattern.');
  }
}

/** The named groups of a pattern (Python or JavaScript spelling). */
export function patternGroups(pattern: string): Set<string> {
  return new Set([...pattern.matchAll(/\(\?P?<([A-Za-z_][A-Za-z0-9_]*)>/g)].map((m) => m[1]!));
}

/** RFC 6570 expression operators: how each joins and encodes its variables. */
const OPERATORS: Record<string, { first: string; sep: string; named: boolean; reserved: boolean }> = {
  '': { first: '', sep: ',', named: false, reserved: false },
  '+': { first: '', sep: ',', named: false, reserved: true },
  '#': { first: '#', sep: ',', named: false, reserved: true },
  '.': { first: '.', sep: '.', named: false, reserved: false },
  '/': { first: '/', sep: '/', named: false, reserved: false },
  ';': { first: ';', sep: ';', named: true, reserved: false },
  '?': { first: '?', sep: '&', named: true, reserved: false },
  '&': { first: '&', sep: '&', named: true, reserved: false },
};

interface TemplateExpression {
  start: number;
  end: number;
  operator: string;
  vars: { name: string; prefix?: number }[];
}

/** Parse the `{...}` expressions of an RFC 6570 template; throws on malformed templates. */
export function parseUrlTemplate(template: string): TemplateExpression[] {
  const out: TemplateExpression[] = [];
  let i = 0;
  while (i < template.length) {
    const ch = template[i]!;
    if (ch === '}') throw badRequest('Invalid URL template.');
    if (ch !== '{') {
      i++;
      continue;
    }
    const end = template.indexOf('}', i);
    if (end < 0) throw badRequest('Invalid URL template.');
    let body = template.slice(i + 1, end);
    if (body.includes('{')) throw badRequest('Invalid URL template.');
    let operator = '';
    if (body && body[0]! in OPERATORS) {
      operator = body[0]!;
      body = body.slice(1);
    }
    const vars = body.split(',').map((spec) => {
      const m = /^([A-Za-z0-9_]+)(?::([1-9][0-9]{0,3}))?$/.exec(spec);
      if (!m) throw badRequest('Invalid URL template.');
      return { name: m[1]!, ...(m[2] ? { prefix: Number(m[2]) } : {}) };
    });
    out.push({ start: i, end: end + 1, operator, vars });
    i = end + 1;
  }
  return out;
}

function encodeValue(value: string, reserved: boolean): string {
  return reserved
    ? encodeURI(value).replace(/%25([0-9A-Fa-f]{2})/g, '%$1')
    : encodeURIComponent(value).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/** RFC 6570 (level 3, with prefix modifiers) expansion of a template with string values. */
export function expandUrlTemplate(template: string, values: Record<string, string | undefined>): string {
  let expressions: TemplateExpression[];
  try {
    expressions = parseUrlTemplate(template);
  } catch {
    return template;
  }
  let out = '';
  let last = 0;
  for (const e of expressions) {
    out += template.slice(last, e.start);
    last = e.end;
    const op = OPERATORS[e.operator]!;
    const parts: string[] = [];
    for (const v of e.vars) {
      let value = values[v.name];
      if (value === undefined) continue;
      if (v.prefix !== undefined) value = [...value].slice(0, v.prefix).join('');
      const encoded = encodeValue(value, op.reserved);
      parts.push(
        op.named ? (encoded === '' && e.operator === ';' ? v.name : `${v.name}=${encoded}`) : encoded,
      );
    }
    if (parts.length > 0) out += op.first + parts.join(op.sep);
  }
  return out + template.slice(last);
}

/** The template must be a well-formed URL template using only the pattern's named groups. */
export function checkUrlTemplate(pattern: string, template: string): void {
  const groups = patternGroups(pattern);
  for (const e of parseUrlTemplate(template))
    for (const v of e.vars)
      if (!groups.has(v.name))
        throw badRequest(`Group '${v.name}' in URL template is not present in linkifier pattern.`);
  const literal = template.replace(/\{[^}]*\}/g, 'x');
  if (!/^(https?:\/\/[^\s/]+|\/)[^\s]*$/.test(literal)) throw badRequest('Invalid URL template.');
}

export function checkLinkifier(pattern: string, url_template: string): void {
  if (pattern.trim() === '') throw badRequest('Invalid linkifier pattern.');
  compileLinkifierPattern(pattern);
  checkUrlTemplate(pattern, url_template);
}

export function addLinkifier(realm: Realm, pattern: string, url_template: string): Linkifier {
  checkLinkifier(pattern, url_template);
  const l = { id: realm.nextId('linkifier'), pattern, url_template };
  realm.linkifiers.push(l);
  realm.renderEpoch++;
  return l;
}

export function updateLinkifier(realm: Realm, l: Linkifier, pattern: string, url_template: string): void {
  checkLinkifier(pattern, url_template);
  Object.assign(l, { pattern, url_template });
  realm.renderEpoch++;
}

export function removeLinkifier(realm: Realm, l: Linkifier): void {
  realm.linkifiers.splice(realm.linkifiers.indexOf(l), 1);
  realm.renderEpoch++;
}

export function linkifierToWire(l: Linkifier): Record<string, unknown> {
  return { id: l.id, pattern: l.pattern, url_template: l.url_template };
}

/** Every linkifier match in `text`, leftmost first, earlier linkifiers winning overlaps. */
export function linkifierMatches(
  realm: Realm,
  text: string,
): { start: number; end: number; text: string; url: string }[] {
  const found: { start: number; end: number; text: string; url: string; order: number }[] = [];
  realm.linkifiers.forEach((l, order) => {
    let re: RegExp;
    try {
      re = compileLinkifierPattern(l.pattern);
    } catch {
      return;
    }
    for (const m of text.matchAll(re)) {
      if (m[0].length === 0) continue;
      const start = m.index;
      found.push({
        start,
        end: start + m[0].length,
        text: m[0],
        url: expandUrlTemplate(l.url_template, m.groups ?? {}),
        order,
      });
    }
  });
  found.sort((a, b) => a.start - b.start || a.order - b.order);
  const out: typeof found = [];
  let end = 0;
  for (const f of found) {
    if (f.start < end) continue;
    out.push(f);
    end = f.end;
  }
  return out.map(({ start, end: e, text: t, url }) => ({ start, end: e, text: t, url }));
}
