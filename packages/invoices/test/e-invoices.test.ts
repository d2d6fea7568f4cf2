/**
 * EN 16931 e-invoices (issue #25 §2, ADR 0069) written by another tool (`@e-invoice-eu/core`): CII, UBL 2.1 and
 * Factur-X of the public February 2026 T4 case (GRDF, NaTran NTR 2, 2 043 755 kWh), read by `readInvoice` and checked
 * by `auditInvoice` — the whole audit path but the job. The correct invoice gives no anomaly and no claim letter; the
 * same invoice with six planted errors gives each anomaly with its amount to the cent.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type AuditReferenceData, auditInvoice } from '@pilote/tariffs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ReadResult, readInvoice } from '../src/index.ts';
import { postalAddress } from '../src/layouts/en16931.ts';
import { type EInvoiceFormat, PLANTED, SIX_ERRORS, T4_FEB_2026, writeEInvoice } from './helpers/e-invoice-eu.ts';

const REF: AuditReferenceData = {
  point: { pointDeReseau: 'PITD', code: 'GI060012', ntr: 2, tso: 'NaTran', isSample: false },
};
const FORMATS: readonly EInvoiceFormat[] = ['CII', 'UBL', 'Factur-X'];
const FILENAMES: Readonly<Record<EInvoiceFormat, string>> = {
  CII: 'facture-cii.xml',
  UBL: 'facture-ubl.xml',
  'Factur-X': 'facture-factur-x.pdf',
};
const LAYOUTS: Readonly<Record<EInvoiceFormat, [string, string]>> = {
  CII: ['xml', 'en16931-cii'],
  UBL: ['xml', 'en16931-ubl'],
  'Factur-X': ['pdf', 'en16931-cii'],
};

function read(result: ReadResult) {
  if (!result.ok) {
    throw new Error(`refusé : ${result.refusal.message} ${result.refusal.found.join(' ; ')}`);
  }
  return result;
}

/**
 * The claim letter's rule (ADR 0062, `claimLetterOffered` of the contracts, which this package does not import):
 * anomalies of positive amount, on an invoice read without warnings or reading problems.
 */
function letter(report: ReturnType<typeof auditInvoice>, warnings: readonly string[]): boolean {
  const claimed = report.findings.filter((f) => f.severity === 'anomalie' && f.amountEuros > 0);
  return claimed.length > 0 && report.readingProblems.length === 0 && warnings.length === 0;
}

// Written once per format by e-invoice-eu (a Factur-X takes a second or two on a busy machine), each in a hook of its
// own, so that a test's time is its own reading and checking (ADR 0049); the helper keeps what it wrote.
for (const format of FORMATS) {
  beforeAll(async () => {
    await writeEInvoice(T4_FEB_2026, format);
    await writeEInvoice(SIX_ERRORS, format);
  });
}

describe('the correct February 2026 T4 e-invoice, written by e-invoice-eu', () => {
  it.each(FORMATS)(
    '%s: every value read from the norm’s terms and notes, no anomaly, no claim letter',
    async (format) => {
      const r = read(await readInvoice(await writeEInvoice(T4_FEB_2026, format), FILENAMES[format]));
      const [fileFormat, layout] = LAYOUTS[format];
      expect(r.invoice).toMatchObject({
        format: fileFormat,
        layout,
        supplier: 'Énergie Exemple SA',
        // The seller's postal address BG-5, for the claim letter (ADR 0081).
        supplierAddress: ['1 place de l’Énergie', '75008 Paris'],
        invoiceNumber: 'FG-2026-02-0117',
        issuedOn: '2026-03-06',
        point: { pointDeReseau: 'PITD', code: 'GI060012', pce: '21400000000117' },
        tso: 'NaTran',
        period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
        tarif: 'T4',
        car: 15466.8,
        cja: 109,
        ntr: 2,
        consumptionMwh: 2043.755,
        totals: T4_FEB_2026.totals,
      });
      // Line by line, as the reference invoice (kinds from the French label dictionary, units converted).
      expect(
        r.invoice.lines.map((l) => [l.kind, l.quantity, l.unitPrice, l.unitPriceUnit, l.prorata, l.amount]),
      ).toEqual(
        T4_FEB_2026.lines.map((l) => [
          l.kind,
          l.quantity,
          l.unitPrice,
          l.unitPriceUnit,
          l.prorata === null ? null : expect.closeTo(l.prorata, 12),
          l.amount,
        ]),
      );
      expect(r.warnings).toEqual([]);
      expect(r.provenance?.missing).toEqual([]);
      expect(r.provenance?.sources.pce).toContain('lieu de livraison BT-71');
      expect(r.provenance?.sources.cja).toBe(
        `note d’en-tête BT-22 « Capacité journalière annuelle souscrite (CJA) : 109 000 kWh/j »${
          format === 'Factur-X' ? ', dans « factur-x.xml » joint au PDF' : ''
        }`,
      );
      expect(r.provenance?.lineSources).toHaveLength(T4_FEB_2026.lines.length);
      const report = auditInvoice(r.invoice, REF);
      expect(report.findings).toEqual([]);
      expect(report.readingProblems).toEqual([]);
      expect(report.unverifiableLines).toEqual([]);
      expect(report.checksRun).toEqual(
        expect.arrayContaining(['ntr', 'tcl', 'unitPrice', 'cta', 'accise', 'arithmetic']),
      );
      expect(letter(report, r.warnings)).toBe(false);
    },
  );
});

