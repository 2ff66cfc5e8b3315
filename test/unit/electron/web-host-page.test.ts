import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listenWebHost } from '../../../electron/web-host';
import { LaunchPageFiles } from '../../../electron/web-host-page';

let dir: string;
let root: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'teamchat-page-files-'));
  root = join(dir, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'outside.js'), 'outside');
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><link rel="icon" href="data:,">' +
      '<script type="module" crossorigin src="./assets/index.js"></script>' +
      '<link rel="modulepreload" href="/assets/react.js?v=1"><link rel="stylesheet" href="assets/index.css">' +
      '<script src="https://example.com/x.js"></script><script src="../outside.js"></script>' +
      '<link rel="preload" href="./assets/missing.js">',
  );
  writeFileSync(join(root, 'assets', 'index.js'), 'index');
  writeFileSync(join(root, 'assets', 'react.js'), 'react');
  writeFileSync(join(root, 'assets', 'index.css'), 'css');
  writeFileSync(join(root, 'assets', 'other.js'), 'other');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const text = async (body: Promise<Buffer | null> | undefined) => (await body)?.toString('utf8');

describe('the launch page files, read when the host listens', () => {
  it('keeps index.html and the files it names under the root, each for its first request only', async () => {
    const files = new LaunchPageFiles(root);
    expect(await text(files.take(join(root, 'index.html')))).toContain('<!doctype html>');
    expect(files.take(join(root, 'index.html'))).toBeUndefined();

    expect(await text(files.take(join(root, 'assets', 'index.js')))).toBe('index');
    expect(await text(files.take(join(root, 'assets', 'react.js')))).toBe('react');
    expect(await text(files.take(join(root, 'assets', 'index.css')))).toBe('css');
    expect(files.take(join(root, 'assets', 'index.js'))).toBeUndefined();
    // Named but absent: the caller goes to the disk and answers as it always did.
    expect(await files.take(join(root, 'assets', 'missing.js'))).toBeNull();
    // Not named by the page, or outside the root: never kept.
    expect(files.take(join(root, 'assets', 'other.js'))).toBeUndefined();
    expect(files.take(join(dir, 'outside.js'))).toBeUndefined();
  });

  it('keeps nothing but a null index when the renderer is not built', async () => {
    const files = new LaunchPageFiles(join(dir, 'not-built'));
    expect(await files.take(join(dir, 'not-built', 'index.html'))).toBeNull();
    await files.served;
  });

  it('says when every kept file has been served, and not before', async () => {
    const files = new LaunchPageFiles(root);
    let served = false;
    void files.served.then(() => (served = true));
    await files.take(join(root, 'index.html'));
    for (const name of ['index.js', 'react.js', 'index.css']) {
      await files.take(join(root, 'assets', name));
      await Promise.resolve();
      expect(served).toBe(false);
    }
    // A file the page never asks for is not waited on forever by the host (it has its own limit),
    // but here the last named one is asked for.
    await files.take(join(root, 'assets', 'missing.js'));
    await files.served;
    expect(served).toBe(true);
  });

  it('the web host serves a rebuilt file from disk after the first request', async () => {
    const host = await listenWebHost({ dataDir: join(dir, 'data'), rendererDir: root, log: () => {} });
    try {
      const page = await fetch(`${host.origin}/?token=${host.token}`);
      expect(await page.text()).toContain('./assets/index.js');
      const first = await fetch(`${host.origin}/assets/index.js`);
      expect(first.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(first.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await first.text()).toBe('index');
      writeFileSync(join(root, 'assets', 'index.js'), 'rebuilt');
      expect(await (await fetch(`${host.origin}/assets/index.js`)).text()).toBe('rebuilt');
      await host.ready;
    } finally {
      await host.close();
    }
  });
});
