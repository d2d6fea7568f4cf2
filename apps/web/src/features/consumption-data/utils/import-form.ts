/** The consumption import form (issue 5 item 1): client checks and the server's error messages. Pure. */
import { CONSUMPTION_CSV_MAX_CHARS, CONSUMPTION_MESSAGES, normalisePce } from '@pilote/contracts';
import { isApiClientError } from '../../../lib/api-error.ts';

export const IMPORT_FAILURE_MESSAGE = "Échec de l'import des relevés.";

/**
 * Checks before sending: a PCE, when typed, has exactly 14 digits (spaces allowed; it may be left empty when the
 * file carries a PCE column), a file is chosen, and its text fits the 2 MB the server accepts.
 */
export function checkImportInput(input: { pce: string; csv: string | null }): string | null {
  const pce = normalisePce(input.pce);
  if (pce !== '' && !/^\d{14}$/.test(pce)) {
    return CONSUMPTION_MESSAGES.pceFormat;
  }
  if (input.csv === null || input.csv.trim() === '') {
    return CONSUMPTION_MESSAGES.csvRequired;
  }
  if (input.csv.length > CONSUMPTION_CSV_MAX_CHARS) {
    return CONSUMPTION_MESSAGES.csvTooLarge;
  }
  return null;
}

/**
 * What to show for a failed import, verbatim: the server's message first (« Ligne 12 : … »), then the other
 * line errors it listed in `details` (at most 50), without repeating the first.
 */
export function importErrorMessages(error: unknown): string[] {
  if (!isApiClientError(error)) {
    return [IMPORT_FAILURE_MESSAGE];
  }
  const messages = [error.message];
  const body = error.body;
  if (typeof body === 'object' && body !== null && 'details' in body && Array.isArray(body.details)) {
    for (const detail of body.details as unknown[]) {
      if (typeof detail === 'object' && detail !== null && 'message' in detail) {
        const message = (detail as { message: unknown }).message;
        if (typeof message === 'string' && !messages.includes(message)) {
          messages.push(message);
        }
      }
    }
  }
  return messages;
}
