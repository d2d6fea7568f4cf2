/**
 * The one reader of numbers written the French way (issue #10): forms, CSV imports (consumption, reference
 * tables) and values read back from our own display all go through {@link parseFrenchNumber}. Pure.
 *
 * Rules (docs/decisions/0015-http-hardening-and-french-numbers.md):
 * - Surrounding whitespace is ignored. An optional sign comes first: `+`, `-` or `−` (U+2212).
 * - One decimal separator at most, a comma or a point: `1234,56` = `1234.56`. Either side may be empty but not
 *   both (`,5` = 0.5, `12,` = 12).
 * - Thousands are grouped only by a space, a no-break space (U+00A0), a narrow no-break space (U+202F, what
 *   `Intl.NumberFormat('fr-FR')` writes) or a thin space (U+2009), in groups of exactly three digits before the
 *   decimal separator: `1 234 567,5`. A point or a comma is never a thousands separator.
 * - Refused as ambiguous or malformed (null): both a comma and a point (`1.234,5`, `1,234.5`), more than one
 *   separator (`1,2,3`, `1.234.567`), badly grouped digits (`1 23`, `12 3456`, `1 234,567 8`), exponents,
 *   letters, units, an empty string, a value outside the finite double range.
 */
export function parseFrenchNumber(input: string | number | null | undefined): number | null {
  if (typeof input === 'number') {
    return Number.isFinite(input) ? input : null;
  }
  if (typeof input !== 'string') {
    return null;
  }
  const match = FRENCH_NUMBER.exec(input.trim());
  if (!match) {
    return null;
  }
  const [, sign = '', integer = '', fraction] = match;
  const digits = integer.replace(GROUP_SPACES, '');
  if (digits === '' && (fraction === undefined || fraction === '')) {
    return null;
  }
  const value = Number(`${sign === '' || sign === '+' ? '' : '-'}${digits || '0'}.${fraction || '0'}`);
  return Number.isFinite(value) ? value : null;
}

/** The spaces that may group thousands: space, no-break space, narrow no-break space, thin space. */
const GROUP_SPACES = /[ \u00a0\u202f\u2009]/g;

/** sign? (digits | 1–3 digits (space 3 digits)+)? ([,.] digits*)? — the emptiness rules are checked after. */
const FRENCH_NUMBER = /^([+\-\u2212])?(\d+|\d{1,3}(?:[ \u00a0\u202f\u2009]\d{3})+)?(?:[.,](\d*))?$/;
