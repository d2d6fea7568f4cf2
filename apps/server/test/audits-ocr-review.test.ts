// A scan read by OCR stops at « À compléter » whatever it read (issue #25 §5, ADR 0080): the review asks every field
// it needs « à confirmer », so no anomaly nor claim letter comes from a value the user has not seen. A file with text
// and complete values asks nothing.
import type { ReadingProvenance } from '@pilote/invoices';
import { referenceInvoice } from '@pilote/tariffs';
import { describe, expect, it } from 'vitest';
import {
  confirmedScan,
  OCR_FIELD_MESSAGE,
  ocrFiguresConfirmed,
  ocrLowConfidence,
  withOcrMessages,
} from '../src/modules/audits/ocr-review.ts';
import { applyReview, reviewFieldsOf } from '../src/modules/audits/review.ts';
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
  it('asks the PCE, the period, the option, the PITD code and the NTR printed, the CJA, the CAR and the consumption read, each « à confirmer »', () => {
    const asked = fields(scanned);
    expect(asked.map((f) => [f.field, f.reason, f.message])).toEqual(
      ['pce', 'period', 'tarif', 'pointCode', 'ntrPrinted', 'cja', 'car', 'consumption'].map((field) => [
        field,
        'doubtful',
        OCR_FIELD_MESSAGE,
      ]),
    );
    // The PITD code and the NTR read from the page (ADR 0087): shown with what was read, never taken as read.
    expect(asked.find((f) => f.field === 'pointCode')).toMatchObject({
      label: 'Code PITD imprimé sur la facture',
      read: 'GI060012',
    });
    expect(asked.find((f) => f.field === 'ntrPrinted')).toMatchObject({ label: 'NTR imprimé sur la facture', read: 3 });
    expect(asked.find((f) => f.field === 'consumption')).toMatchObject({ unit: 'MWh', read: 2043.755 });
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

describe('the table of a scan (lines, VAT, totals) is confirmed before any check (ADR 0087)', () => {
  const figures = {
    lines: invoice.lines.map((line) => ({ quantity: line.quantity, unitPrice: line.unitPrice, amount: line.amount })),
    vat: invoice.vat.map((vat) => ({ ...vat })),
    totals: { ...invoice.totals },
  };

  it('a scan’s figures are unconfirmed until one figure per line and VAT line is given; a text file’s always are', () => {
    expect(ocrFiguresConfirmed(scanned, invoice, undefined)).toBe(false);
    expect(ocrFiguresConfirmed(scanned, invoice, { cja: 109 })).toBe(false);
    expect(ocrFiguresConfirmed(scanned, invoice, { figures: { ...figures, lines: figures.lines.slice(1) } })).toBe(
      false,
    );
    expect(ocrFiguresConfirmed(scanned, invoice, { figures })).toBe(true);
    expect(ocrFiguresConfirmed(read, invoice, undefined)).toBe(true);
  });

  it('the corrected quantity, unit price, amount, VAT, totals, PITD code and printed NTR replace the ones read', () => {
    const corrected = {
      ...figures,
      lines: figures.lines.map((line, index) =>
        index === 2 ? { quantity: 2043.755, unitPrice: 1.18, amount: 2411.63 } : line,
      ),
      totals: { totalHt: 1, totalTva: 0.2, totalTtc: 1.2 },
    };
    const applied = applyReview(invoice, {
      figures: corrected,
      pointCode: 'GI060013',
      ntrPrinted: 2,
      consumption: 2000,
    });
    expect(applied.lines[2]).toMatchObject({ quantity: 2043.755, unitPrice: 1.18, amount: 2411.63 });
    expect(applied.lines[0]).toEqual(invoice.lines[0]);
    expect(applied.totals).toEqual({ totalHt: 1, totalTva: 0.2, totalTtc: 1.2 });
    expect(applied).toMatchObject({ point: { code: 'GI060013' }, ntr: 2, consumptionMwh: 2000 });
    // Figures that do not fit the lines read are not applied at all.
    const misfit = applyReview(invoice, { figures: { ...corrected, lines: corrected.lines.slice(1) } });
    expect(misfit.lines).toEqual(invoice.lines);
    expect(misfit.totals).toEqual(invoice.totals);
  });
});

describe('a scan confirmed with its figures is not read by OCR again (ADR 0087)', () => {
  const figures = {
    lines: invoice.lines.map((line) => ({ quantity: line.quantity, unitPrice: line.unitPrice, amount: line.amount })),
    vat: invoice.vat.map((vat) => ({ ...vat })),
    totals: { ...invoice.totals },
  };
  const stored = JSON.parse(JSON.stringify(invoice)) as unknown;
  const review = {
    fields: [],
    figuresAsked: true,
    confirmed: { cja: 109, figures },
    confirmedAt: '2026-11-27T04:00:00Z',
  };

  it('the stored reading, marked OCR, once its figures are confirmed; nothing otherwise (the file is read again)', () => {
    const { scan } = confirmedScan(review, { invoice: stored, warnings: ['Ligne non lue : x'] });
    expect(scan?.invoice).toEqual(invoice);
    expect(scan?.warnings).toEqual(['Ligne non lue : x']);
    expect(scan?.provenance?.ocr).toBeDefined();
    // The figures still apply to it: the checks run on the confirmed values only.
    expect(ocrFiguresConfirmed(scan?.provenance, invoice, review.confirmed)).toBe(true);
    expect(confirmedScan({ ...review, figuresAsked: false }, { invoice: stored, warnings: [] })).toEqual({});
    expect(confirmedScan({ ...review, confirmed: { cja: 109 } }, { invoice: stored, warnings: [] })).toEqual({});
    expect(confirmedScan(review, { invoice: { nonsense: true }, warnings: [] })).toEqual({});
    expect(confirmedScan(null, { invoice: stored, warnings: [] })).toEqual({});
  });

  it('keeps the commune printed on the scan, so the confirmed run takes the NTR of the first reading, not the site’s', () => {
    const printed = confirmedScan({ ...review, printedCommune: 'Lyon 3e' }, { invoice: stored, warnings: [] });
    expect(printed.scan?.provenance?.commune).toBe('Lyon 3e');
    const none = confirmedScan(review, { invoice: stored, warnings: [] });
    expect(none.scan?.provenance?.commune).toBeUndefined();
  });
});
