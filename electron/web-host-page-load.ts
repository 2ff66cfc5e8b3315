/**
 * When the page's first download is done: its HTML, then every script the HTML names (the entry
 * and its `modulepreload`s). The web host loads its core after that, so the core's module loading
 * (which holds Node's thread for a while) does not hold up those files, and overlaps the page
 * evaluating them instead.
 */
export class PageDownloadWatch {
  private waiting: Set<string> | null = null;
  private done = false;

  constructor(private readonly onDone: () => void) {}

  /** A response was sent in full: `path` is the URL path asked for, `html` the page when it was one. */
  sent(path: string, html: string | null): void {
    if (this.done) return;
    if (html !== null && this.waiting === null) {
      this.waiting = new Set(pageScripts(html));
    } else if (this.waiting) {
      this.waiting.delete(path);
    }
    if (this.waiting?.size === 0) {
      this.done = true;
      this.onDone();
    }
  }
}

/** The paths of the scripts an HTML page names (`<script src>`, `<link rel="modulepreload" href>`), relative to `/`. */
export function pageScripts(html: string): string[] {
  const paths = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script/i.test(tag);
    if (!isScript && !/\brel=["']?modulepreload\b/i.test(tag)) continue;
    const url = /\b(?:src|href)=["']([^"']+)["']/i.exec(tag)?.[1];
    if (!url || /^[a-z]+:/i.test(url) || url.startsWith('//')) continue;
    paths.add(new URL(url, 'http://host/').pathname);
  }
  return [...paths];
}