describe('the same e-invoice with six planted errors', () => {
  it.each(FORMATS)('%s: each anomaly with its amount to the cent, and the claim letter', async (format) => {
    const r = read(await readInvoice(await writeEInvoice(SIX_ERRORS, format), FILENAMES[format]));
    expect(r.warnings).toEqual([]);
    const report = auditInvoice(r.invoice, REF);
    expect(report.readingProblems).toEqual([]);
    expect(report.findings.map((f) => ({ check: f.check, amountEuros: f.amountEuros, rule: f.rule.id }))).toEqual(
      expect.arrayContaining(PLANTED),
    );
    expect(report.findings).toHaveLength(PLANTED.length);
    expect(report.findings.every((f) => f.severity === 'anomalie')).toBe(true);
    expect(report.overBilledEuros).toBe(1291.87);
    expect(letter(report, r.warnings)).toBe(true);
  });
});

describe('what the e-invoice does not say is never guessed', () => {
  it('a seller address without a city is not written; a foreign one names its country (ADR 0081)', () => {
    expect(postalAddress({ lines: ['1 rue X', null], postCode: '75008', city: null, country: 'FR' })).toBeNull();
    expect(postalAddress({ lines: [' Rue  Y 2 '], postCode: '1000', city: 'Bruxelles', country: 'be' })).toEqual([
      'Rue Y 2',
      '1000 Bruxelles',
      'BE',
    ]);
  });

  it('without the unit attributes, capacity and CTA lines are « non vérifiables » and nothing is claimed', async () => {
    const xml = new TextDecoder()
      .decode(await writeEInvoice(SIX_ERRORS, 'UBL'))
      .replace(/<cac:AdditionalItemProperty>[\s\S]*?<\/cac:AdditionalItemProperty>\s*/g, '');
    const r = read(await readInvoice(new TextEncoder().encode(xml), 'sans-unites.xml'));
    const capacity = r.invoice.lines.find((l) => l.kind === 'tcl');
    expect(capacity).toMatchObject({ quantityUnit: null, unitPriceUnit: null, prorata: null });
    const report = auditInvoice(r.invoice, REF);
    expect(report.unverifiableLines.map((l) => l.label)).toContain('Terme de capacité de livraison (TCL)');
    expect(report.readingProblems.length).toBeGreaterThan(0);
    expect(report.findings.filter((f) => f.severity === 'anomalie')).toEqual([]);
    expect(letter(report, r.warnings)).toBe(false);
  });

  it('a missing gas field (no CJA note) is read and reported as missing, for the review step', async () => {
    const xml = new TextDecoder()
      .decode(await writeEInvoice(T4_FEB_2026, 'CII'))
      .replace(/<ram:Content>Capacité journalière annuelle souscrite \(CJA\)[^<]*<\/ram:Content>\s*/, '');
    const r = read(await readInvoice(new TextEncoder().encode(xml), 'sans-cja.xml'));
    expect(r.invoice.cja).toBeNull();
    expect(r.provenance?.missing).toEqual(['cja']);
    expect(r.provenance?.sources.cja).toBeUndefined();
  });

  it('the PCE is read from a line object identifier (BT-128) or a note when the delivery location is absent', async () => {
    const ubl = new TextDecoder().decode(await writeEInvoice(T4_FEB_2026, 'UBL'));
    const withoutLocation = ubl.replace(/<cac:Delivery>[\s\S]*?<\/cac:Delivery>\s*/, '');
    const onLine = withoutLocation.replace(
      '<cbc:LineExtensionAmount currencyID="EUR">1808.81</cbc:LineExtensionAmount>',
      '<cbc:LineExtensionAmount currencyID="EUR">1808.81</cbc:LineExtensionAmount><cac:DocumentReference><cbc:ID>21400000000117</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:DocumentReference>',
    );
    const fromLine = read(await readInvoice(new TextEncoder().encode(onLine), 'ligne.xml'));
    expect(fromLine.invoice.point.pce).toBe('21400000000117');
    expect(fromLine.provenance?.sources.pce).toBe('identifiant d’objet de la ligne 1 BT-128');

    const inNote = withoutLocation.replace(
      '<cbc:Note>Type de point : PITD</cbc:Note>',
      '<cbc:Note>Type de point : PITD</cbc:Note><cbc:Note>Point de comptage et d’estimation (PCE) : 21400000000117</cbc:Note>',
    );
    const fromNote = read(await readInvoice(new TextEncoder().encode(inNote), 'note.xml'));
    expect(fromNote.invoice.point.pce).toBe('21400000000117');
    expect(fromNote.provenance?.sources.pce).toContain('note d’en-tête BT-22');

    const none = read(await readInvoice(new TextEncoder().encode(withoutLocation), 'sans-pce.xml'));
    expect(none.invoice.point.pce).toBeNull();
    expect(none.provenance?.missing).toContain('pce');
  });

  it('two different values for one field (a second PCE, a second CJA) are a warning, so no claim letter', async () => {
    const ubl = new TextDecoder().decode(await writeEInvoice(SIX_ERRORS, 'UBL'));
    const withNote = (note: string) =>
      new TextEncoder().encode(
        ubl.replace(
          '<cbc:Note>Type de point : PITD</cbc:Note>',
          `<cbc:Note>Type de point : PITD</cbc:Note><cbc:Note>${note}</cbc:Note>`,
        ),
      );
    const other = read(await readInvoice(withNote('PCE : 21400000000999'), 'deux-pce.xml'));
    expect(other.invoice.point.pce).toBe('21400000000117');
    expect(other.warnings).toEqual([
      'Deux valeurs différentes pour le PCE : « 21400000000117 » et « 21400000000999 » (PCE). Vérifiez la facture.',
    ]);
    expect(letter(auditInvoice(other.invoice, REF), other.warnings)).toBe(false);
    // The same value written another way is no doubt.
    const same = read(await readInvoice(withNote('CJA : 109 MWh/j'), 'meme-cja.xml'));
    expect(same.warnings).toEqual([]);
  });

  it('the VAT total is the one in the invoice currency (BT-110), not the accounting currency’s (BT-111)', async () => {
    const cii = new TextDecoder()
      .decode(await writeEInvoice(T4_FEB_2026, 'CII'))
      .replace(
        /(<ram:TaxTotalAmount currencyID="EUR">)/,
        '<ram:TaxTotalAmount currencyID="CHF">26000.00</ram:TaxTotalAmount>$1',
      );
    expect(cii).toContain('currencyID="CHF"');
    const r = read(await readInvoice(new TextEncoder().encode(cii), 'deux-devises.xml'));
    expect(r.invoice.totals.totalTva).toBe(27841.6);
  });

  it('a UBL credit note is read with negative quantities and amounts (a refund, never a claim)', async () => {
    const ubl = new TextDecoder().decode(await writeEInvoice(T4_FEB_2026, 'UBL'));
    const credit = ubl
      .replace(/<Invoice /, '<CreditNote ')
      .replace(/<\/Invoice>/, '</CreditNote>')
      .replace(
        'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
        'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
      )
      .replace(
        /<cbc:InvoiceTypeCode>380<\/cbc:InvoiceTypeCode>/,
        '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>',
      )
      .replace(/InvoiceLine>/g, 'CreditNoteLine>')
      .replace(/InvoicedQuantity/g, 'CreditedQuantity');
    const r = read(await readInvoice(new TextEncoder().encode(credit), 'avoir.xml'));
    expect(r.invoice.totals).toEqual({ totalHt: -139208.01, totalTva: -27841.6, totalTtc: -167049.61 });
    expect(r.invoice.lines.every((l) => l.amount < 0)).toBe(true);
    expect(r.warnings).toEqual([
      'Avoir : les quantités et montants sont lus en négatif (un avoir rembourse une facture antérieure).',
    ]);
    const report = auditInvoice(r.invoice, REF);
    expect(report.findings.filter((f) => f.severity === 'anomalie' && f.amountEuros > 0)).toEqual([]);
    expect(letter(report, r.warnings)).toBe(false);
  });
});

describe('the committed e-invoices of fixtures/e-factures (written by scripts/generate-e-invoices.ts, for the browser test)', () => {
  const dir = path.resolve(import.meta.dirname, '../fixtures/e-factures');
  it.each([
    ['t4-fevrier-2026-factur-x.pdf', []],
    ['t4-fevrier-2026-ubl.xml', []],
    ['t4-fevrier-2026-six-erreurs-factur-x.pdf', PLANTED],
    ['t4-fevrier-2026-six-erreurs-cii.xml', PLANTED],
  ] as const)('%s', async (file, planted) => {
    const r = read(await readInvoice(new Uint8Array(readFileSync(path.join(dir, file))), file));
    expect(r.warnings).toEqual([]);
    const report = auditInvoice(r.invoice, REF);
    expect(report.findings.map((f) => ({ check: f.check, amountEuros: f.amountEuros, rule: f.rule.id }))).toEqual(
      expect.arrayContaining([...planted]),
    );
    expect(report.findings).toHaveLength(planted.length);
  });
});
