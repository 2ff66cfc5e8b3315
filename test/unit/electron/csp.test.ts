import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost, type WebHost } from '../../../electron/web-host';
import { ELECTRON_CSP, withContentSecurityPolicy } from '../../../electron/core/window-policy';
import { PAGE_CSP, withCspMeta } from '../../../scripts/csp-meta';

// One Content-Security-Policy, stated in three places: the Electron shell's header, the web host's
// header and the built page's <meta> tag. They must differ only where their situations do.

const ROOT = new URL('../../../', import.meta.url);

/** Directive name → its sources. */
function parsePolicy(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

let host: WebHost;
let dataDir: string;
let served: { header: string; meta: string };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-csp-'));
  const rendererDir = join(dataDir, 'renderer');
  const built = withCspMeta(readFileSync(new URL('renderer/index.html', ROOT), 'utf8'));
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), built);
  host = await startWebHost({ port: 0, dataDir, rendererDir, log: () => {} });
  const page = await fetch(host.url);
  const html = await page.text();
  served = {
    header: page.headers.get('content-security-policy') ?? '',
    meta: /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '',
  };
});

afterAll(async () => {
  await host.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the Content-Security-Policy', () => {
  it('keeps the Electron shell’s policy as strict as it was, plus the accounts’ own files', () => {
    expect(ELECTRON_CSP).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: https: http://127.0.0.1:* http://localhost:* teamchat-file:; connect-src 'self'; " +
        "object-src 'none'; base-uri 'none'; frame-src 'none'; frame-ancestors 'none'; form-action 'none'",
    );
  });

  it('is the same in both shells’ headers and the served page, but for the bridge socket and framing', () => {
    const electron = parsePolicy(ELECTRON_CSP);
    const webHost = parsePolicy(served.header);
    const page = parsePolicy(served.meta);
    expect(page).toEqual(parsePolicy(PAGE_CSP));

    const apart = ['connect-src', 'frame-ancestors'];
    const common = (policy: Map<string, string[]>) => [...policy].filter(([name]) => !apart.includes(name));
    expect(common(webHost)).toEqual(common(electron));
    expect(common(page)).toEqual(common(electron));

    expect(electron.get('connect-src')).toEqual(["'self'"]);
    expect(webHost.get('connect-src')).toEqual([
      "'self'",
      `ws://127.0.0.1:${host.port}`,
      `ws://localhost:${host.port}`,
    ]);
    // The built page cannot know its port; the web host's header pins it (a page obeys both policies).
    expect(page.get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:*', 'ws://localhost:*']);
    expect(webHost.get('frame-ancestors')).toEqual(["'none'"]);
    expect(page.has('frame-ancestors')).toBe(false); // ignored by browsers in a <meta> policy
  });

  it('is stricter in the page than the hand-written tag it replaced: no plain-http images from elsewhere', () => {
    for (const policy of [ELECTRON_CSP, served.header, served.meta]) {
      const images = parsePolicy(policy).get('img-src') ?? [];
      expect(images).not.toContain('http:');
      expect(images.filter((source) => source.startsWith('http://'))).toEqual([
        'http://127.0.0.1:*',
        'http://localhost:*',
      ]);
      expect(policy).not.toContain('unsafe-eval');
    }
  });

  it('is added by the Electron shell to documents only, beside their other headers', () => {
    const headers = { 'Content-Type': ['text/html'] };
    expect(withContentSecurityPolicy('mainFrame', headers)).toEqual({
      ...headers,
      'Content-Security-Policy': [ELECTRON_CSP],
    });
    expect(withContentSecurityPolicy('subFrame')).toEqual({ 'Content-Security-Policy': [ELECTRON_CSP] });
    expect(withContentSecurityPolicy('image', headers)).toBe(headers);
  });

  it('is written into index.html at build time, once', () => {
    const source = readFileSync(new URL('renderer/index.html', ROOT), 'utf8');
    expect(source).not.toContain('http-equiv="Content-Security-Policy"');
    expect(withCspMeta(source).match(/http-equiv="Content-Security-Policy"/g)).toHaveLength(1);
    expect(() => withCspMeta('<html><head></head></html>')).toThrow(/placeholder|content-security-policy/);
  });
});
