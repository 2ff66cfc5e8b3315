import { badRequest } from '../http/errors';
import type { Realm } from './realm';

/** Linkifier (spec 2.7): a pattern with Python-style named groups and an RFC 6570 url_template. */
export interface Linkifier {
  id: number;
  pattern: string;
  url_template: string;
}

/** Python `(?P<name>...)` groups become JavaScript `(?<name>...)`. */
export function compileLinkifierPattern(pattern: string): RegExp {
  try {
    return new RegExp(pattern.replace(/\(\?P</g, '(?<'), 'gu');
  } catch {
    throw badRequest('Invalid linkifier pattern.');
  }
}

/** Simple RFC 6570 expansion: `{var}` percent-encodes the value, `{+var}` keeps reserved characters. */
export function expandUrlTemplate(template: string, values: Record<string, string | undefined>): string {
  return template.replace(/\{(\+?)([A-Za-z0-9_]+)\}/g, (_m, plus: string, name: string) => {
    const v = values[name] ?? '';
    return plus ? encodeURI(v) : encodeURIComponent(v);
  });
}

export function checkUrlTemplate(pattern: string, template: string): void {
  const groups = new Set([...pattern.matchAll(/\(\?P<([A-Za-z0-9_]+)>/g)].map((m) => m[1]!));
  for (const m of template.matchAll(/\{\+?([A-Za-z0-9_]+)\}/g)) {
    if (!groups.has(m[1]!)) throw badRequest('Group variables in URL template must match pattern variables.');
  }
  if (!/^https?:\/\//.test(template) && !template.startsWith('/')) throw badRequest('Invalid URL template.');
}

export function addLinkifier(realm: Realm, pattern: string, url_template: string): Linkifier {
  compileLinkifierPattern(pattern);
  checkUrlTemplate(pattern, url_template);
  const l = { id: realm.nextId('linkifier'), pattern, url_template };
  realm.linkifiers.push(l);
  realm.renderEpoch++;
  return l;
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
