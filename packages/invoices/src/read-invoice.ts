import type { ReadResult } from '@pilote/tariffs';

/**
 * Reads an invoice file. Never throws for a bad file: every failure is a `{ ok: false, refusal }` with a French
 * message. `filename` is only used in messages; the format is sniffed from the bytes.
 */
export async function readInvoice(bytes: Uint8Array, filename: string): Promise<ReadResult> {
  void bytes;
  return {
    ok: false,
    refusal: {
      code: 'UNKNOWN_LAYOUT',
      message: `Format non reconnu pour « ${filename} » : lecteurs en cours d'écriture.`,
      found: [],
    },
  };
}
