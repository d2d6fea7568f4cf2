// The text of the PDFs a user downloads (simulation report, claim letter, mandate), rendered from fixed inputs and
// compared with the text recorded in fixtures/pdf-text/*.txt (issue #22 §1: moving the PDF writer and fonts to
// src/pdf/ changes no word of them; ADR 0045). A deliberate change of a PDF's text re-records its file
// (`vitest -u`) and shows in review.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClaimLetterInput } from '../src/modules/audits/claim-letter.ts';
import { renderClaimLetterPdf } from '../src/modules/audits/claim-letter.ts';
import { renderSealedMandate } from '../src/modules/mandates/mandate-pdf.ts';
import { generateSelfSignedP12 } from '../src/modules/mandates/seal.ts';
import { renderSimulationPdf } from '../src/modules/simulator/pdf-report.ts';
import type { SimulationReport } from '../src/modules/simulator/service.ts';
import { loadFonts } from '../src/pdf/fonts.ts';
import { pngBytes } from './helpers/png.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures/pdf-text');
const GENERATED_AT = new Date('2026-11-26T09:30:00.000Z');

async function textOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return `${text.map((page, i) => `--- page ${i + 1} ---\n${page}`).join('\n')}\n`;
}

describe('the text of the downloaded PDFs', () => {
  // The fonts are subset once per process (HarfBuzz, the costly part) and PDF.js loads once: in the hook, so each
  // test is its render and its reading.
  beforeAll(async () => {
    await Promise.all([loadFonts(), getResolvedPDFJS()]);
  });

  it('simulation report', async () => {
    const stored = JSON.parse(readFileSync(path.join(FIXTURES, 'simulation-report.json'), 'utf8')) as SimulationReport;
    const report: SimulationReport = { ...stored, createdAt: new Date(stored.createdAt) };
    await expect(await textOf(await renderSimulationPdf(report, GENERATED_AT))).toMatchFileSnapshot(
      path.join(FIXTURES, 'simulation.txt'),
    );
  });

  it('claim letter', async () => {
    const input = JSON.parse(readFileSync(path.join(FIXTURES, 'claim-letter-input.json'), 'utf8')) as ClaimLetterInput;
    await expect(await textOf(await renderClaimLetterPdf(input, GENERATED_AT))).toMatchFileSnapshot(
      path.join(FIXTURES, 'claim-letter.txt'),
    );
  });

  it('signed mandate with its evidence page', async () => {
    const passphrase = 'phrase-de-test';
    const pdf = await renderSealedMandate({
      document: {
        mandateId: '7d2f0c4e-0000-4000-8000-000000000002',
        kind: 'signed',
        energyType: 'gas',
        manager: 'grdf',
        managerName: null,
        deliveryPointNumber: '21400000000117',
        address: '12 rue des Lilas',
        postalCode: '80000',
        city: 'Amiens',
        categories: {
          authorized_consumption_data: true,
          authorized_technical_data: true,
          authorized_contractual_data: false,
          authorized_load_curve: false,
        },
        durationMonths: 24,
        expiryDate: '2028-11-26',
        signer: { userId: 'u-alice', name: 'Alice Martin', email: 'alice@exemple.fr' },
        signedAt: GENERATED_AT.toISOString(),
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (test)',
        consentTextVersion: '2026-11-01',
        signaturePng: pngBytes(400, 150),
      },
      p12: generateSelfSignedP12('Pilote Énergie (test)', passphrase, GENERATED_AT),
      passphrase,
      sealedAt: GENERATED_AT.toISOString(),
    });
    await expect(await textOf(pdf.pdf)).toMatchFileSnapshot(path.join(FIXTURES, 'mandate.txt'));
  });
});
