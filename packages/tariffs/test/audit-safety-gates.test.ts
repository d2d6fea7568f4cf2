/**
 * Safety gates of the audit (issue #25 §1, ADR 0062): nothing doubtful becomes an anomaly. Each case below was a
 * false claim before the gates: a price in an unconverted unit, a header read ×1000, a dropped row, an overlapping
 * invoice claimed in full. Starts from the correct February 2026 T4 invoice (no finding) and changes one thing.
 */
import { describe, expect, it } from 'vitest';
import {
  type AuditReferenceData,
  auditInvoice,
  type InvoiceLine,
  type NormalisedInvoice,
  referenceInvoice,
} from '../src/index.ts';

const base = referenceInvoice({
  format: 'pdf',
  layout: 'test',
  supplier: 'Fournisseur',
  invoiceNumber: 'F-2026-02',
  issuedOn: '2026-03-05',
  point: { pointDeReseau: 'PITD', code: 'GI000123', pce: '21400000000000' },
  tso: 'NaTran',
  ntr: 2,
  tarif: 'T4',
  car: 15466.8,
  cja: 109,
  modulation: 29.015,
  consumptionMwh: 2043.755,
  period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
  prorata: 'mois',
  fourniturePrice: 45.8,
});
const REF: AuditReferenceData = {
  point: { pointDeReseau: 'PITD', code: 'GI000123', ntr: 2, tso: 'NaTran', isSample: false },
};

const cents = (v: number) => Math.round(v * 100) / 100;

/** Changes lines and prints the totals a consistent supplier would. */
function mapLines(invoice: NormalisedInvoice, change: (line: InvoiceLine) => InvoiceLine): NormalisedInvoice {
  const lines = invoice.lines.map(change);
  const totalHt = cents(lines.reduce((s, l) => s + l.amount, 0));
  const totalTva = cents(totalHt * 0.2);
  return {
    ...invoice,
    lines,
    vat: [{ rate: 0.2, base: totalHt, amount: totalTva }],
    totals: { totalHt, totalTva, totalTtc: cents(totalHt + totalTva) },
  };
}

describe('gate 1 — a price is compared with the grid only in a known, converted unit', () => {
  it('the reference invoice prints every price in its grid unit: nothing is « non vérifiable »', () => {
    const report = auditInvoice(base, REF);
    expect(report.unverifiableLines).toEqual([]);
    expect(report.findings).toEqual([]);
  });

  it('monthly prices left in €/mois (« 1 mois × €/mois ») are « non vérifiable », never an anomaly', () => {
    // What a reader that does not convert gives: 1 mois × 1 808,81 €/mois = 1 808,81 € for the subscription,
    // 109 MWh/j × 24 €/MWh/j/mois for the capacity, and so on: nine false anomalies before the gate.
    const monthly = mapLines(base, (line) =>
      line.prorata !== null && line.unitPrice !== null && line.unitPriceUnit?.endsWith('/an')
        ? {
            ...line,
            unitPrice: cents(line.unitPrice / 12),
            unitPriceUnit: line.unitPriceUnit.replace(/\/an$/, '/mois'),
            prorata: null,
            amount: cents((line.quantity ?? 0) * cents(line.unitPrice / 12)),
          }
        : line,
    );
    const report = auditInvoice(monthly, REF);
    expect(report.findings.filter((f) => f.severity === 'anomalie')).toEqual([]);
    expect(report.overBilledEuros).toBe(0);
    const labels = report.unverifiableLines.map((l) => l.label);
    expect(labels).toContain(base.lines.find((l) => l.kind === 'abonnement')?.label);
    expect(labels).toContain(base.lines.find((l) => l.kind === 'tcr')?.label);
    expect(report.unverifiableLines[0]?.reason).toContain('€/mois');
  });

  it('a price printed without a unit is « non vérifiable »', () => {
    const bare = mapLines(base, (line) =>
      line.kind === 'termeProportionnel' ? { ...line, unitPrice: 0.00118, unitPriceUnit: null } : line,
    );
    const report = auditInvoice(bare, REF);
    expect(report.findings.filter((f) => f.check === 'unitPrice')).toEqual([]);
    expect(report.unverifiableLines).toMatchObject([{ reason: expect.stringContaining('non imprimée') }]);
  });
});

