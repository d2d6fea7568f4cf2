// Full check of a signature PNG before anything renders it (issue #21 §1.3, ADR 0045): a PNG with a valid header and
// random IDAT bytes made pdf-lib's decoder loop until the worker's time limit. Pure code (no Fastify): the request
// runs it (signature-image.ts, a 400 in French) and the worker again before embedding the image (mandate-pdf.ts).
import { crc32, inflateSync } from 'node:zlib';
import { MANDATE_LIMITS } from '@pilote/contracts';

export interface PngLimits {
  maxWidth: number;
  maxHeight: number;
}

export interface PngInfo {
  width: number;
  height: number;
  /** Bytes of the decoded (filtered) scanlines: what inflating IDAT gives. */
  decodedBytes: number;
}

const MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bits per pixel sample allowed by each colour type (PNG §11.2.2) and its samples per pixel. */
const COLOUR_TYPES: Record<number, { depths: number[]; samples: number }> = {
  0: { depths: [1, 2, 4, 8, 16], samples: 1 },
  2: { depths: [8, 16], samples: 3 },
  3: { depths: [1, 2, 4, 8], samples: 1 },
  4: { depths: [8, 16], samples: 2 },
  6: { depths: [8, 16], samples: 4 },
};
/**
 * Chunks a signature may carry besides IHDR, IDAT and IEND: the palette and transparency pdf-lib reads, and
 * ancillary ones it ignores (an ICC profile, which a browser may attach to a canvas export, is never inflated by
 * pdf-lib). Compressed text (zTXt, iTXt), which pdf-lib's decoder would inflate, and animation are refused.
 */
const ALLOWED = new Set([
  'PLTE',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'pHYs',
  'bKGD',
  'tIME',
  'tEXt',
  'sBIT',
  'eXIf',
]);
/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

export type PngProblem = 'format' | 'size';

/**
 * Walks every chunk (lengths, CRCs, order), checks IHDR (dimensions within the limits, a valid colour type, bit
 * depth, compression, filter and interlace), inflates the whole IDAT with an output capped at the exact size the
 * header implies, and checks that size and every scanline's filter byte. Answers the image's facts, or the problem:
 * 'size' for dimensions beyond the limits, 'format' for anything else.
 */
export function checkPng(
  bytes: Uint8Array,
  limits: PngLimits,
): { ok: true; info: PngInfo } | { ok: false; problem: PngProblem } {
  const fail = (problem: PngProblem = 'format') => ({ ok: false as const, problem });
  if (bytes.length < 8 + 25 + 12 || MAGIC.some((byte, i) => bytes[i] !== byte)) {
    return fail();
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | undefined;
  let palette = false;
  let idatEnded = false;
  let ended = false;
  const idat: Uint8Array[] = [];
  let chunkIndex = 0;
  while (at < bytes.length) {
    if (ended || at + 12 > bytes.length) {
      return fail();
    }
    const length = view.getUint32(at);
    if (length > 0x7fffffff || at + 12 + length > bytes.length) {
      return fail();
    }
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) >>> 0 !== view.getUint32(at + 8 + length)) {
      return fail();
    }
    if (chunkIndex === 0 && type !== 'IHDR') {
      return fail();
    }
    if (type === 'IHDR') {
      if (chunkIndex !== 0 || length !== 13) {
        return fail();
      }
      const width = view.getUint32(at + 8);
      const height = view.getUint32(at + 12);
      const [depth, colour, compression, filter, interlace] = [data[8], data[9], data[10], data[11], data[12]].map(
        (byte) => byte ?? -1,
      ) as [number, number, number, number, number];
      const rule = COLOUR_TYPES[colour];
      if (width === 0 || height === 0 || !rule || !rule.depths.includes(depth)) {
        return fail();
      }
      if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) {
        return fail();
      }
      if (width > limits.maxWidth || height > limits.maxHeight) {
        return fail('size');
      }
      header = { width, height, depth, colour, interlace };
    } else if (type === 'IDAT') {
      if (idatEnded) {
        return fail();
      }
      idat.push(data);
    } else if (type === 'IEND') {
      if (length !== 0) {
        return fail();
      }
      ended = true;
    } else if (ALLOWED.has(type)) {
      if (idat.length > 0) {
        idatEnded = true;
      }
      if (type === 'PLTE') {
        if (palette || idat.length > 0 || length === 0 || length % 3 !== 0 || length > 768) {
          return fail();
        }
        palette = true;
      }
    } else {
      return fail();
    }
    at += 12 + length;
    chunkIndex += 1;
  }
  if (!header || !ended || idat.length === 0 || (header.colour === 3 && !palette)) {
    return fail();
  }
  const bitsPerPixel = header.depth * (COLOUR_TYPES[header.colour] as { samples: number }).samples;
  const rowBytes = (width: number) => Math.ceil((width * bitsPerPixel) / 8);
  const rows: number[] = [];
  if (header.interlace === 0) {
    for (let y = 0; y < header.height; y += 1) {
      rows.push(rowBytes(header.width));
    }
  } else {
    for (const [x0, y0, dx, dy] of ADAM7) {
      const width = Math.ceil((header.width - x0) / dx);
      const height = Math.ceil((header.height - y0) / dy);
      if (width > 0) {
        for (let y = 0; y < height; y += 1) {
          rows.push(rowBytes(width));
        }
      }
    }
  }
  const decodedBytes = rows.reduce((sum, bytesOfRow) => sum + 1 + bytesOfRow, 0);
  let pixels: Buffer;
  try {
    // One byte more than expected: inflating further than the header allows is an error, not a larger buffer.
    pixels = inflateSync(Buffer.concat(idat), { maxOutputLength: decodedBytes + 1 });
  } catch {
    return fail();
  }
  if (pixels.length !== decodedBytes) {
    return fail();
  }
  let row = 0;
  for (const bytesOfRow of rows) {
    if ((pixels[row] as number) > 4) {
      return fail();
    }
    row += 1 + bytesOfRow;
  }
  return { ok: true, info: { width: header.width, height: header.height, decodedBytes } };
}

/** The signature canvas's limits (spec §9: 200 px high, up to 800 wide). */
export const SIGNATURE_PNG_LIMITS: PngLimits = {
  maxWidth: MANDATE_LIMITS.signatureMaxWidth,
  maxHeight: MANDATE_LIMITS.signatureMaxHeight,
};

/** The worker's check before a render (the request checked it first, with French messages). */
export function assertRenderableSignature(png: Uint8Array | null): void {
  if (png && !checkPng(png, SIGNATURE_PNG_LIMITS).ok) {
    throw new Error('signature PNG refused: malformed or beyond 800 × 200 pixels');
  }
}
