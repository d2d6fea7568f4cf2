// A scan read by OCR stops at « À compléter » whatever it read (issue #25 §5, ADR 0080): the review asks every field
// it needs « à confirmer », so no anomaly nor claim letter comes from a value the user has not seen. A file with text
// and complete values asks nothing.
import type { ReadingProvenance } from '@pilote/invoices';
import { referenceInvoice } from '@pilote/tariffs';
import { describe, expect, it } from 'vitest';
import { OCR_FIELD_MESSAGE, ocrLowConfidence, withOcrMessages } from '../src/modules/audits/ocr-review.ts';
import { reviewFieldsOf } from '../src/modules/audits/review.ts';
import { T4_NTR3_SPEC } from './helpers/invoice-pdf.ts';

const invoice = referenceInvoice({ ...T4_NTR3_SPEC, format: 'png', layout: 'pdf-libre' });
const read: ReadingProvenance = { sources: {}, lineSources: [], missing: [] };
const scanned: ReadingProvenance = { ...read, ocr: { pages: 1, meanConfidence: 91 } };

function fields(provenance: ReadingProvenance) {
  return withOcrMessages(
    reviewFieldsOf({
      invoice,
      problems: [],
      suggestions: { cja: { value: 109, from: 'votre site « Usine »' } },
      commune: null,
      lowConfidence: ocrLowConfidence(provenance),
    }),
    provenance,
  );
}

describe('the review of a scan read by OCR', () => {
  it('asks the PCE, the period, the option, the CAR and the CJA read, each « à confirmer »', () => {
    const asked = fields(scanned);
    expect(asked.map((f) => [f.field, f.reason, f.message])).toEqual(
      ['pce', 'period', 'tarif', 'cja', 'car'].map((field) => [field, 'doubtful', OCR_FIELD_MESSAGE]),
    );
    expect(OCR_FIELD_MESSAGE).toBe(
      'Valeur lue par reconnaissance de caractères (OCR) sur le document numérisé : à confirmer.',
    );
    expect(asked.find((f) => f.field === 'cja')).toMatchObject({
      read: 109,
      suggested: 109,
      suggestedFrom: 'votre site « Usine »',
    });
  });

  it('asks nothing of the same values read from a text layer', () => {
    expect(fields(read)).toEqual([]);
  });
});
