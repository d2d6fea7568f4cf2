import { MANDATE_LIMITS, MANDATE_MESSAGES } from '@pilote/contracts';
import { AppError } from '../../lib/app-error.ts';
import { checkPng, SIGNATURE_PNG_LIMITS } from './png-check.ts';

const PREFIX = 'data:image/png;base64,';

function refuse(message: string): never {
  throw new AppError('VALIDATION_FAILED', message, { details: [{ path: '/signature', message }] });
}

/**
 * The wizard's signature: a `data:image/png;base64,` URL of at most MANDATE_LIMITS.signatureMaxBytes whose PNG is
 * whole and decodable (png-check.ts: every chunk and CRC, IHDR within 800 × 200 pixels, the IDAT inflated to exactly
 * the size its header implies) — checked here, before any render (ADR 0045). Answers the PNG bytes.
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
  const checked = checkPng(bytes, SIGNATURE_PNG_LIMITS);
  if (!checked.ok) {
    refuse(checked.problem === 'size' ? MANDATE_MESSAGES.signatureSize : MANDATE_MESSAGES.signatureFormat);
  }
  return bytes;
}