describe('gate 2 — what was read is cross-checked; a disagreement is a reading problem, not an anomaly', () => {
  it('CJA, CAR and consumption read × 1000 (numeric header cells in kWh): reading problems, no anomaly', () => {
    const x1000 = { ...base, cja: 109_000, car: 15_466_800, consumptionMwh: 2_043_755 };
    const report = auditInvoice(x1000, REF);
    expect(report.readingProblems.map((p) => p.field).sort()).toEqual(['car', 'cja', 'consumption']);
    expect(report.findings).toEqual([]);
    expect(report.overBilledEuros).toBe(0);
    expect(report.checksRun).toEqual([]);
    expect(report.checksSkipped[0]?.reason).toContain('Lecture à vérifier');
  });

  it('a dropped row (the lines no longer add up to the printed total HT) is a reading problem', () => {
    const dropped = { ...base, lines: base.lines.filter((l) => l.kind !== 'capaciteT4Jusqua500') };
    const report = auditInvoice(dropped, REF);
    expect(report.readingProblems.map((p) => p.id)).toEqual(['lecture:total-ht']);
    expect(report.readingProblems[0]?.message).toContain('139 208,01');
    expect(report.findings).toEqual([]);
  });

  it('a line quantity read in kWh as MWh (amount 1000 × off) is a reading problem, not an arithmetic anomaly', () => {
    const misread = mapLines(base, (line) =>
      line.kind === 'fourniture' ? { ...line, quantity: (line.quantity ?? 0) * 1000 } : line,
    );
    const report = auditInvoice(misread, REF);
    expect(report.readingProblems.map((p) => p.field)).toContain(`line:${base.lines.length - 1}`);
    expect(report.findings).toEqual([]);
  });

  it('once the user confirms the reading, the checks run on the confirmed values', () => {
    const dropped = { ...base, lines: base.lines.filter((l) => l.kind !== 'capaciteT4Jusqua500') };
    const report = auditInvoice(dropped, { ...REF, readingConfirmed: true });
    expect(report.readingProblems).toHaveLength(1);
    expect(report.checksRun).toContain('unitPrice');
  });
});

describe('gate 6 — an overlapping earlier invoice is a possible duplicate or correction, never claimed', () => {
  it('the same PCE and month audited before: listed for the user to qualify, no anomaly, nothing recoverable', () => {
    const report = auditInvoice(base, {
      ...REF,
      otherPeriods: [{ invoiceNumber: 'F-2026-02', period: { firstDay: '2026-02-01', lastDay: '2026-02-28' } }],
    });
    expect(report.possibleDuplicates).toEqual([
      { invoiceNumber: 'F-2026-02', period: { firstDay: '2026-02-01', lastDay: '2026-02-28' }, sharedDays: 28 },
    ]);
    expect(report.findings).toEqual([]);
    expect(report.overBilledEuros).toBe(0);
  });
});

describe('titles of the findings', () => {
  it('a CTA base error is « assiette erronée » (agreement)', () => {
    const wrong = mapLines(base, (line) =>
      line.kind === 'ctaTransport' ? { ...line, quantity: 4424.81, amount: 208.41 } : line,
    );
    const report = auditInvoice(wrong, REF);
    expect(report.findings.map((f) => f.title)).toContain('CTA part transport : assiette erronée');
  });

  it('a capacity billed other than the CJA is titled as a capacity error, not as a T4 band error', () => {
    const wrong = mapLines(base, (line) =>
      line.kind === 'capaciteT4Jusqua500' ? { ...line, quantity: 120, amount: 2880 } : line,
    );
    const report = auditInvoice(wrong, REF);
    const band = report.findings.find((f) => f.check === 't4Bands');
    expect(band?.title).toMatch(/^Capacité journalière facturée différente de la CJA/);
    expect(band?.amountEuros).toBe(264); // (120 − 109) × 288 / 12
  });
});
