// The mandate render in its worker thread checks the signature PNG again before pdf-lib decodes it (issue #21 §1.3,
// ADR 0045): a malformed image fails at once with a clear error, instead of looping to the time limit.
import { describe, expect, it } from 'vitest';
import type { MandateDocumentInput } from '../src/modules/mandates/mandate-text.ts';
import { mandateTasks } from '../src/modules/mandates/tasks.ts';
import { runWorkerTask } from '../src/workers/pool.ts';
import { noise, pngBytes } from './helpers/png.ts';

const document = (signaturePng: Uint8Array): MandateDocumentInput => ({
  mandateId: 'm-1',
  kind: 'signed',
  energyType: 'electricity',
  manager: 'enedis',
  managerName: null,
  deliveryPointNumber: '12345678901234',
  address: '1 rue de la Paix',
  postalCode: '80000',
  city: 'Amiens',
  categories: {
    authorized_consumption_data: true,
    authorized_technical_data: false,
    authorized_contractual_data: false,
    authorized_load_curve: false,
  },
  durationMonths: 12,
  expiryDate: '2027-11-26',
  signer: { userId: 'u-1', name: 'Alice', email: 'alice@example.com' },
  signedAt: '2026-11-26T10:00:00.000Z',
  ip: '127.0.0.1',
  userAgent: 'test',
  consentTextVersion: '1',
  signaturePng,
});

describe('mandates.render in the worker pool', () => {
  it('refuses a signature PNG with random image data before decoding it (no loop to the time limit)', async () => {
    const result = await runWorkerTask(
      mandateTasks.render,
      {
        document: document(pngBytes(400, 150, { idat: noise(6_700) })),
        p12: new Uint8Array(),
        passphrase: '',
        sealedAt: '2026-11-26T10:00:00.000Z',
      },
      { owner: 'u-1' },
    );
    expect(result).toEqual({
      ok: false,
      error: { kind: 'crash', message: 'signature PNG refused: malformed or beyond 800 × 200 pixels' },
    });
  });
});
