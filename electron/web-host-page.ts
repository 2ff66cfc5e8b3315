import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

/**
 * The files of the launch's page (index.html and the scripts, preloads and styles it names), read
 * as soon as the web host listens and served from memory to their first request. While the host
 * loads its core its event loop is busy in long pieces; a request answered from memory needs one
 * turn of it, where a read from disk needs two (stat, then read) and each may wait a whole piece.
 * Each file is served from memory once, so a later reload reads the disk as before (a rebuilt
 * renderer is never hidden behind an old copy).
 */
export class LaunchPageFiles {
  private readonly kept = new Map<string, Promise<Buffer | null>>();
  private namedKnown = false;
  private markServed: () => void = () => undefined;
  /** Resolves once every launch file has been served (or none could be read). */
  readonly served = new Promise<void>((resolveServed) => (this.markServed = resolveServed));

  constructor(private readonly root: string) {
    const index = join(root, 'index.html');
    const html = readOrNull(index);
    this.kept.set(index, html);
    void html.then((body) => {
      if (body) for (const file of this.namedBy(body.toString('utf8'))) this.kept.set(file, readOrNull(file));
      else this.kept.clear();
      this.namedKnown = true;
      this.checkServed();
    });
  }

  private checkServed(): void {
    if (this.namedKnown && this.kept.size === 0) this.markServed();
  }

  /**
   * The body of `file` (an absolute path under the root) if it is kept: given once, then forgotten.
   * Undefined when it is not kept (read it from disk); null when it could not be read.
   */
  take(file: string): Promise<Buffer | null> | undefined {
    const body = this.kept.get(file);
    if (body && this.kept.delete(file)) this.checkServed();
    return body;
  }

  /** The files under the root that the page's `src` and `href` attributes name. */
  private namedBy(html: string): string[] {
    const files: string[] = [];
    for (const [, attribute = ''] of html.matchAll(/\s(?:src|href)="([^"]*)"/g)) {
      const url = attribute.replace(/[?#].*$/, '');
      if (!url || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) continue;
      const file = resolve(this.root, url.startsWith('/') ? `.${url}` : url);
      if (file.startsWith(this.root + sep)) files.push(file);
    }
    return files;
  }
}

function readOrNull(file: string): Promise<Buffer | null> {
  return readFile(file).catch(() => null);
}
