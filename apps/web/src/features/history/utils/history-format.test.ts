import { describe, expect, it } from 'vitest';
import { formatMonthOf, signedEuros } from './history-format.ts';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('history formats', () => {
  it('names the month of a result', () => {
    expect(formatMonthOf('2026-11-01')).toBe('novembre 2026');
    expect(formatMonthOf('n/a')).toBe('n/a');
  });

  it('writes a difference with its sign, to the cent', () => {
    expect(nbsp(signedEuros(1234.5))).toBe('+1 234,50 €');
    expect(nbsp(signedEuros(-0.01))).toBe('−0,01 €');
    expect(nbsp(signedEuros(0))).toBe('0,00 €');
  });
});
