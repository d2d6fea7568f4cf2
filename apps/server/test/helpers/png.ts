import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/** One PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length);
  return out;
}

/** `length` bytes that look random, the same on every run. */
export function noise(length: number, seed = 'signature'): Buffer {
  const blocks: Buffer[] = [];
  for (let n = 0; blocks.length * 32 < length; n += 1) {
    blocks.push(createHash('sha256').update(`${seed}:${n}`).digest());
  }
  return Buffer.concat(blocks).subarray(0, length);
}

/**
 * A greyscale PNG of `width` × `height` (8 bits, filter 0 rows), or one whose chunks are replaced: `idat` (e.g. random
 * bytes after a valid header, the attack of issue #21 §1.3), `extra` chunks before IEND.
 */
export function pngBytes(
  width: number,
  height: number,
  options: { idat?: Buffer; extra?: Buffer[]; rows?: number } = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0;
  const rowCount = options.rows ?? height;
  const rows = Buffer.alloc((width + 1) * rowCount, 0x40);
  for (let y = 0; y < rowCount; y += 1) {
    rows[y * (width + 1)] = 0;
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', options.idat ?? deflateSync(rows)),
    ...(options.extra ?? []),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const pngDataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
