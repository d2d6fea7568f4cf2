import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFrenchNumber } from '../src/index.ts';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const THIN = '\u2009';

describe('parseFrenchNumber (the one French-number reader)', () => {
  it.each([
    ['1234,56', 1234.56],
    ['1234.56', 1234.56],
    ['1 234,56', 1234.56],
    [`1${NBSP}234,56`, 1234.56],
    [`1${NNBSP}234${NNBSP}567,5`, 1234567.5],
    [`12${THIN}345`, 12345],
    ['1 234 567', 1234567],
    ['  -3,5 ', -3.5],
    ['\u22123,5', -3.5],
    ['+2', 2],
    ['1.234', 1.234],
    ['1,234', 1.234],
    [',5', 0.5],
    ['12,', 12],
    ['0', 0],
    ['007', 7],
    ['15 466,8', 15466.8],
    [4.2, 4.2],
  ] as const)('reads %j as %d', (input, expected) => {
    expect(parseFrenchNumber(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    ',',
    '.',
    '-',
    '+',
    '--1',
    '+-1',
    'abc',
    '12a',
    '10 kWh',
    '1e3',
    '0x10',
    'Infinity',
    '1,2,3',
    '1.234.567',
    '1.234,5',
    '1,234.5',
    '1 23',
    '12 3456',
    '1234 567',
    ' 1 234 56',
    '1 234,567 8',
    '1  234',
    '1_234',
    "1'234",
    '- 3',
    '1,5 ,5',
    '9'.repeat(400),
  ])('refuses %j', (input) => {
    expect(parseFrenchNumber(input)).toBeNull();
  });

  it('passes finite numbers through and refuses the rest', () => {
    expect(parseFrenchNumber(Number.NaN)).toBeNull();
    expect(parseFrenchNumber(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseFrenchNumber(null)).toBeNull();
    expect(parseFrenchNumber(undefined)).toBeNull();
  });

  const space = fc.constantFrom(' ', NBSP, NNBSP, THIN);
  const sign = fc.constantFrom('', '+', '-', '\u2212');
  const digits = (min: number, max: number) =>
    fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));

  /** `1234567` → `1 234 567` with the given space. */
  const group = (integer: string, separator: string) =>
    integer.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, separator);

  it('property: any sign, grouping space and decimal separator reads as the same value as the plain form', () => {
    fc.assert(
      fc.property(
        sign,
        digits(1, 15),
        fc.option(digits(0, 8), { nil: undefined }),
        space,
        fc.constantFrom(',', '.'),
        fc.boolean(),
        (s, integer, fraction, groupSpace, decimal, grouped) => {
          const expected = Number(`${s === '' || s === '+' ? '' : '-'}${integer}.${fraction || '0'}`);
          const body = grouped ? group(integer, groupSpace) : integer;
          const text = `${s}${body}${fraction === undefined ? '' : `${decimal}${fraction}`}`;
          expect(parseFrenchNumber(text)).toBe(expected);
        },
      ),
    );
  });

  it('property: reads back exactly what Intl.NumberFormat("fr-FR") displays', () => {
    const twoDecimals = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const integers = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(parseFrenchNumber(integers.format(n))).toBe(n === 0 ? 0 : n);
        const cents = n / 100;
        expect(parseFrenchNumber(twoDecimals.format(cents))).toBe(Object.is(cents, -0) ? -0 : cents);
      }),
    );
  });

  it('property: a text with both a comma and a point, or two separators, is refused as ambiguous', () => {
    fc.assert(
      fc.property(
        digits(1, 6),
        digits(1, 6),
        digits(1, 6),
        fc.constantFrom([',', '.'], ['.', ','], [',', ','], ['.', '.']),
        (a, b, c, [first, second]) => {
          expect(parseFrenchNumber(`${a}${first}${b}${second}${c}`)).toBeNull();
        },
      ),
    );
  });

  it('property: never throws; answers null or a finite number for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789 ,.-+e\u00a0\u202fx') }), (text) => {
        const value = parseFrenchNumber(text);
        expect(value === null || Number.isFinite(value)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
