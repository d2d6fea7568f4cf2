import { planCatalogue } from '@pilote/contracts';
import { describe, expect, it } from 'vitest';
import { formatBillingDate, formatPeriodLastDay, formatPlanFeature, formatPlanPrice } from './plan-format.ts';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('plan cards text (spec §9: price in euros per interval)', () => {
  it('prices per interval, without VAT for paid plans, and the trial as free for its days', () => {
    expect(nbsp(formatPlanPrice(planCatalogue.premium))).toBe('79 € HT / mois');
    expect(nbsp(formatPlanPrice(planCatalogue.free))).toBe('0 € / mois');
    expect(nbsp(formatPlanPrice({ id: 'basic', price: 29.5, interval: 'year' }))).toBe('29,50 € HT / an');
    expect(formatPlanPrice(planCatalogue.business_trial)).toBe('Gratuit · 14 jours');
  });

  it("gives a quota per period, or for the whole trial (never 'par jour')", () => {
    const optimisations = planCatalogue.free.features.find((feature) => feature.name === 'optimisations');
    if (optimisations?.type !== 'quota') {
      throw new Error('catalogue without the optimisations quota');
    }
    expect(formatPlanFeature(optimisations, planCatalogue.free)).toBe('3 par mois');
    expect(formatPlanFeature({ ...optimisations, limit: 200 }, planCatalogue.business_trial)).toBe(
      "200 pendant l'essai",
    );
    expect(formatPlanFeature({ ...optimisations, limit: null }, planCatalogue.free)).toBe('Illimité');
  });
});

describe('billing dates (Europe/Paris, whatever the machine)', () => {
  it('shows the last day of a period whose end is the next one’s first instant', () => {
    expect(formatBillingDate('2026-11-01T00:00:00+01:00')).toBe('1 novembre 2026');
    expect(formatPeriodLastDay('2026-12-01T00:00:00+01:00')).toBe('30 novembre 2026');
    expect(formatPeriodLastDay('2026-12-23T16:00:00+00:00')).toBe('23 décembre 2026');
  });
});
