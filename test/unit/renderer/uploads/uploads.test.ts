// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  previewSize,
  sanitizeHtml,
  serverUploadPath,
  setServerBase,
  setUploadRoute,
} from '../../../../renderer/src/components/sanitize';
import { sendFile } from '../../../../renderer/src/features/uploads/send-file';
import {
  formatSize,
  insertAtCursor,
  replacePlaceholder,
  sizeRefusal,
  uploadedLink,
  uploadingPlaceholder,
} from '../../../../renderer/src/features/uploads/upload-text';
import { FakeBridge } from '../fake-bridge';

describe('the markdown an upload writes', () => {
  it('puts a placeholder at the cursor, as a word of its own', () => {
    const placeholder = uploadingPlaceholder('cat.png');
    expect(placeholder).toBe('[Uploading cat.png…]()');
    expect(insertAtCursor('', 0, 0, placeholder)).toEqual({ text: placeholder, cursor: placeholder.length });
    // A space on either side where there is none, so the link does not run into a word.
    expect(insertAtCursor('see:after', 4, 4, 'X')).toEqual({ text: 'see: X after', cursor: 7 });
    expect(insertAtCursor('a b', 2, 2, 'X')).toEqual({ text: 'a X b', cursor: 4 });
    expect(insertAtCursor('end', 3, 3, 'X')).toEqual({ text: 'end X', cursor: 5 });
    expect(insertAtCursor('a\nb', 2, 2, 'X')).toEqual({ text: 'a\nX b', cursor: 4 });
    // A selection is replaced.
    expect(insertAtCursor('one two three', 4, 7, 'X')).toEqual({ text: 'one X three', cursor: 5 });
  });

  it('replaces the placeholder with the link, or removes it with its space', () => {
    const placeholder = uploadingPlaceholder('a.txt');
    const text = `Look ${placeholder} here`;
    expect(replacePlaceholder(text, placeholder, uploadedLink('a.txt', '/user_uploads/1/a.txt'))).toBe(
      'Look [a.txt](/user_uploads/1/a.txt) here',
    );
    expect(replacePlaceholder(text, placeholder, '')).toBe('Look here');
    expect(replacePlaceholder(`${placeholder} x`, placeholder, '')).toBe('x');
    // Edited away by the user meanwhile: nothing to replace.
    expect(replacePlaceholder('gone', placeholder, 'link')).toBe('gone');
  });

  it('escapes brackets in file names', () => {
    expect(uploadedLink('a [draft].txt', '/u')).toBe('[a \\[draft\\].txt](/u)');
  });

  it('refuses a file over the limit, naming the limit', () => {
    expect(sizeRefusal({ name: 'big.zip', size: 30 * 1024 * 1024 }, 25)).toBe(
      '“big.zip” is 30 MiB: this organization accepts files up to 25 MiB.',
    );
    expect(sizeRefusal({ name: 'ok.zip', size: 25 * 1024 * 1024 }, 25)).toBeNull();
    expect(sizeRefusal({ name: 'any.zip', size: 1e12 }, undefined)).toBeNull();
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(2048)).toBe('2.0 KiB');
  });
});

