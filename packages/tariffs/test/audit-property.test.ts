/**
 * Property: an invoice built from the dated grids (any option, point type, TSO, NTR, period inside ATRD7/ATRT8,
 * across grid changes, monthly or daily pro-rata) has no finding at all.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, auditInvoice, referenceInvoice, type Tso } from '../src/index.ts';

const START = '2024-07-01';
const DAYS = 1000; // up to late March 2027

describe('audit — property', () => {
  it('a correct invoice generated from the engine has no anomaly', () => {
    fc.assert(
      fc.property(
        fc.record({
          offset: fc.integer({ min: 0, max: DAYS - 120 }),
          length: fc.integer({ min: 1, max: 92 }),
          point: fc.constantFrom('PITD', 'LI', 'PIC'),
          tarif: fc.constantFrom('T1', 'T2', 'T3', 'T4'),
          tso: fc.constantFrom<Tso>('NaTran', 'Teréga'),
          ntr: fc.integer({ min: 0, max: 10 }),
          cja: fc.double({ min: 0.5, max: 900, noNaN: true }).map((v) => Math.round(v * 1000) / 1000),
          modulation: fc.option(fc.double({ min: 0.1, max: 50, noNaN: true }).map((v) => Math.round(v * 1000) / 1000)),
          consumption: fc.double({ min: 0, max: 50000, noNaN: true }).map((v) => Math.round(v * 1000) / 1000),
          prorata: fc.constantFrom<'jours' | 'mois'>('jours', 'mois'),
          price: fc.option(fc.double({ min: 10, max: 120, noNaN: true }).map((v) => Math.round(v * 100) / 100)),
        }),
        (s) => {
          const firstDay = addDays(START, s.offset);
          const isPitd = s.point === 'PITD';
          const invoice = referenceInvoice({
            format: 'xml',
            layout: 'property',
            supplier: 'Fournisseur',
            invoiceNumber: 'P-1',
            issuedOn: addDays(firstDay, s.length + 5),
            point: { pointDeReseau: s.point as 'PITD' | 'LI' | 'PIC', code: 'X1', pce: null },
            tso: s.tso,
            ntr: s.ntr,
            tarif: isPitd ? (s.tarif as 'T1' | 'T2' | 'T3' | 'T4') : null,
            car: null,
            cja: s.cja,
            modulation: s.modulation ?? undefined,
            consumptionMwh: s.consumption,
            period: { firstDay, lastDay: addDays(firstDay, s.length - 1) },
            prorata: s.prorata,
            fourniturePrice: s.price ?? undefined,
          });
          const report = auditInvoice(invoice, {
            point: { pointDeReseau: invoice.point.pointDeReseau, code: 'X1', ntr: s.ntr, tso: s.tso, isSample: false },
          });
          expect(report.findings).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
