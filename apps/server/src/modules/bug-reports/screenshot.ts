import { BUG_SCREENSHOT_MAX_BYTES, BUG_SCREENSHOT_MAX_PIXELS } from '@pilote/contracts';
import { AppError } from '../../lib/app-error.ts';

export interface CheckedScreenshot {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
  width: number;
  height: number;
}

const DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]*={0,2})$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const invalid = () => new AppError('BAD_REQUEST', 'La capture d’écran n’est pas une image PNG ou JPEG valide.');

/** Width and height from the IHDR chunk, which a valid PNG has first. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    return undefined;
  }
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') {
    return undefined;
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Width and height from the first SOFn marker of a JPEG (walking the segments from SOI). */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) {
    return undefined;
  }
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) {
      return undefined;
    }
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    if (marker === 0xda || length < 2) {
      return undefined;
    }
    offset += 2 + length;
  }
  return undefined;
}

/**
 * Checks a screenshot sent as a data URL: PNG or JPEG by its magic bytes (the declared type must match), at most
 * BUG_SCREENSHOT_MAX_BYTES decoded, and at most BUG_SCREENSHOT_MAX_PIXELS (the header's dimensions, so a small
 * file that would decode to a huge bitmap is refused too). Throws a French 400/413 otherwise.
 */
export function checkScreenshot(dataUrl: string): CheckedScreenshot {
  const match = DATA_URL.exec(dataUrl);
  if (!match?.[2]) {
    throw invalid();
  }
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > BUG_SCREENSHOT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'La capture d’écran est trop volumineuse.');
  }
  const declared = match[1] === 'png' ? 'image/png' : 'image/jpeg';
  const png = pngSize(bytes);
  const size = png ?? jpegSize(bytes);
  const actual = png ? 'image/png' : size ? 'image/jpeg' : undefined;
  if (!size || actual !== declared || size.width === 0 || size.height === 0) {
    throw invalid();
  }
  if (size.width * size.height > BUG_SCREENSHOT_MAX_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'La capture d’écran a trop de pixels.');
  }
  return {
    bytes,
    contentType: declared,
    extension: declared === 'image/png' ? 'png' : 'jpg',
    width: size.width,
    height: size.height,
  };
}
