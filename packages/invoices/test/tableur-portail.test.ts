/**
 * A supplier portal's export (issue #25 §4, ADR 0070) written by exceljs — not our writer — with its own header
 * layout: a title and blank rows above the header, columns in another order, units in the column titles, one row per
 * billed line, two PCE in one file. One invoice per PCE and month; the correct February 2026 T4 case gives no anomaly,
 * the six planted errors each give their anomaly to the cent; a corrected column mapping is applied.
 */
import { type AuditReferenceData, auditInvoice, type InvoiceLine, type NormalisedInvoice } from '@pilote/tariffs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSpreadsheet } from '../src/formats/spreadsheet.ts';
import { extractSpreadsheetPortal } from '../src/layouts/tableur-portail.ts';
import { PLANTED, SIX_ERRORS, T4_FEB_2026 } from './helpers/e-invoice-eu.ts';

const REF: AuditReferenceData = {
  point: { pointDeReseau: 'PITD', code: 'GI060012', ntr: 2, tso: 'NaTran', isSample: false },
};
const OTHER_PCE = '21400000000999';

async function portalExport(invoices: readonly [string, NormalisedInvoice][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Export factures');
  ws.addRow(['Espace client — export de vos factures détaillées']);
  ws.addRow(['Fournisseur', 'Énergie Exemple SA']);
  ws.addRow([]);
  ws.addRow([
    'Montant HT (€)',
    'Composante',
    'PCE',
    'Date de début',
    'Date de fin',
    'Option',
    'Code PITD',
    'NTR',
    'CAR (kWh)',
    'CJA (kWh/j)',
    'Quantité',
    'Unité',
    'Prix unitaire',
    'Unité de prix',
    'Prorata',
    'TVA (€)',
    'Montant TTC (€)',
    'N° facture',
  ]);
  for (const [pce, inv] of invoices) {
    for (const l of inv.lines) {
      const isCta = l.quantityUnit === '€';
      const vat = Math.round(l.amount * 0.2 * 100) / 100;
      ws.addRow([
        l.amount,
        l.label,
        pce,
        '01/02/2026',
        '28/02/2026',
        inv.tarif,
        inv.point.code,
        inv.ntr,
        Math.round((inv.car ?? 0) * 1000),
        Math.round((inv.cja ?? 0) * 1000),
        l.quantityUnit === 'MWh' ? Math.round((l.quantity ?? 0) * 1000) : l.quantity,
        l.quantityUnit === 'MWh' ? 'kWh' : l.quantityUnit,
        isCta ? Math.round((l.unitPrice ?? 0) * 10_000) / 100 : l.unitPrice,
        l.unitPriceUnit,
        l.prorata === null ? null : `${Math.round(l.prorata * 12)}/12`,
        vat,
        Math.round((l.amount + vat) * 100) / 100,
        inv.invoiceNumber,
      ]);
    }
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const kinds = (lines: readonly InvoiceLine[]) => lines.map((l) => [l.kind, l.quantity, l.unitPrice, l.amount]);

describe('a portal export written by exceljs with another header layout', () => {
  it('one invoice per PCE and month, units from the titles, no anomaly; six planted errors to the cent', async () => {
    const bytes = await portalExport([
      ['21400000000117', T4_FEB_2026],
      [OTHER_PCE, SIX_ERRORS],
    ]);
    const { invoices, mapping } = extractSpreadsheetPortal(readSpreadsheet(bytes, 'xlsx'));
    expect(Object.values(mapping).find((m) => m.column === 'cja')).toEqual({ column: 'cja', unit: 'kWh/j' });
    expect(invoices.map((i) => [i.pce, i.month])).toEqual([
      ['21400000000117', '2026-02'],
      [OTHER_PCE, '2026-02'],
    ]);
    const [correct, wrong] = invoices.map((i) => i.extracted);
    expect(correct?.invoice).toMatchObject({
      supplier: 'Énergie Exemple SA',
      tarif: 'T4',
      car: 15466.8,
      cja: 109,
      ntr: 2,
      period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
    });
    expect(kinds(correct?.invoice.lines ?? [])).toEqual(kinds(T4_FEB_2026.lines));
    expect(correct?.warnings).toEqual([]);
    const ok = auditInvoice(correct?.invoice as NormalisedInvoice, REF);
    expect(ok.findings).toEqual([]);
    expect(ok.readingProblems).toEqual([]);
    const bad = auditInvoice(wrong?.invoice as NormalisedInvoice, REF);
    expect(bad.findings.map((f) => ({ check: f.check, amountEuros: f.amountEuros, rule: f.rule.id }))).toEqual(
      expect.arrayContaining(PLANTED),
    );
    expect(bad.overBilledEuros).toBe(1291.87);
  });

  it('a column mapping corrected by the user is applied (a unit the title did not give)', async () => {
    const bytes = await portalExport([['21400000000117', T4_FEB_2026]]);
    const sheets = readSpreadsheet(bytes, 'xlsx');
    const found = extractSpreadsheetPortal(sheets).mapping;
    // The user says the CJA column is in MWh/j: read as 109 000 MWh/j, the reading check flags it.
    const corrected = Object.fromEntries(
      Object.entries(found).map(([i, m]) => [i, m.column === 'cja' ? { column: 'cja' as const, unit: 'MWh/j' } : m]),
    );
    const [inv] = extractSpreadsheetPortal(sheets, corrected).invoices;
    expect(inv?.extracted.invoice.cja).toBe(109_000);
    expect(auditInvoice(inv?.extracted.invoice as NormalisedInvoice, REF).readingProblems.length).toBeGreaterThan(0);
  });
});

describe('readInvoice on a portal export', () => {
  it('one PCE and month: read as its invoice; several: refused with the list, no value guessed', async () => {
    const { readInvoice } = await import('../src/index.ts');
    const one = await readInvoice(await portalExport([['21400000000117', T4_FEB_2026]]), 'export.xlsx');
    expect(one.ok && one.invoice.layout).toBe('tableur-portail');
    const two = await readInvoice(
      await portalExport([
        ['21400000000117', T4_FEB_2026],
        [OTHER_PCE, T4_FEB_2026],
      ]),
      'export.xlsx',
    );
    expect(two.ok).toBe(false);
    // Every row prints its invoice's number: each part carries it (ADR 0086).
    expect(!two.ok && two.refusal.code).toBe('SEVERAL_INVOICES');
    expect(!two.ok && two.refusal.found).toEqual([
      'PCE 21400000000117, mois 2026-02, facture n° FG-2026-02-0117',
      `PCE ${OTHER_PCE}, mois 2026-02, facture n° FG-2026-02-0117`,
    ]);
  });
});

describe('readInvoice on a portal CSV export (ADR 0081)', () => {
  /** The same export as a portal's CSV: `;`, decimal commas, a title line without separator above the header. */
  async function portalCsv(invoices: readonly [string, NormalisedInvoice][]): Promise<Uint8Array> {
    const [sheet] = readSpreadsheet(await portalExport(invoices), 'xlsx');
    const field = (cell: unknown) =>
      cell === null || cell === undefined
        ? ''
        : typeof cell === 'number'
          ? String(cell).replace('.', ',')
          : String(cell);
    const text = (sheet?.rows ?? []).map((row) => row.map(field).join(';')).join('\r\n');
    return new TextEncoder().encode(`\ufeff${text.replace(/^([^;]*);+/, '$1')}\r\n`);
  }

  it('is accepted by its bytes and read like the workbook: values, units from the titles, no anomaly', async () => {
    const { readInvoice, sniffInvoiceFormat } = await import('../src/index.ts');
    const bytes = await portalCsv([['21400000000117', T4_FEB_2026]]);
    expect(sniffInvoiceFormat(bytes)).toBe('csv');
    const one = await readInvoice(bytes, 'export.csv');
    if (!one.ok) {
      throw new Error(one.refusal.message);
    }
    expect(one.invoice).toMatchObject({ format: 'csv', layout: 'tableur-portail', cja: 109, car: 15466.8, ntr: 2 });
    expect(kinds(one.invoice.lines)).toEqual(kinds(T4_FEB_2026.lines));
    expect(one.warnings).toEqual([]);
    expect(auditInvoice(one.invoice, REF).findings).toEqual([]);
  });

  it('plain text without columns, or with control bytes, is not a CSV', async () => {
    const { sniffInvoiceFormat } = await import('../src/index.ts');
    expect(sniffInvoiceFormat(new TextEncoder().encode('Bonjour,\nvoici la facture.\n'))).toBeNull();
    expect(sniffInvoiceFormat(new TextEncoder().encode('PCE;Montant;TVA\n\u0001;2;3\n'))).toBeNull();
    expect(sniffInvoiceFormat(new Uint8Array([0x50, 0x43, 0x45, 0x3b, 0xff, 0xfe, 0x3b, 0x31]))).toBeNull();
  });
});

describe('readInvoice of one part of a portal export (ADR 0081)', () => {
  it('reads the PCE-month asked, and refuses one the file does not hold', async () => {
    const { readInvoice } = await import('../src/index.ts');
    const bytes = await portalExport([
      ['21400000000117', T4_FEB_2026],
      [OTHER_PCE, SIX_ERRORS],
    ]);
    const second = await readInvoice(bytes, 'export.xlsx', { part: { pce: OTHER_PCE, month: '2026-02' } });
    expect(second.ok && second.invoice.point.pce).toBe(OTHER_PCE);
    expect(second.ok && auditInvoice(second.invoice, REF).overBilledEuros).toBe(1291.87);
    const absent = await readInvoice(bytes, 'export.xlsx', { part: { pce: OTHER_PCE, month: '2026-03' } });
    expect(!absent.ok && absent.refusal.message).toBe(
      `« export.xlsx » ne contient pas de facture du PCE ${OTHER_PCE} pour le mois 2026-03.`,
    );
  });
});
