/** French number and date writing for the assistant's passages (the same as the web app's lib/format.ts). */
const numberFormats = new Map<number, Intl.NumberFormat>();

export function frenchNumber(value: number, decimals = 2): string {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, format);
  }
  return format.format(value);
}

export const frenchEuros = (value: number) => `${frenchNumber(value, 2)} €`;

const LONG_DATE = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', dateStyle: 'long' });
const DATE_TIME = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long', timeStyle: 'short' });

/** `2026-07-01` → « 1er juillet 2026 ». */
export function frenchIsoDate(isoDate: string): string {
  return LONG_DATE.format(new Date(`${isoDate}T00:00:00Z`)).replace(/^1 /, '1er ');
}

/** A moment, in Paris time: « 23 novembre 2026 à 14:05 », « 1er décembre 2026 à 09:30 ». */
export function frenchDateTime(date: Date): string {
  return DATE_TIME.format(date).replace(/^1 /, '1er ');
}
