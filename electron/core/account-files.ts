import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { extname, basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { clientFailureCodes, type CallResult } from '../../shared/ipc';
import { clientFailure, type ChatCore } from './app-core';

/**
 * An account's own files as the page gets them: each shell (Electron's `teamchat-file:` scheme,
 * the web host's `/account-files/` route) asks here, and main fetches the file from the account's
 * server with the account's credentials. The page gets the bytes, never the key.
 */

export interface FileReply {
  status: number;
  headers: Record<string, string>;
  body: ReadableStream<Uint8Array> | null;
}

/** Types shown in place (as an `<img>` or opened directly); anything else is only ever downloaded. */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/x-icon',
]);

/**
 * `path` as the page asked for it (still percent-encoded), when it is one of the server's
 * uploads: `/user_uploads/...`, without dot segments, query or fragment. Null otherwise.
 */
export function uploadPath(path: string): string | null {
  if (!path.startsWith('/user_uploads/') || /[?#\\]/.test(path)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const segments = decoded.split('/').slice(1);
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return null;
  return path;
}

/** The name to save a file under: the server's `filename`, else the path's last segment; no directories. */
export function downloadName(path: string, contentDisposition: string | null): string {
  const quoted = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition ?? '');
  const plain = /filename="([^"]*)"/i.exec(contentDisposition ?? '');
  let name: string;
  try {
    name = quoted
      ? decodeURIComponent(quoted[1]!)
      : (plain?.[1] ?? decodeURIComponent(path.split('/').at(-1) ?? ''));
  } catch {
    name = path.split('/').at(-1) ?? '';
  }
  const printable = [...name].filter((char) => char.charCodeAt(0) >= 0x20 && char !== '\u007f').join('');
  const safe = basename(printable.replace(/[\\/]/g, '_')).trim();
  return safe && safe !== '.' && safe !== '..' ? safe : 'download';
}

function dispositionHeader(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function textReply(status: number, text: string): FileReply {
  const bytes = new TextEncoder().encode(text);
  return {
    status,
    headers: { ...guardHeaders(), 'Content-Type': 'text/plain; charset=utf-8' },
    body: new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    }),
  };
}

/** On every reply: the file can never act as a page of the app's origin, whatever it contains. */
function guardHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}

/**
 * The reply for `path` of `accountId`'s server: the file with its type (images in place, anything
 * else as a download), or a short text saying why not.
 */
export async function accountFileReply(
  core: ChatCore,
  accountId: string,
  path: string,
  options: { download?: boolean; signal?: AbortSignal } = {},
): Promise<FileReply> {
  const checked = uploadPath(path);
  if (!checked) return textReply(404, 'Not one of the server’s files.');
  const fetched = await core.fetchAccountFile(accountId, checked, options.signal);
  if (!fetched.ok) {
    const code = fetched.error.kind === 'api' ? fetched.error.code : '';
    return textReply(code === clientFailureCodes.noAccount ? 404 : 502, 'The file could not be fetched.');
  }
  const response = fetched.value;
  if (!response.ok) {
    await response.body?.cancel();
    return textReply(
      response.status === 404 || response.status === 403 ? 404 : 502,
      'The file could not be fetched.',
    );
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const inline = !options.download && INLINE_TYPES.has(type);
  const name = downloadName(checked, response.headers.get('content-disposition'));
  const headers: Record<string, string> = {
    ...guardHeaders(),
    'Content-Type': inline ? type : (response.headers.get('content-type') ?? 'application/octet-stream'),
    'Content-Disposition': dispositionHeader(inline ? 'inline' : 'attachment', name),
    // Uploads never change under their URL; the feed's images stay put when it scrolls back.
    'Cache-Control': 'private, max-age=86400',
  };
  const length = response.headers.get('content-length');
  if (length) headers['Content-Length'] = length;
  return { status: 200, headers, body: response.body };
}

/**
 * Saves `path` of `accountId`'s server into `directory` (Electron: the user's downloads folder)
 * under its own name, made unique with " (1)", " (2)", ... Returns the file written.
 */
export async function saveAccountFile(
  core: ChatCore,
  accountId: string,
  path: string,
  directory: string,
): Promise<CallResult<{ savedAs: string }>> {
  const checked = uploadPath(path);
  if (!checked) return clientFailure(clientFailureCodes.notAnUpload, 'Not one of the server’s files.');
  const fetched = await core.fetchAccountFile(accountId, checked);
  if (!fetched.ok) return fetched;
  const response = fetched.value;
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return clientFailure(
      clientFailureCodes.notAnUpload,
      `The server answered ${response.status} for this file.`,
    );
  }
  await mkdir(directory, { recursive: true });
  const name = downloadName(checked, response.headers.get('content-disposition'));
  const target = await reserveName(directory, name);
  try {
    await pipeline(
      Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>),
      createWriteStream(target),
    );
  } catch (error) {
    await rm(target, { force: true });
    return clientFailure(clientFailureCodes.notAnUpload, `Saving failed: ${String(error)}`);
  }
  return { ok: true, value: { savedAs: target } };
}

/** Creates an empty file under the first free name, so two saves at once never write the same file. */
async function reserveName(directory: string, name: string): Promise<string> {
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let n = 0; ; n++) {
    const candidate = join(directory, n === 0 ? name : `${stem} (${n})${extension}`);
    try {
      await (await open(candidate, 'wx')).close();
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n > 999) throw error;
    }
  }
}
