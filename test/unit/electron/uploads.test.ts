import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/index';
import { startWebHost, type WebHost } from '../../../electron/web-host';
import { demoConfigFrom } from '../../../electron/core/demo-accounts';
import { HttpClient } from '../../../electron/core/http-client';
import { multipartEnvelope, partContentType, quotedFileName } from '../../../electron/core/multipart';
import { Uploads } from '../../../electron/core/uploads';
import { downloadName, saveAccountFile, uploadPath } from '../../../electron/core/account-files';
import { parseRequestFrame } from '../../../electron/core/frames';
import { bytesReplacer, bytesReviver } from '../../../shared/ipc-wire';
import { makePng } from '../../support/png';

const decoder = new TextDecoder();

describe('multipart envelope', () => {
  it('puts the file between a head and a tail as a browser form would', () => {
    const envelope = multipartEnvelope({ name: 'chart.png', type: 'image/png' }, 'XYZ');
    expect(envelope.contentType).toBe('multipart/form-data; boundary=XYZ');
    expect(decoder.decode(envelope.head)).toBe(
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="chart.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    expect(decoder.decode(envelope.tail)).toBe('\r\n--XYZ--\r\n');
  });

  it('keeps a file name from ending or adding a header, and a bad type from the part', () => {
    expect(quotedFileName('a"b\r\nX-Evil: 1.txt')).toBe('"a%22b%0D%0AX-Evil: 1.txt"');
    expect(partContentType('text/plain')).toBe('text/plain');
    expect(partContentType('')).toBe('application/octet-stream');
    expect(partContentType('text/html\r\nX-Evil: 1')).toBe('application/octet-stream');
  });
});

describe('bytes on the web host socket', () => {
  it('travel as base64 and come back as the same bytes', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    const text = JSON.stringify(
      { type: 'request', id: 1, method: 'files.sendChunk', args: ['u', bytes] },
      bytesReplacer,
    );
    expect(text).toContain('{"$bytes":"AAEC+v8="}');
    const parsed = parseRequestFrame(text);
    expect(parsed.kind).toBe('request');
    const chunk = parsed.kind === 'request' ? parsed.frame.args[1] : null;
    expect(chunk).toBeInstanceOf(Uint8Array);
    expect([...(chunk as Uint8Array)]).toEqual([0, 1, 2, 250, 255]);
    // An object that merely has other keys besides is left alone.
    expect(JSON.parse('{"$bytes":"AA==","x":1}', bytesReviver)).toEqual({ $bytes: 'AA==', x: 1 });
  });
});

describe('upload paths and download names', () => {
  it('accepts only the server’s uploads', () => {
    expect(uploadPath('/user_uploads/2/ab/cat.png')).toBe('/user_uploads/2/ab/cat.png');
    expect(uploadPath('/user_uploads/2/ab/a%20b.png')).toBe('/user_uploads/2/ab/a%20b.png');
    for (const bad of [
      '/api/v1/users/me',
      '/user_uploads/../api/v1/users',
      '/user_uploads/2/%2e%2e/x',
      '/user_uploads/2//x',
      '/user_uploads/x?y=1',
      '/user_uploads/%E0%A4%A',
    ])
      expect(uploadPath(bad)).toBeNull();
  });

  it('names a saved file after the server’s name, without directories or control characters', () => {
    expect(downloadName('/user_uploads/1/2/a%20b.txt', null)).toBe('a b.txt');
    expect(downloadName('/user_uploads/1/2/x', `attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`)).toBe(
      'résumé.pdf',
    );
    expect(downloadName('/user_uploads/1/2/x', 'inline; filename="../../etc/passwd"')).toBe(
      '.._.._etc_passwd',
    );
    expect(downloadName('/user_uploads/1/2/..', null)).toBe('download');
  });
});

