import { formatCurrency } from '../../../lib/format.ts';

const monthFormat = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-11-01" → "novembre 2026" (the period of a result); unchanged when it is not a date. */
export function formatMonthOf(date: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(date);
  return match ? monthFormat.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1))) : date;
}

/** A difference in euros with its sign: +12,34 €, −5,00 €, 0,00 €. */
export function signedEuros(value: number): string {
  if (value === 0) {
    return formatCurrency(0);
  }
  return `${value > 0 ? '+' : '−'}${formatCurrency(Math.abs(value))}`;
}
