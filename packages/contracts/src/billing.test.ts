import { describe, expect, it } from 'vitest';
import { formatEuroCents, planPriceCents, priceBreakdown } from './billing.ts';
import { planCatalogue } from './plans.ts';

describe('prices HT / TVA / TTC in cents (ADR 0078)', () => {
  it('adds 20 % VAT rounded half up to the cent, TTC = HT + TVA', () => {
    expect(priceBreakdown(2900)).toEqual({
      ht_cents: 2900,
      vat_cents: 580,
      ttc_cents: 3480,
      vat_rate_basis_points: 2000,
    });
    expect(priceBreakdown(1)).toMatchObject({ vat_cents: 0, ttc_cents: 1 });
    expect(priceBreakdown(3)).toMatchObject({ vat_cents: 1, ttc_cents: 4 }); // 0,6 → 1
    expect(priceBreakdown(1234567)).toMatchObject({ vat_cents: 246913, ttc_cents: 1481480 }); // 246 913,4
    expect(() => priceBreakdown(10.5)).toThrow(RangeError);
  });

  it('sells a year for ten months, and the catalogue says so', () => {
    expect(planPriceCents('basic', 'month')).toBe(2900);
    expect(planPriceCents('basic', 'year')).toBe(29000);
    expect(planPriceCents('premium', 'year')).toBe(79000);
    expect(planCatalogue.basic.yearly_price).toBe(290);
    expect(planCatalogue.premium.yearly_price).toBe(790);
    expect(planCatalogue.free.yearly_price).toBeNull();
  });

  it('writes euros the French way, exactly', () => {
    expect(formatEuroCents(94800)).toBe('948,00\u00a0€');
    expect(formatEuroCents(123456789)).toBe('1\u00a0234\u00a0567,89\u00a0€');
    expect(formatEuroCents(5)).toBe('0,05\u00a0€');
  });
});
