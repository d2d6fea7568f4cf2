/**
 * One file, several invoices (issue #25 §4, ADR 0086): a portal's CSV export written in the test holds three
 * invoices — PCE 21400000000117 for January and February 2026, both correct, and PCE 21400000000125 for February 2026
 * billed with a TCL of 58,31 instead of 56,31 €/MWh/j/an. Read without a part it is refused as `SEVERAL_INVOICES` with
 * its three parts; each part read alone is its own invoice: the two correct ones give no anomaly and no letter, the
 * third its anomaly to the cent.
 */
import { type AuditReferenceData, auditInvoice, type NormalisedInvoice } from '@pilote/tariffs';
import { describe, expect, it } from 'vitest';
import { readInvoice } from '../src/index.ts';
import { MAX_INVOICES_PER_FILE } from '../src/read-invoice.ts';
import { T4_FEB_2026 } from './helpers/e-invoice-eu.ts';
import {
  JANUARY_2026 as JANUARY,
  PCE_A,
  PCE_B,
  portalCsvExport,
  TCL_ERROR_FEB_2026 as TCL_ERROR,
  THREE_INVOICES,
} from './helpers/portal-export.ts';

const REF: AuditReferenceData = {
  point: { pointDeReseau: 'PITD', code: 'GI060012', ntr: 2, tso: 'NaTran', isSample: false },
};

const EXPORT = portalCsvExport(THREE_INVOICES);

describe('a portal export of three invoices', () => {
  it('read whole: refused as several invoices, with its three parts in the order met and no value guessed', async () => {
    const result = await readInvoice(EXPORT, 'export-factures.csv');
    if (result.ok) {
      throw new Error('read as one invoice');
    }
    expect(result.refusal.code).toBe('SEVERAL_INVOICES');
    expect(result.refusal.parts).toEqual([
      { pce: PCE_A, month: '2026-01', invoiceNumber: 'FG-2026-01-0117' },
      { pce: PCE_A, month: '2026-02', invoiceNumber: 'FG-2026-02-0117' },
      { pce: PCE_B, month: '2026-02', invoiceNumber: 'FG-2026-02-0125' },
    ]);
    expect(result.refusal.found).toEqual([
      `PCE ${PCE_A}, mois 2026-01, facture n° FG-2026-01-0117`,
      `PCE ${PCE_A}, mois 2026-02, facture n° FG-2026-02-0117`,
      `PCE ${PCE_B}, mois 2026-02, facture n° FG-2026-02-0125`,
    ]);
  });

  it('an export of more invoices than one file takes is refused in French, no part listed to audit', async () => {
    const many = Array.from({ length: MAX_INVOICES_PER_FILE + 1 }, (_, i) => ({
      ...T4_FEB_2026,
      invoiceNumber: `FG-2026-02-${String(i).padStart(4, '0')}`,
      point: { ...T4_FEB_2026.point, pce: `214000000${String(10_000 + i).padStart(5, '0')}` },
    }));
    const result = await readInvoice(portalCsvExport(many), 'export-factures.csv');
    if (result.ok) {
      throw new Error('read as one invoice');
    }
    expect(result.refusal.code).toBe('TOO_MANY_INVOICES');
    expect(result.refusal.message).toBe(
      `« export-factures.csv » contient ${MAX_INVOICES_PER_FILE + 1} factures : un fichier en prend au plus ${MAX_INVOICES_PER_FILE}. Exportez une période plus courte ou moins de sites par fichier.`,
    );
    expect(result.refusal.parts).toBeUndefined();
  });

  it('each part is its own invoice: two without anomaly nor letter, the third with its anomaly to the cent', async () => {
    const first = await readInvoice(EXPORT, 'export-factures.csv', { part: { pce: PCE_A, month: '2026-01' } });
    const second = await readInvoice(EXPORT, 'export-factures.csv', {
      part: { pce: PCE_A, month: '2026-02', invoiceNumber: 'FG-2026-02-0117' },
    });
    const third = await readInvoice(EXPORT, 'export-factures.csv', { part: { pce: PCE_B, month: '2026-02' } });
    const expected: [typeof first, NormalisedInvoice][] = [
      [first, JANUARY],
      [second, T4_FEB_2026],
      [third, TCL_ERROR],
    ];
    const reports = expected.map(([read, source]) => {
      if (!read.ok) {
        throw new Error(read.refusal.message);
      }
      expect(read.invoice).toMatchObject({
        format: 'csv',
        layout: 'tableur-portail',
        invoiceNumber: source.invoiceNumber,
        point: { pce: source.point.pce, code: 'GI060012' },
        period: source.period,
        cja: 109,
        ntr: 2,
      });
      expect(read.invoice.lines.map((l) => [l.kind, l.amount])).toEqual(source.lines.map((l) => [l.kind, l.amount]));
      expect(read.invoice.totals.totalHt).toBe(source.totals.totalHt);
      expect(read.warnings).toEqual([]);
      return auditInvoice(read.invoice, REF);
    });
    const [january, february, wrong] = reports;
    for (const correct of [january, february]) {
      expect(correct?.findings).toEqual([]);
      expect(correct?.readingProblems).toEqual([]);
      // No over-billed anomaly: nothing a letter could claim.
      expect(correct?.overBilledEuros).toBe(0);
    }
    expect(wrong?.findings.map((f) => ({ check: f.check, severity: f.severity, amountEuros: f.amountEuros }))).toEqual([
      { check: 'tcl', severity: 'anomalie', amountEuros: 18.17 },
    ]);
    expect(wrong?.overBilledEuros).toBe(18.17);
  });

  it('two invoices of one PCE-month under two numbers stay two invoices, never one with both sets of lines', async () => {
    const corrected = { ...T4_FEB_2026, invoiceNumber: 'FG-2026-02-0117-R' };
    const result = await readInvoice(portalCsvExport([T4_FEB_2026, corrected]), 'export.csv');
    expect(!result.ok && result.refusal.parts).toEqual([
      { pce: PCE_A, month: '2026-02', invoiceNumber: 'FG-2026-02-0117' },
      { pce: PCE_A, month: '2026-02', invoiceNumber: 'FG-2026-02-0117-R' },
    ]);
    const one = await readInvoice(portalCsvExport([T4_FEB_2026, corrected]), 'export.csv', {
      part: { pce: PCE_A, month: '2026-02', invoiceNumber: 'FG-2026-02-0117-R' },
    });
    expect(one.ok && one.invoice.lines.length).toBe(T4_FEB_2026.lines.length);
    expect(one.ok && auditInvoice(one.invoice, REF).findings).toEqual([]);
  });
});
