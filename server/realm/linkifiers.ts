import { RE2JS } from 're2js';
import { badRequest } from '../http/errors';
import { checkUrlTemplate, expandUrlTemplate, templateVariables } from './linkifier-template';
import type { Realm } from './realm';

export { expandUrlTemplate } from './linkifier-template';

/** Linkifier (spec 2.7): an RE2 pattern with Python-style named groups and an RFC 6570 url_template. */
export interface Linkifier {
  id: number;
  pattern: string;
  url_template: string;
}

/**
 * Patterns are compiled by RE2JS, a port of RE2 in plain JavaScript: matching takes time linear in
 * the text whatever the pattern, as with the real service's RE2, so no pattern can stall a send
 * (JavaScript's own backtracking engine took seconds on `(a+)+$` and 25 characters). RE2 reads
 * Python's `(?P<name>...)` groups as they are; what it cannot compile (back-references,
 * look-around) is refused with the real service's "Bad regular expression: ..." message.
 */
const compiled = new Map<string, RE2JS>();
const COMPILED_CACHE_LIMIT = 256;

export function compileLinkifierPattern(pattern: string): RE2JS {
  const cached = compiled.get(pattern);
  if (cached) return cached;
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(pattern);
  } catch (error) {
    throw badRequest(`Bad regular expression: ${describeSyntaxError(error)}`);
  }
  if (compiled.size >= COMPILED_CACHE_LIMIT) compiled.clear();
  compiled.set(pattern, regex);
  return regex;
}

/** RE2's own wording, without RE2JS's prefix and quoting: "missing closing ]: [0-9+". */
function describeSyntaxError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^error parsing regexp: /, '').replace(/`/g, '');
}

/** The named groups of a pattern. */
export function patternGroups(pattern: string): Set<string> {
  return new Set(Object.keys(compileLinkifierPattern(pattern).namedGroups()));
}

/**
 * The real service's rules: the pattern compiles, the template is valid (linkifier-template.ts),
 * and the template's variables are exactly the pattern's groups (the alphabetically first stray
 * one is named).
 */
export function checkLinkifier(pattern: string, url_template: string): void {
  if (pattern.trim() === '') throw badRequest('Invalid linkifier pattern.');
  const groups = patternGroups(pattern);
  const variables = templateVariables(checkUrlTemplate(url_template));
  const notInPattern = [...variables].filter((name) => !groups.has(name)).sort();
  if (notInPattern.length > 0)
    throw badRequest(`Group '${notInPattern[0]}' in URL template is not present in linkifier pattern.`);
  const notInTemplate = [...groups].filter((name) => !variables.has(name)).sort();
  if (notInTemplate.length > 0)
    throw badRequest(`Group '${notInTemplate[0]}' in linkifier pattern is not present in URL template.`);
}

/** The real service keeps one linkifier per pattern (its database's unique constraint and message). */
function checkUniquePattern(realm: Realm, pattern: string, except?: Linkifier): void {
  if (realm.linkifiers.some((l) => l !== except && l.pattern === pattern))
    throw badRequest('Realm filter with this Realm and Pattern already exists.');
}

export function addLinkifier(realm: Realm, pattern: string, url_template: string): Linkifier {
  checkLinkifier(pattern, url_template);
  checkUniquePattern(realm, pattern);
  const l = { id: realm.nextId('linkifier'), pattern, url_template };
  realm.linkifiers.push(l);
  return l;
}

export function updateLinkifier(realm: Realm, l: Linkifier, pattern: string, url_template: string): void {
  checkLinkifier(pattern, url_template);
  checkUniquePattern(realm, pattern, l);
  Object.assign(l, { pattern, url_template });
}

export function removeLinkifier(realm: Realm, l: Linkifier): void {
  realm.linkifiers.splice(realm.linkifiers.indexOf(l), 1);
}

/** PATCH /realm/linkifiers: `ids` must name every linkifier exactly once (the real service's rule). */
export function reorderLinkifiers(realm: Realm, ids: readonly number[]): void {
  if (new Set(ids).size < ids.length)
    throw badRequest('The ordered list must not contain duplicated linkifiers');
  const byId = new Map(realm.linkifiers.map((l) => [l.id, l]));
  if (ids.length !== byId.size || ids.some((id) => !byId.has(id)))
    throw badRequest('The ordered list must enumerate all existing linkifiers exactly once');
  realm.linkifiers.splice(0, realm.linkifiers.length, ...ids.map((id) => byId.get(id)!));
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
    let regex: RE2JS;
    try {
      regex = compileLinkifierPattern(l.pattern);
    } catch {
      return;
    }
    const names = Object.keys(regex.namedGroups());
    const matcher = regex.matcher(text);
    while (matcher.find()) {
      const start = matcher.start();
      const end = matcher.end();
      if (end === start) continue;
      const values: Record<string, string | undefined> = {};
      for (const name of names) values[name] = matcher.group(name) ?? undefined;
      const url = expandUrlTemplate(l.url_template, values);
      // Only http(s) results become links (a template from before validation could be anything).
      if (url === null) continue;
      found.push({ start, end, text: text.slice(start, end), url, order });
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
