import { compilePattern, expandTemplate, type CompiledPattern } from '../../linkifiers/preview';

/** One of the organization's linkifiers, its pattern compiled once. */
export interface PreviewLinkifier {
  pattern: CompiledPattern;
  urlTemplate: string;
}

const compiled = new Map<string, CompiledPattern>();

/**
 * The organization's linkifiers for the preview; a pattern is compiled once per page. One in a
 * server's older `url_format` (before URL templates) is left out: the preview does not link it.
 */
export function previewLinkifiers(
  list: readonly { pattern: string; url_template?: string }[],
): PreviewLinkifier[] {
  return list.flatMap((linkifier) => {
    if (linkifier.url_template === undefined) return [];
    let pattern = compiled.get(linkifier.pattern);
    if (!pattern) {
      pattern = compilePattern(linkifier.pattern);
      compiled.set(linkifier.pattern, pattern);
    }
    return [{ pattern, urlTemplate: linkifier.url_template }];
  });
}

export interface LinkedSegment {
  text: string;
  url?: string;
}

/**
 * `text` cut into plain parts and the links the linkifiers make, as the server picks them (every
 * match of each linkifier, leftmost first, the one listed first winning at the same place, none
 * overlapping one already taken).
 */
export function linkifiedSegments(text: string, linkifiers: readonly PreviewLinkifier[]): LinkedSegment[] {
  const found: { start: number; end: number; url: string; order: number }[] = [];
  linkifiers.forEach(({ pattern, urlTemplate }, order) => {
    if (!pattern.ok) return;
    const matcher = pattern.regex.matcher(text);
    while (matcher.find()) {
      const start = matcher.start();
      const end = matcher.end();
      if (end === start) continue;
      const values: Record<string, string | undefined> = {};
      for (const name of pattern.groups) values[name] = matcher.group(name) ?? undefined;
      const url = expandTemplate(urlTemplate, values);
      if (url !== null) found.push({ start, end, url, order });
    }
  });
  found.sort((a, b) => a.start - b.start || a.order - b.order);
  const segments: LinkedSegment[] = [];
  let from = 0;
  for (const match of found) {
    if (match.start < from) continue;
    if (match.start > from) segments.push({ text: text.slice(from, match.start) });
    segments.push({ text: text.slice(match.start, match.end), url: match.url });
    from = match.end;
  }
  if (from < text.length) segments.push({ text: text.slice(from) });
  return segments;
}
