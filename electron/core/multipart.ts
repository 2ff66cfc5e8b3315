/**
 * The multipart/form-data envelope of a one-file upload (RFC 7578): the bytes before the file
 * and after it, so the file itself can be streamed between them without being held in memory.
 */

export interface MultipartEnvelope {
  /** The request's Content-Type, boundary included. */
  contentType: string;
  head: Uint8Array;
  tail: Uint8Array;
}

/** The form field the file goes in; the real service takes any name, and its clients send `file`. */
export const UPLOAD_FIELD = 'file';

const encoder = new TextEncoder();

/** 30 hex digits of randomness: a boundary that will not occur in the file by chance. */
export function randomBoundary(random: () => number = Math.random): string {
  let digits = '';
  for (let i = 0; i < 30; i++) digits += Math.floor(random() * 16).toString(16);
  return `----TeamChatUpload${digits}`;
}

/**
 * A file name as browsers put it in a form: quotes and line breaks percent-encoded, so the name
 * cannot end the header or add one.
 */
export function quotedFileName(name: string): string {
  return `"${name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

/** The part's Content-Type: the browser's type when it is a plain `type/subtype`, else octet-stream. */
export function partContentType(type: string): string {
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i.test(type) ? type : 'application/octet-stream';
}

export function multipartEnvelope(file: { name: string; type: string }, boundary: string): MultipartEnvelope {
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${UPLOAD_FIELD}"; filename=${quotedFileName(file.name || 'file')}\r\n` +
    `Content-Type: ${partContentType(file.type)}\r\n\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    head: encoder.encode(head),
    tail: encoder.encode(`\r\n--${boundary}--\r\n`),
  };
}
