/**
 * Golden values of the short-term capacity fractions and of the GRDF overrun penalty (ADR 0055).
 *
 * Official table: ../shared/reference/gas-tariffs-2026.md §4.1 (délib. CRE n° 2024-40 §5.1.5, ATRD7) and §4.2
 * (délib. n° 2024-22 §6.2.4.4, unchanged in n° 2026-28 §6.2.3, ATRT8): January, February, December 4/12; March,
 * November 2/12; April, May, June, September, October 1/12; July, August 0.5/12. Daily: 1/20 (ATRD7) and 1/30 (ATRT8)
 * of the month's monthly term.
 */
import { describe, expect, it } from 'vitest';
import {
  ATRD7_MONTHLY_FRACTIONS,
  ATRT8_MONTHLY_FRACTIONS,
  ATRT8_TRANSPORT_CONSUMER,
  capacityCostModelAt,
  entryAt,
  evaluatePlan,
  monthlyOverrun,
  PENALTIES,
  prepareSeries,
  referencesOf,
  tieredPenalty,
} from '../src/index.ts';

/** The official table, in twelfths, index 0 = January. */
const OFFICIAL_TWELFTHS = [4, 4, 2, 1, 1, 1, 0.5, 0.5, 1, 1, 2, 4];

describe('monthly subscription fractions (official table)', () => {
  it('ATRD7 and ATRT8 constants equal the table, month by month (sum 22/12)', () => {
    expect(ATRD7_MONTHLY_FRACTIONS.map((f) => f * 12)).toEqual(OFFICIAL_TWELFTHS);
    expect(ATRT8_MONTHLY_FRACTIONS.map((f) => f * 12)).toEqual(OFFICIAL_TWELFTHS);
    expect(ATRD7_MONTHLY_FRACTIONS.reduce((s, f) => s + f, 0) * 12).toBeCloseTo(22, 12);
  });

  it('ATRD7 parameters: official from the ATRD7 start (1 July 2024), citing délib. 2024-40', () => {
    expect(PENALTIES.atrd.capaciteMensuelle).toHaveLength(12);
    PENALTIES.atrd.capaciteMensuelle.forEach((p, month) => {
      expect(Object.keys(p.values)).toEqual(['2024-07-01']);
      const e = entryAt(p, '2025-01-15');
      expect(e.value).toBe((OFFICIAL_TWELFTHS[month] as number) / 12);
      expect(e.status).toBe('official');
      expect(referencesOf(e).some((s) => s.title.includes('2024-40') && s.title.includes('§5.1.5'))).toBe(true);
    });
    const daily = entryAt(PENALTIES.atrd.capaciteQuotidienne, '2025-01-15');
    expect(daily.value).toBe(1 / 20);
    expect(daily.status).toBe('official');
  });

  it('ATRD7 penalty rules are official (délib. 2024-40 §5.1.7)', () => {
    const { seuilDeclenchement, seuilTranche2, multipleTranche1, multipleTranche2, partAutresDepassements } =
      PENALTIES.atrd;
    const values = [seuilDeclenchement, seuilTranche2, multipleTranche1, multipleTranche2, partAutresDepassements].map(
      (p) => entryAt(p, '2025-01-15'),
    );
    expect(values.map((e) => e.value)).toEqual([0.05, 0.15, 2, 4, 0.1]);
    expect(values.every((e) => e.status === 'official')).toBe(true);
  });

  it('ATRT8: the PITD and the LI / PIC parameters read one definition, official from 1 April 2024', () => {
    PENALTIES.atrt.capaciteMensuelle.forEach((p, month) => {
      const consumerParam = ATRT8_TRANSPORT_CONSUMER.souscriptionMensuelle[month];
      expect(consumerParam).toBeDefined();
      if (!consumerParam) {
        return;
      }
      const pitd = entryAt(p, '2026-04-01');
      const consumer = entryAt(consumerParam, '2026-04-01');
      expect(Object.keys(p.values)).toEqual(['2024-04-01']);
      expect(pitd.value).toBe((OFFICIAL_TWELFTHS[month] as number) / 12);
      expect(pitd).toEqual(consumer);
      expect(pitd.status).toBe('official');
      expect(pitd.notes).toBeUndefined();
    });
    expect(entryAt(ATRT8_TRANSPORT_CONSUMER.souscriptionQuotidienne, '2026-04-01').value).toBe(1 / 30);
  });
});

describe('GRDF overrun penalty: worked example of the reference (§4.1)', () => {
  // 2025 grid: T4 annual capacity term 288.00 €/MWh/j/an; January monthly term = 4/12 × 288 = 96.
  const built = capacityCostModelAt({ tarif: 'T4', tso: 'NaTran', ntr: 2, date: '2025-07-01', modulation: 0 });

  it('CJA 109 MWh/j, January, a single overrun of 20 MWh/j → 3 494,40 €', () => {
    const rule = built.model.distributionPenalty;
    expect(rule).not.toBeNull();
    if (!rule) {
      return;
    }
    expect(rule.referenceAnnualRate).toBe(288);
    expect(rule.referenceAnnualRate * (rule.monthlyFractions[0] as number)).toBe(96);
    const overrun = monthlyOverrun(rule, [100, 129, 90], 109);
    expect(overrun).toBe(20);
    // (16.35 − 5.45) × 192 + (20 − 16.35) × 384 = 2 092.80 + 1 401.60.
    expect(tieredPenalty(rule, 0, overrun, 109)).toBeCloseTo(3494.4, 9);
  });

  it('no longer warns that the GRDF rules are an unverified ATRD3 carry-over', () => {
    expect(built.warnings.join(' ')).not.toContain('2 juin 2008');
  });

  it('the optimiser cost of that plan carries the same penalty for January', () => {
    const series = prepareSeries([
      { date: '2026-01-05', mwh: 100, qualite: 'mesure' },
      { date: '2026-01-06', mwh: 129, qualite: 'mesure' },
      { date: '2026-01-07', mwh: 90, qualite: 'mesure' },
    ]);
    const b = evaluatePlan(built.model, series, { cja: 109, mensuelles: null });
    expect(b.details.penalitesDistribution).toBeCloseTo(3494.4, 9);
    expect(b.details.penalitesTransport).toBe(0);
  });
});
