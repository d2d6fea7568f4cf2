import { MANDATE_LIMITS, MANDATE_MESSAGES } from '@pilote/contracts';
import { AppError } from '../../lib/app-error.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IEND = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const PREFIX = 'data:image/png;base64,';

function refuse(message: string): never {
  throw new AppError('VALIDATION_FAILED', message, { details: [{ path: '/signature', message }] });
}

/**
 * The wizard's signature (spec §9 canvas: 200 px high, up to 800 wide): a `data:image/png;base64,` URL whose
 * bytes start with the PNG signature and an IHDR chunk of at most 800 × 200 pixels, end with IEND, and weigh at
 * most MANDATE_LIMITS.signatureMaxBytes. Answers the PNG bytes.
 */
export function decodeSignaturePng(dataUrl: string | null | undefined): Buffer {
  if (!dataUrl || dataUrl.trim() === '') {
    refuse(MANDATE_MESSAGES.signatureRequired);
  }
  if (!dataUrl.startsWith(PREFIX)) {
    refuse(MANDATE_MESSAGES.signatureFormat);
  }
  const base64 = dataUrl.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) {
    refuse(MANDATE_MESSAGES.signatureFormat);
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MANDATE_LIMITS.signatureMaxBytes) {
    refuse(MANDATE_MESSAGES.signatureBytes);
  }
  if (
    bytes.length < 8 + 25 + 12 ||
    !bytes.subarray(0, 8).equals(PNG_MAGIC) ||
    bytes.readUInt32BE(8) !== 13 ||
    bytes.subarray(12, 16).toString('latin1') !== 'IHDR' ||
    !bytes.subarray(bytes.length - 8).equals(IEND)
  ) {
    refuse(MANDATE_MESSAGES.signatureFormat);
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width === 0 || height === 0) {
    refuse(MANDATE_MESSAGES.signatureFormat);
  }
  if (width > MANDATE_LIMITS.signatureMaxWidth || height > MANDATE_LIMITS.signatureMaxHeight) {
    refuse(MANDATE_MESSAGES.signatureSize);
  }
  return bytes;
}
