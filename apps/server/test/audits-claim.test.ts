/**
 * The claim letter's gate and amounts (issue #25, ADR 0062): offered only for over-billed anomalies on an invoice
 * read without warnings or reading problems; HT, VAT and TTC exact to the cent.
 */
import { type AuditFindingDto, claimLetterOffered } from '@pilote/contracts';
import { describe, expect, it } from 'vitest';
import { claimedAmounts } from '../src/modules/audits/service.ts';

function finding(amountEuros: number, severity: AuditFindingDto['severity'] = 'anomalie'): AuditFindingDto {
  return {
    id: `f${amountEuros}`,
    check: 'unitPrice',
    severity,
    title: 'Prix unitaire hors grille',
    message: '',
    amountEuros,
    rule: { id: 'atrd7.prix', label: '', legalReference: '', sources: [] },
    billed: { label: '', value: 0, unit: '' },
    expected: { label: '', value: 0, unit: '' },
    lineIndex: 0,
    isEstimate: false,
  };
}

const report = (
  findings: AuditFindingDto[],
  readingProblems: { id: string; field: string; message: string }[] = [],
) => ({
  findings,
  readingProblems,
});

describe('claim letter gate', () => {
  it('is offered for an over-billed anomaly on an invoice read without warnings', () => {
    expect(claimLetterOffered({ status: 'done', report: report([finding(870.64)]), warnings: [] })).toEqual({
      offered: true,
    });
  });

  it('is not offered when nothing was over-billed (only under-billing, alerts) or the audit is not done', () => {
    for (const findings of [[finding(-1200)], [finding(300, 'alerte')], []]) {
      expect(claimLetterOffered({ status: 'done', report: report(findings), warnings: [] }).offered).toBe(false);
    }
    expect(claimLetterOffered({ status: 'running', report: null, warnings: [] }).offered).toBe(false);
  });

  it('is not offered on a doubtful reading: a row not read, or values that disagree', () => {
    const warned = claimLetterOffered({
      status: 'done',
      report: report([finding(100)]),
      warnings: ['Ligne du tableau non lue : « x ».'],
    });
    expect(warned).toMatchObject({ offered: false, reason: expect.stringContaining('à vérifier') });
    const problems = report([finding(100)], [{ id: 'lecture:cja', field: 'cja', message: 'CJA lue…' }]);
    expect(claimLetterOffered({ status: 'done', report: problems, warnings: [] }).offered).toBe(false);
  });
});

describe('claimed amounts', () => {
  it('HT is the sum of the over-billed anomalies, VAT at the invoice rate, TTC = HT + VAT, to the cent', () => {
    // 2 400,00 + 249,60 + 47,03 = 2 696,63 HT ; 20 % = 539,326 → 539,33 ; TTC 3 235,96.
    expect(
      claimedAmounts([finding(2400), finding(249.6), finding(47.03)], { vat: [{ rate: 0.2, base: 1, amount: 0.2 }] }),
    ).toEqual({ ht: 2696.63, vatRate: 0.2, vat: 539.33, ttc: 3235.96 });
  });

  it('0,1 + 0,2 is 0,30 € exactly (sums in cents)', () => {
    expect(claimedAmounts([finding(0.1), finding(0.2)], { vat: [] })).toEqual({
      ht: 0.3,
      vatRate: 0.2,
      vat: 0.06,
      ttc: 0.36,
    });
  });
});
