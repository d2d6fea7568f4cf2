/**
 * Monthly (and daily) subscription terms of a daily capacity held for less than a year, as fractions of the annual
 * term: the one definition shared by every parameter that prices them (ADR 0055).
 *
 * WHAT WAS READ (full text of the CRE PDFs, copies in promeosenergies-svg/promeos-poc, read on 2026-11-26):
 * - ATRD7 GRDF, délibération n° 2024-40 §5.1.5 « Souscriptions mensuelles ou quotidiennes de capacité journalière »:
 *   « Janvier - Février - Décembre 4/12 du terme annuel ; Mars - Novembre 2/12 ; Avril - Mai - Juin - Septembre -
 *   Octobre 1/12 ; Juillet - Août 0,5/12 » ; a daily subscription is « 1/20e du terme applicable à la souscription
 *   mensuelle correspondante ». §5.1.7 prices overruns on this same « terme mensuel … tel que défini au 5.1.5 ».
 * - ATRT8, délibération n° 2024-22 §6.2.4.4 « En sortie du réseau principal, sur le réseau régional et en livraison »:
 *   the same four rows (« Décembre - Janvier - Février 4/12 … Juillet – Août 0,5/12 ») and « Quotidienne : 1/30 du
 *   terme mensuel » (kept from ATRT7, §4.3.1.1). Unchanged in n° 2026-28 §6.2.3 (../shared/reference/
 *   gas-tariffs-2026.md §4.2; 2026-28 itself not re-read here).
 * The older 8/12 for January and February (arrêté du 2 juin 2008, ATRD3) is not the ATRD7 value.
 */
import { SOURCES } from './references.ts';
import type { ParameterEntry, SourceReference } from './types.ts';

/** Month names (French) used in the parameters' descriptions, index 0 = January. */
export const MOIS_FR = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/** Seasonal rows shared by ATRD7 §5.1.5 and ATRT8 §6.2.4.4, in twelfths, index 0 = January (sum 22/12). */
const SEASONAL_TWELFTHS = [4, 4, 2, 1, 1, 1, 0.5, 0.5, 1, 1, 2, 4] as const;

/** ATRD7 GRDF (T4, TP) monthly subscription term, fraction of the annual term, index 0 = January. */
export const ATRD7_MONTHLY_FRACTIONS: readonly number[] = Object.freeze(SEASONAL_TWELFTHS.map((n) => n / 12));

/** ATRT8 main-network exit, regional and delivery monthly term, fraction of the annual term, index 0 = January. */
export const ATRT8_MONTHLY_FRACTIONS: readonly number[] = Object.freeze(SEASONAL_TWELFTHS.map((n) => n / 12));

/** ATRD7 daily subscription, fraction of the month's monthly term (§5.1.5). */
export const ATRD7_DAILY_FRACTION_OF_MONTHLY = 1 / 20;

/** ATRT8 daily subscription, fraction of the month's monthly term (§6.2.4.4). */
export const ATRT8_DAILY_FRACTION_OF_MONTHLY = 1 / 30;

/** ATRD7 text read for the short-term products and the overrun penalties (§5.1.5 and §5.1.7). */
export const DELIBERATION_2024_40_SHORT_TERM: SourceReference = {
  title:
    'Délibération CRE n° 2024-40 du 15 février 2024 (ATRD7 GRDF), §5.1.5 « Souscriptions mensuelles ou quotidiennes de capacité journalière » et §5.1.7 « Pénalités pour dépassement de capacité journalière souscrite » ; texte intégral lu dans la copie du PDF de la CRE (240215_2024-40_ATRD7_Post_CSE.pdf)',
  url: 'https://github.com/promeosenergies-svg/promeos-poc/blob/main/docs/reglementaire/ATRT-ATRD/240215_2024-40_ATRD7_Post_CSE.pdf',
  publishedOn: null,
};

/** An official ATRD7 short-term / penalty value (in force with the ATRD7 grid, 1 July 2024). */
export function atrd7ShortTermEntry(value: number): ParameterEntry {
  return { value, reference: [DELIBERATION_2024_40_SHORT_TERM, SOURCES.atrd7Deliberation], status: 'official' };
}

/**
 * An official ATRT8 short-term value (in force with ATRT8, 1 April 2024). The references are those of the LI / PIC
 * parameters (ADR 0052), so their results are unchanged; the paragraphs are named in this file's header.
 */
export function atrt8ShortTermEntry(value: number): ParameterEntry {
  return {
    value,
    reference: [SOURCES.atrt8DeliberationGrid, SOURCES.atrt8Update2026],
    status: 'official',
  };
}