describe('sendFile', () => {
  const file = (size: number) =>
    new File([new Uint8Array(size).fill(1)], 'data.bin', { type: 'application/octet-stream' });

  it('hands main the file in pieces and reports each as progress', async () => {
    const bridge = new FakeBridge();
    const progress: number[] = [];
    const result = await sendFile(bridge, file(2500), {
      signal: new AbortController().signal,
      onProgress: (sent) => progress.push(sent),
      pieceBytes: 1000,
    });
    expect(progress).toEqual([1000, 2000, 2500]);
    expect(bridge.uploads).toEqual([
      { name: 'data.bin', type: 'application/octet-stream', size: 2500, received: 2500, state: 'done' },
    ]);
    expect(result).toEqual({ ok: true, value: { url: '/user_uploads/1/1/data.bin', filename: 'data.bin' } });
  });

  it('cancels in main when aborted mid-way', async () => {
    const bridge = new FakeBridge();
    const controller = new AbortController();
    let release!: () => void;
    bridge.chunkGate = new Promise((resolve) => (release = resolve));
    const sending = sendFile(bridge, file(3000), {
      signal: controller.signal,
      onProgress: () => undefined,
      pieceBytes: 1000,
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    release();
    expect(await sending).toEqual({ ok: false, cancelled: true });
    expect(bridge.uploads[0]!.state).toBe('cancelled');
  });

  it('passes on main’s refusal', async () => {
    const bridge = new FakeBridge();
    bridge.uploadLimitBytes = 100;
    const result = await sendFile(bridge, file(200), {
      signal: new AbortController().signal,
      onProgress: () => undefined,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'CLIENT_FILE_TOO_LARGE' } });
    expect(bridge.uploads).toEqual([]);
  });
});

describe('uploads in server HTML', () => {
  beforeEach(() => {
    setServerBase('https://chat.example');
    setUploadRoute({ accountId: 'acc', url: (path) => `teamchat-file://acc${path}` });
  });
  afterEach(() => setUploadRoute(null));

  it('knows the server’s upload paths', () => {
    expect(serverUploadPath('/user_uploads/1/ab/x.png')).toBe('/user_uploads/1/ab/x.png');
    expect(serverUploadPath('https://chat.example/user_uploads/1/x.png')).toBe('/user_uploads/1/x.png');
    expect(serverUploadPath('https://other.example/user_uploads/1/x.png')).toBeNull();
    expect(serverUploadPath('/api/v1/users')).toBeNull();
  });

  it('rewrites links and images of uploads to main’s route, and sizes previews before they load', () => {
    const html = sanitizeHtml(
      '<p><a href="/user_uploads/1/ab/notes.txt">notes</a></p>' +
        '<div class="message_inline_image"><a href="/user_uploads/1/ab/big.png" title="big.png">' +
        '<img data-original-dimensions="1280x960" src="/user_uploads/1/ab/big.png"></a></div>' +
        '<img src="/user_uploads/1/ab/unsized.png">',
    );
    const holder = document.createElement('div');
    holder.innerHTML = html;
    const [link, previewLink] = holder.querySelectorAll('a');
    expect(link!.getAttribute('href')).toBe('teamchat-file://acc/user_uploads/1/ab/notes.txt');
    expect(link!.getAttribute('data-upload-path')).toBe('/user_uploads/1/ab/notes.txt');
    expect(previewLink!.getAttribute('href')).toBe('teamchat-file://acc/user_uploads/1/ab/big.png');
    const [preview, unsized] = holder.querySelectorAll('img');
    expect(preview!.getAttribute('src')).toBe('teamchat-file://acc/user_uploads/1/ab/big.png');
    expect([preview!.getAttribute('width'), preview!.getAttribute('height')]).toEqual(['320', '240']);
    expect(preview!.getAttribute('loading')).toBe('lazy');
    expect(unsized!.getAttribute('class')).toBe('upload-image-unsized');
  });

  it('leaves other links alone and lets no server forge the upload mark', () => {
    const html = sanitizeHtml(
      '<a href="https://chat.example/api/v1/users" data-upload-path="/user_uploads/1/x">x</a>' +
        '<a href="https://elsewhere.example/user_uploads/1/y.png">y</a>',
    );
    const holder = document.createElement('div');
    holder.innerHTML = html;
    const [own, other] = holder.querySelectorAll('a');
    expect(own!.hasAttribute('data-upload-path')).toBe(false);
    expect(own!.getAttribute('href')).toBe('https://chat.example/api/v1/users');
    expect(other!.getAttribute('href')).toBe('https://elsewhere.example/user_uploads/1/y.png');
  });

  it('scales dimensions into the preview box', () => {
    expect(previewSize('480x320')).toEqual({ width: 320, height: 213 });
    expect(previewSize('100x1000')).toEqual({ width: 24, height: 240 });
    expect(previewSize('50x40')).toEqual({ width: 50, height: 40 });
    expect(previewSize('0x10')).toBeNull();
    expect(previewSize('wide')).toBeNull();
  });
});
