import { describe, expect, it } from 'vitest';
import {
  EMPTY_VALUE,
  formatCja,
  formatCount,
  formatCurrency,
  formatDate,
  formatNumber,
  formatPercent,
  parseFrenchNumber,
} from './format.ts';

// Intl fr-FR separates thousands, "%" and "€" with no-break spaces: U+202F (narrow) or U+00A0, depending on the
// CLDR version of the runtime. Tests compare with both written as a plain space, and check no breakable space remains.
const NNBSP = '\u202f';
const NBSP = '\u00a0';
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatNumber', () => {
  it('uses 2 decimals, a decimal comma and narrow no-break spaces between thousands', () => {
    expect(formatNumber(1234567.891)).toBe(`1${NNBSP}234${NNBSP}567,89`); // exact on Node 20+ and evergreen browsers
    expect(formatNumber(0)).toBe('0,00');
    expect(formatNumber(-3.5)).toBe('-3,50');
  });

  it('takes the number of decimals', () => {
    expect(formatNumber(1234.5678, 3)).toBe(`1${NNBSP}234,568`);
    expect(formatNumber(1234.5, 0)).toBe(`1${NNBSP}235`);
  });

  it('shows an em dash for missing or non-finite values', () => {
    expect(formatNumber(null)).toBe(EMPTY_VALUE);
    expect(formatNumber(undefined)).toBe(EMPTY_VALUE);
    expect(formatNumber(Number.NaN)).toBe(EMPTY_VALUE);
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe(EMPTY_VALUE);
  });
});

describe('formatCurrency', () => {
  it('formats euros with 2 decimals by default', () => {
    expect(plain(formatCurrency(1234.5))).toBe('1 234,50 €');
    expect(plain(formatCurrency(12, 0))).toBe('12 €');
    expect(formatCurrency(null)).toBe(EMPTY_VALUE);
  });
});

describe('formatPercent', () => {
  it('takes a percentage (not a ratio) and shows 1 decimal by default', () => {
    expect(plain(formatPercent(12.34))).toBe('12,3 %');
    expect(plain(formatPercent(100, 0))).toBe('100 %');
    expect(formatPercent(undefined)).toBe(EMPTY_VALUE);
  });
});

describe('no-break spaces', () => {
  it('never puts a breakable space inside a formatted value', () => {
    for (const text of [formatNumber(1234567), formatCurrency(1234.5), formatPercent(12.3), formatCja(12345)]) {
      expect(text).not.toContain(' ');
    }
  });
});

describe('formatCja', () => {
  it('shows whole units', () => {
    expect(formatCja(1234.6)).toBe(`1${NNBSP}235`);
    expect(formatCja(95)).toBe('95');
  });
});

describe('formatCount', () => {
  it('agrees the word with the count, 0 and 1 in the singular', () => {
    expect(formatCount(0, 'manquant')).toBe('0 manquant');
    expect(formatCount(1, 'manquant')).toBe('1 manquant');
    expect(formatCount(2, 'manquant')).toBe('2 manquants');
    expect(plain(formatCount(1234, 'jour'))).toBe('1 234 jours');
    expect(formatCount(3, 'jour estimé', 'jours estimés')).toBe('3 jours estimés');
  });
});

describe('formatDate', () => {
  it('shows a calendar day (ISO date) without time-zone shift', () => {
    expect(formatDate('2025-07-01')).toBe('01/07/2025');
    expect(formatDate('2025-07-01', 'long')).toBe('1 juillet 2025');
  });

  it('accepts Date objects and timestamps', () => {
    expect(formatDate(new Date(2024, 1, 29))).toBe('29/02/2024');
    expect(formatDate(new Date(2024, 0, 5).getTime())).toBe('05/01/2024');
  });

  it('shows an em dash for missing or invalid dates', () => {
    expect(formatDate(null)).toBe(EMPTY_VALUE);
    expect(formatDate('')).toBe(EMPTY_VALUE);
    expect(formatDate('pas une date')).toBe(EMPTY_VALUE);
  });
});

describe('parseFrenchNumber', () => {
  it.each([
    ['1234,56', 1234.56],
    ['1 234,56', 1234.56],
    [`1${NNBSP}234,56`, 1234.56],
    [`1${NBSP}234${NBSP}567`, 1234567],
    ['  -3,5 ', -3.5],
    ['\u22123,5', -3.5],
    ['+2', 2],
    ['1234.56', 1234.56],
    ['1.234', 1.234],
    [',5', 0.5],
    ['12,', 12],
    ['0', 0],
  ])('reads %j as %d', (input, expected) => {
    expect(parseFrenchNumber(input)).toBe(expected);
  });

  it.each(['', '   ', 'abc', '1,2,3', '12a', '1.234.567', '1.234,5', '1,234.5', '1 23', '--1', '-', ','])(
    'refuses %j (ambiguous or malformed)',
    (input) => {
      expect(parseFrenchNumber(input)).toBeNull();
    },
  );

  it('passes finite numbers through and refuses the rest', () => {
    expect(parseFrenchNumber(4.2)).toBe(4.2);
    expect(parseFrenchNumber(Number.NaN)).toBeNull();
    expect(parseFrenchNumber(null)).toBeNull();
    expect(parseFrenchNumber(undefined)).toBeNull();
  });

  it('reads back what formatNumber and formatCja display', () => {
    for (const value of [0, 1.5, -1234.56, 9876543.21]) {
      expect(parseFrenchNumber(formatNumber(value))).toBe(value);
    }
    expect(parseFrenchNumber(formatCja(1234567))).toBe(1234567);
  });
});
