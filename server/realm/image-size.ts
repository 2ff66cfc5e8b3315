/**
 * Width and height of a PNG, GIF, JPEG or WebP image, read from its header; null for anything
 * else or a header too short to say. Enough for the inline preview's `data-original-dimensions`,
 * without an image library.
 */
export function imageDimensions(data: Buffer): { width: number; height: number } | null {
  const size = png(data) ?? gif(data) ?? jpeg(data) ?? webp(data);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

type Size = { width: number; height: number } | null;

function png(data: Buffer): Size {
  const signature = '89504e470d0a1a0a';
  if (data.length < 24 || data.subarray(0, 8).toString('hex') !== signature) return null;
  if (data.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

function gif(data: Buffer): Size {
  if (data.length < 10 || !/^GIF8[79]a$/.test(data.subarray(0, 6).toString('latin1'))) return null;
  return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
}

/** Start-of-frame markers (baseline, progressive, ...), which carry the frame's size. */
const JPEG_FRAME_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

function jpeg(data: Buffer): Size {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    if (JPEG_FRAME_MARKERS.has(marker))
      return { width: data.readUInt16BE(offset + 7), height: data.readUInt16BE(offset + 5) };
    offset += 2 + length;
  }
  return null;
}

function webp(data: Buffer): Size {
  if (data.length < 30) return null;
  if (data.subarray(0, 4).toString('latin1') !== 'RIFF' || data.subarray(8, 12).toString('latin1') !== 'WEBP')
    return null;
  const chunk = data.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8X') return { width: 1 + data.readUIntLE(24, 3), height: 1 + data.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = data.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ')
    return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  return null;
}