describe('uploads through main, against the reference server', () => {
  let server: RunningServer;
  let client: HttpClient;
  let dir: string;

  beforeAll(async () => {
    server = await startServer({ port: 0, seed: 'demo', quiet: true, maxFileUploadSizeMib: 1 });
    const user = server.credentials.users.find((u) => u.role === 400 && !u.is_bot)!;
    client = new HttpClient({
      serverUrl: server.url,
      credentials: { email: user.email, apiKey: user.api_key },
      userAgent: 'test',
    });
    dir = mkdtempSync(join(tmpdir(), 'teamchat-uploads-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('streams the pieces, each resolving as the request takes it, and answers the upload’s url', async () => {
    const uploads = new Uploads();
    const png = makePng(40, 30, [200, 60, 60]);
    const begun = uploads.begin(
      { accountId: 'a', client, limitBytes: null },
      { name: 'red.png', type: 'image/png', size: png.length },
    );
    expect(begun.ok).toBe(true);
    const uploadId = begun.ok ? begun.value.uploadId : '';
    const progress: number[] = [];
    let sent = 0;
    for (let at = 0; at < png.length; at += 100) {
      const piece = png.subarray(at, at + 100);
      await uploads.sendChunk(uploadId, piece);
      sent += piece.length;
      progress.push(sent);
    }
    expect(progress.at(-1)).toBe(png.length);
    const done = await uploads.finish(uploadId);
    expect(done).toMatchObject({ ok: true, value: { filename: 'red.png' } });
    const url = done.ok ? done.value.url : '';
    expect(url).toMatch(/^\/user_uploads\/.+\/red\.png$/);
    const fetched = await client.fetchFile(url);
    expect(fetched.ok && Buffer.from(await fetched.value.arrayBuffer()).equals(png)).toBe(true);
    expect(uploads.inProgress).toBe(0);
  });

  it('refuses a file over the organization’s limit before sending anything, naming the limit', () => {
    const uploads = new Uploads();
    const refused = uploads.begin(
      { accountId: 'a', client, limitBytes: 1024 * 1024 },
      { name: 'video.mp4', type: 'video/mp4', size: 3 * 1024 * 1024 },
    );
    expect(refused).toEqual({
      ok: false,
      error: {
        kind: 'api',
        status: 0,
        code: 'CLIENT_FILE_TOO_LARGE',
        msg: '“video.mp4” is 3 MiB; this organization accepts files up to 1 MiB.',
        extra: {},
      },
    });
  });

  it('reports the server’s own refusal when the limit was not known beforehand', async () => {
    const uploads = new Uploads();
    const size = 1024 * 1024 + 10;
    const begun = uploads.begin(
      { accountId: 'a', client, limitBytes: null },
      { name: 'big.bin', type: '', size },
    );
    const uploadId = begun.ok ? begun.value.uploadId : '';
    const piece = new Uint8Array(64 * 1024);
    try {
      for (let at = 0; at < size; at += piece.length)
        await uploads.sendChunk(uploadId, piece.subarray(0, Math.min(piece.length, size - at)));
    } catch {
      // the server may answer (and close) before the last piece
    }
    const done = await uploads.finish(uploadId);
    expect(done.ok).toBe(false);
    expect(!done.ok && done.error.kind === 'api' && done.error.msg).toBe(
      "File is larger than this server's configured maximum upload size (1 MiB).",
    );
  });

  it('cancels: a waiting piece fails, and nothing reaches the server', async () => {
    const uploads = new Uploads();
    const before = server.realm.attachments.size;
    const begun = uploads.begin(
      { accountId: 'a', client, limitBytes: null },
      { name: 'gone.txt', type: 'text/plain', size: 10 },
    );
    const uploadId = begun.ok ? begun.value.uploadId : '';
    await uploads.sendChunk(uploadId, new TextEncoder().encode('12345'));
    uploads.cancel(uploadId);
    await expect(uploads.sendChunk(uploadId, new TextEncoder().encode('67890'))).rejects.toThrow(
      'No such upload',
    );
    expect(await uploads.finish(uploadId)).toMatchObject({
      ok: false,
      error: { code: 'CLIENT_UPLOAD_CANCELLED' },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.realm.attachments.size).toBe(before);
  });

  it('cancelled while the server answers: the file it stored anyway is deleted, once', async () => {
    const user = server.credentials.users.find((u) => u.role === 400 && !u.is_bot)!;
    let answered: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (answered = resolve));
    const calls: string[] = [];
    // The server has the file and has answered; the answer is on its way when the person cancels.
    const slowAnswer: typeof fetch = async (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      const response = await fetch(input, init);
      if (!String(input).endsWith('/user_uploads')) return response;
      await new Promise<void>((resolve, reject) => {
        void gate.then(resolve);
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      });
      return response;
    };
    const slowClient = new HttpClient({
      serverUrl: server.url,
      credentials: { email: user.email, apiKey: user.api_key },
      userAgent: 'test',
      fetch: slowAnswer,
    });
    const uploads = new Uploads();
    const before = server.realm.attachments.size;
    const bytes = new TextEncoder().encode('cancelled late');
    const begun = uploads.begin(
      { accountId: 'a', client: slowClient, limitBytes: null },
      { name: 'late.txt', type: 'text/plain', size: bytes.length },
    );
    const uploadId = begun.ok ? begun.value.uploadId : '';
    await uploads.sendChunk(uploadId, bytes);
    const finished = uploads.finish(uploadId);
    await expect.poll(() => server.realm.attachments.size).toBe(before + 1);
    uploads.cancel(uploadId);
    uploads.cancel(uploadId);
    answered();
    expect(await finished).toMatchObject({ ok: false, error: { code: 'CLIENT_UPLOAD_CANCELLED' } });
    await expect.poll(() => server.realm.attachments.size).toBe(before);
    expect(calls.filter((call) => call.startsWith('DELETE /api/v1/attachments/'))).toHaveLength(1);
  });

  it('refuses more bytes than announced', async () => {
    const uploads = new Uploads();
    const begun = uploads.begin(
      { accountId: 'a', client, limitBytes: null },
      { name: 'a.txt', type: 'text/plain', size: 2 },
    );
    const uploadId = begun.ok ? begun.value.uploadId : '';
    await expect(uploads.sendChunk(uploadId, new Uint8Array(3))).rejects.toThrow('More bytes');
    uploads.cancel(uploadId);
  });
});

describe('the accounts’ files on the web host', () => {
  let server: RunningServer;
  let host: WebHost;
  let dataDir: string;
  let accountId: string;
  let pngUrl: string;
  let htmlUrl: string;
  const png = makePng(20, 10, [20, 160, 80]);

  beforeAll(async () => {
    server = await startServer({ port: 0, seed: 'demo', quiet: true });
    dataDir = mkdtempSync(join(tmpdir(), 'teamchat-files-'));
    host = await startWebHost({
      port: 0,
      dataDir,
      demo: demoConfigFrom(server.url, server.credentials.users),
      rendererDir: dataDir,
      log: () => {},
    });
    const user = server.credentials.users.find((u) => u.role === 400 && !u.is_bot)!;
    const added = await host.core.addDemo(user.email);
    accountId = added.ok ? added.value.id : '';
    const upload = async (name: string, type: string, bytes: Uint8Array) => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
      const res = await fetch(`${server.url}/api/v1/user_uploads`, {
        method: 'POST',
        headers: {
          authorization: 'Basic ' + Buffer.from(`${user.email}:${user.api_key}`).toString('base64'),
        },
        body: form,
      });
      return ((await res.json()) as { url: string }).url;
    };
    pngUrl = await upload('leaf.png', 'image/png', png);
    htmlUrl = await upload('page.html', 'text/html', new TextEncoder().encode('<script>alert(1)</script>'));
  });
  afterAll(async () => {
    await host.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const fileUrl = (path: string) => `${host.origin}/account-files/${accountId}${path}`;
  async function pageCookie(): Promise<string> {
    const page = await fetch(host.url);
    const cookie = page.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly; SameSite=Strict/);
    return cookie.split(';')[0]!;
  }

  it('needs the cookie the page got with the secret', async () => {
    expect((await fetch(fileUrl(pngUrl))).status).toBe(403);
    expect((await fetch(host.origin + '/')).headers.get('set-cookie')).toBeNull();
    const wrong = await fetch(fileUrl(pngUrl), { headers: { cookie: `teamchat_files_${host.port}=nope` } });
    expect(wrong.status).toBe(403);
  });

  it('serves an image in place, fetched with the account’s credentials', async () => {
    const res = await fetch(fileUrl(pngUrl), { headers: { cookie: await pageCookie() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="leaf.png"/);
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });

  it('serves anything else only as a download, sandboxed; refuses paths outside the uploads', async () => {
    const cookie = await pageCookie();
    const html = await fetch(fileUrl(htmlUrl), { headers: { cookie } });
    expect(html.headers.get('content-disposition')).toMatch(/^attachment; filename="page.html"/);
    expect(html.headers.get('content-security-policy')).toMatch(/^sandbox/);
    const download = await fetch(`${fileUrl(pngUrl)}?download=1`, { headers: { cookie } });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    expect((await fetch(fileUrl('/api/v1/users/me'), { headers: { cookie } })).status).toBe(404);
    expect((await fetch(fileUrl('/user_uploads/9/9/none.png'), { headers: { cookie } })).status).toBe(404);
    const other = `${host.origin}/account-files/not-an-account${pngUrl}`;
    expect((await fetch(other, { headers: { cookie } })).status).toBe(404);
  });

  it('saves a file under a free name (Electron’s downloads)', async () => {
    const downloads = join(dataDir, 'downloads');
    const first = await saveAccountFile(host.core, accountId, pngUrl, downloads);
    const second = await saveAccountFile(host.core, accountId, pngUrl, downloads);
    expect(first).toEqual({ ok: true, value: { savedAs: join(downloads, 'leaf.png') } });
    expect(second).toEqual({ ok: true, value: { savedAs: join(downloads, 'leaf (1).png') } });
    expect(readFileSync(join(downloads, 'leaf (1).png')).equals(png)).toBe(true);
  });
});
