/**
 * Scans and photos (issue #25 §5, ADR 0080): a PNG or JPEG invoice is checked from its header before anything
 * decodes it — its dimensions (read from PNG's IHDR or JPEG's first SOF segment) and the size its bitmap would
 * take decoded are bounded, so a small file announcing a huge image (a « bomb ») is refused before the OCR engine
 * allocates it. Pure and browser-safe.
 */
import { LIMITS } from '../limits.ts';
import { RefusalError } from '../refusal.ts';

export type ImageFormat = 'png' | 'jpeg';

export interface ImageInfo {
  readonly format: ImageFormat;
  readonly width: number;
  readonly height: number;
  /** Bytes of the decoded bitmap (width × height × bytes per pixel, before the OCR engine's own copies). */
  readonly decodedBytes: number;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Channels of each PNG colour type (0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA). */
const PNG_CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

const u16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u32 = (b: Uint8Array, at: number) => u16(b, at) * 65536 + u16(b, at + 2);

/** Whether the bytes start like a PNG or a JPEG (the sniffer's rule for images). */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | null {
  if (PNG.every((b, i) => bytes[i] === b)) {
    return 'png';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  return null;
}

const unreadable = (format: ImageFormat) =>
  new RefusalError('UNREADABLE_FILE', `Image ${format === 'png' ? 'PNG' : 'JPEG'} illisible : en-tête invalide.`);

function pngInfo(bytes: Uint8Array): ImageInfo {
  if (bytes.length < 33 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') {
    throw unreadable('png');
  }
  const width = u32(bytes, 16);
  const height = u32(bytes, 20);
  const bitDepth = bytes[24] ?? 0;
  const channels = PNG_CHANNELS[bytes[25] ?? -1];
  if (!channels || ![1, 2, 4, 8, 16].includes(bitDepth)) {
    throw unreadable('png');
  }
  return { format: 'png', width, height, decodedBytes: width * height * Math.max(1, (channels * bitDepth) / 8) };
}

function jpegInfo(bytes: Uint8Array): ImageInfo {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) {
      throw unreadable('jpeg');
    }
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = u16(bytes, at + 2);
    // SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width, components.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = u16(bytes, at + 5);
      const width = u16(bytes, at + 7);
      const components = bytes[at + 9] ?? 0;
      if (components < 1 || components > 4) {
        throw unreadable('jpeg');
      }
      return { format: 'jpeg', width, height, decodedBytes: width * height * components };
    }
    if (marker === 0xda || length < 2) {
      break;
    }
    at += 2 + length;
  }
  throw unreadable('jpeg');
}

/**
 * The image's header, checked against the limits: refused (French message) when it is not a PNG or JPEG we can
 * read, when a side is 0 or longer than `maxImageSide`, or when it has more than `maxImagePixels` pixels or would
 * decode to more than `maxImageDecodedBytes`.
 */
export function checkImage(bytes: Uint8Array): ImageInfo {
  const format = imageFormatOf(bytes);
  if (!format) {
    throw new RefusalError('UNSUPPORTED_FILE_TYPE', 'Image non reconnue : ni PNG ni JPEG.');
  }
  const info = format === 'png' ? pngInfo(bytes) : jpegInfo(bytes);
  const name = format === 'png' ? 'PNG' : 'JPEG';
  const size = `${info.width} × ${info.height} pixels`;
  if (info.width === 0 || info.height === 0) {
    throw unreadable(format);
  }
  if (
    info.width > LIMITS.maxImageSide ||
    info.height > LIMITS.maxImageSide ||
    info.width * info.height > LIMITS.maxImagePixels ||
    info.decodedBytes > LIMITS.maxImageDecodedBytes
  ) {
    throw new RefusalError(
      'FILE_TOO_LARGE',
      `Image ${name} de ${size} : une page numérisée en compte au plus ${LIMITS.maxImagePixels / 1_000_000} millions (A4 à 400 dpi), ${LIMITS.maxImageSide} par côté.`,
      [`${name}, ${size}`],
    );
  }
  return info;
}
