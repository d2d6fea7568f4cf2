import { describe, expect, it } from 'vitest';
import { defaultCeeFor } from './cee-default.ts';

describe('default CEE cost shown by the form', () => {
  it('is the dated estimate of @pilote/tariffs for the month of effect', () => {
    expect(defaultCeeFor('2026-02')).toEqual({ value: 6.1, date: '2026-02-01', isEstimate: true });
    expect(defaultCeeFor('2025-06')).toEqual({ value: 3.82, date: '2025-06-01', isEstimate: true });
  });

  it('uses the current month without a month of effect, and says nothing where no value is known', () => {
    expect(defaultCeeFor('', new Date(2026, 10, 21))?.date).toBe('2026-11-01');
    expect(defaultCeeFor('2031-03')).toBeNull();
    expect(defaultCeeFor('2010-01')).toBeNull();
  });
});
