import { crc32, deflateSync } from 'node:zlib';

/**
 * A user's default avatar as the real service serves one: a PNG (a gravatar identicon or its own
 * default image), never SVG. It matters to clients beyond looks: a browser draws every SVG image
 * in a document of its own on the page's main thread (a few milliseconds each), so a list of a
 * big organization's people with SVG avatars stalled its frames, while a PNG is decoded off it.
 *
 * The picture is an identicon: a 5×5 grid mirrored left to right, its cells and colour taken
 * from the user id, on white.
 */
const CELLS = 5;
const CELL_PX = 20;
const SIZE = CELLS * CELL_PX;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function avatarPng(userId: number): Buffer {
  const bits = mix(userId);
  const filled = (row: number, col: number) => {
    const mirrored = col < 3 ? col : CELLS - 1 - col;
    return ((bits >>> (row * 3 + mirrored)) & 1) === 1;
  };
  // One byte per pixel, an index into the two-colour palette; each scanline starts with filter 0.
  const raw = Buffer.alloc(SIZE * (SIZE + 1));
  for (let y = 0; y < SIZE; y++) {
    const line = y * (SIZE + 1);
    for (let x = 0; x < SIZE; x++)
      raw[line + 1 + x] = filled(Math.floor(y / CELL_PX), Math.floor(x / CELL_PX)) ? 1 : 0;
  }
  const [r, g, b] = hslToRgb(((userId * 47) % 360) / 360, 0.45, 0.55);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 3; // indexed colour
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from([0xff, 0xff, 0xff, r, g, b])),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed), 0);
  return Buffer.concat([length, typed, crc]);
}

/** 15 well-spread bits from an id (an integer hash), so neighbouring ids look unalike. */
function mix(n: number): number {
  let h = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h * 12) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [channel(0), channel(8), channel(4)];
}
