import { addDays, type IsoDate, isIsoDate } from '@pilote/tariffs';

/**
 * Which year of a dataset the optimiser uses (ADR 0013):
 *
 * 1. `annee-precedant-date-effet`: the 365/366 days before the date of effect, [dateEffet − 1 an, dateEffet − 1 j],
 *    when the dataset covers them all;
 * 2. else `derniere-annee-complete`: the dataset's latest full year, [fin + 1 j − 1 an, fin], when it spans one;
 * 3. else none (the series is synthesised — or, for an explicitly chosen dataset, the request is refused).
 *
 * A year is usable when at most {@link MAX_MISSING_SHARE} of its days are `manquant` (missing days cannot create
 * overruns, so too many of them would understate the penalties).
 */
export const MAX_MISSING_SHARE = 0.2;

export type WindowRule = 'annee-precedant-date-effet' | 'derniere-annee-complete';

export interface SeriesWindowChoice {
  regle: WindowRule;
  debut: IsoDate;
  fin: IsoDate;
}

/** Same day `years` years away; 29 February → 1 March when that year has none. */
export function shiftYears(date: IsoDate, years: number): IsoDate {
  const shifted = `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
  return isIsoDate(shifted) ? shifted : `${Number(date.slice(0, 4)) + years}-03-01`;
}

export function candidateWindow(debut: IsoDate, fin: IsoDate, dateEffet: IsoDate): SeriesWindowChoice | null {
  const before = { debut: shiftYears(dateEffet, -1), fin: addDays(dateEffet, -1) };
  if (debut <= before.debut && fin >= before.fin) {
    return { regle: 'annee-precedant-date-effet', ...before };
  }
  const latest = shiftYears(addDays(fin, 1), -1);
  if (debut <= latest) {
    return { regle: 'derniere-annee-complete', debut: latest, fin };
  }
  return null;
}

/** True when the dataset spans at least one full year. */
export function spansAYear(debut: IsoDate, fin: IsoDate): boolean {
  return debut <= shiftYears(addDays(fin, 1), -1);
}

export function tooManyMissing(missing: number, days: number): boolean {
  return days === 0 || missing / days > MAX_MISSING_SHARE;
}

const fr = (date: IsoDate) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

export function describeWindow(choice: SeriesWindowChoice): string {
  return choice.regle === 'annee-precedant-date-effet'
    ? `l’année précédant la date d’effet (du ${fr(choice.debut)} au ${fr(choice.fin)})`
    : `la dernière année complète des relevés (du ${fr(choice.debut)} au ${fr(choice.fin)})`;
}

export function frenchDate(date: IsoDate): string {
  return fr(date);
}
