/**
 * The linkifier tester: a pattern in the server's (Python) regular-expression syntax run in
 * JavaScript, and its RFC 6570 URL template expanded with the named groups (spec 4.20).
 */

/** Python named groups and back-references become JavaScript's; a leading `(?i)` becomes a flag. */
export function pythonToJsPattern(pattern: string): { source: string; flags: string } {
  let source = pattern;
  let flags = '';
  const inline = /^\(\?([aiLmsux]+)\)/.exec(source);
  if (inline) {
    source = source.slice(inline[0].length);
    if (inline[1]!.includes('i')) flags += 'i';
    if (inline[1]!.includes('m')) flags += 'm';
    if (inline[1]!.includes('s')) flags += 's';
  }
  source = source
    .replace(/\(\?P<([A-Za-z_][A-Za-z0-9_]*)>/g, '(?<$1>')
    .replace(/\(\?P=([A-Za-z_][A-Za-z0-9_]*)\)/g, '\\k<$1>');
  return { source, flags };
}

export type CompiledPattern = { ok: true; regex: RegExp; groups: string[] } | { ok: false; error: string };

export function compilePattern(pattern: string): CompiledPattern {
  if (!pattern) return { ok: false, error: 'Enter a pattern.' };
  const { source, flags } = pythonToJsPattern(pattern);
  try {
    const regex = new RegExp(source, `gu${flags}`);
    const groups = [...source.matchAll(/\(\?<([A-Za-z_][A-Za-z0-9_]*)>/g)].map((m) => m[1]!);
    return { ok: true, regex, groups };
  } catch (error) {
    return { ok: false, error: `Not a valid pattern: ${(error as Error).message}` };
  }
}

/** RFC 6570 expressions `{name}`, `{+name}` (reserved characters kept) and `{#name}` (fragment). */
const EXPRESSION = /\{([+#]?)([A-Za-z_][A-Za-z0-9_.]*)\}/g;

export function templateVariables(template: string): string[] {
  return [...template.matchAll(EXPRESSION)].map((m) => m[2]!);
}

export function expandTemplate(template: string, values: Record<string, string | undefined>): string {
  return template.replace(EXPRESSION, (_m, op: string, name: string) => {
    const value = values[name];
    if (value === undefined) return '';
    if (op === '+') return encodeURI(value);
    if (op === '#') return `#${encodeURI(value)}`;
    return encodeURIComponent(value);
  });
}

/** Problems with a pattern and template pair, before the server is asked. */
export function templateProblems(compiled: CompiledPattern, template: string): string[] {
  const problems: string[] = [];
  if (!template.trim()) problems.push('Enter a URL template.');
  if (!compiled.ok) return problems;
  const unknown = templateVariables(template).filter((v) => !compiled.groups.includes(v));
  if (unknown.length)
    problems.push(
      `The template uses ${unknown.map((v) => `{${v}}`).join(', ')}, which the pattern does not name.`,
    );
  return problems;
}

export interface Segment {
  text: string;
  /** The URL this text would link to; absent for plain text. */
  url?: string;
}

/** The sample split into plain text and the links the linkifier would make. */
export function previewSegments(sample: string, compiled: CompiledPattern, template: string): Segment[] {
  if (!compiled.ok || !sample) return sample ? [{ text: sample }] : [];
  const segments: Segment[] = [];
  let last = 0;
  for (const match of sample.matchAll(compiled.regex)) {
    if (match[0].length === 0) continue;
    const start = match.index;
    if (start > last) segments.push({ text: sample.slice(last, start) });
    segments.push({ text: match[0], url: expandTemplate(template, match.groups ?? {}) });
    last = start + match[0].length;
  }
  if (last < sample.length) segments.push({ text: sample.slice(last) });
  return segments;
}
