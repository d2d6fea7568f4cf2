/**
 * Daily series: validation of imported readings, and synthesis of a TYPICAL YEAR (an estimate) from the annual
 * consumption, the profile and the weather station when no readings cover the year. Pure.
 *
 * Synthesis model (docs/optimiser.md §4):
 *   Q_d = assiette × [ (1 − h) / N + h × DJ_d / Σ DJ ],  DJ_d = max(0, 18 − T_d)
 * with N the number of days, h the heating share of the profile (ASSUMPTION, table below, overridable) and T_d a
 * typical daily temperature: the monthly mean temperatures of the reference city of the station (secondary source,
 * table below) placed at mid-month and linearly interpolated. Σ_d Q_d = assiette. Every day is flagged `estime`.
 * No day-to-day weather variability is modelled: the synthetic peak is lower than a real cold day.
 */
import { addDays, type IsoDate, isIsoDate, toDayNumber } from '../dates.ts';
import { TariffInputError } from '../errors.ts';
import type { LineSource } from '../parameters/types.ts';
import type { ProfilCode } from '../reference/types.ts';
import { STATIONS_METEO } from '../reference/weather-stations.ts';
import { calendarOf } from './calendar.ts';
import type { JourConsommation, SerieJournaliere, SyntheseInput } from './types.ts';

/** Source of the monthly mean temperatures (secondary: teaching dataset, period not stated). */
export const TEMPERATURES_SOURCE: LineSource = {
  title:
    'Températures moyennes mensuelles de 15 villes françaises (jeu de données d’enseignement, F. Bertrand, Master 1, 2020 ; période de référence non indiquée)',
  url: 'https://fbertran.github.io/homepage/enseignement/Master1_2020/temperature.txt',
  publishedOn: null,
  status: 'secondary',
};

/** Monthly mean temperatures (°C), January → December. */
export const TEMPERATURES_MENSUELLES: Readonly<Record<string, readonly number[]>> = {
  Bordeaux: [5.6, 6.6, 10.3, 12.8, 15.8, 19.3, 20.9, 21.0, 18.6, 13.8, 9.1, 6.2],
  Brest: [6.1, 5.8, 7.8, 9.2, 11.6, 14.4, 15.6, 16.0, 14.7, 12.0, 9.0, 7.0],
  Clermont: [2.6, 3.7, 7.5, 10.3, 13.8, 17.3, 19.4, 19.1, 16.2, 11.2, 6.6, 3.6],
  Grenoble: [1.5, 3.2, 7.7, 10.6, 14.5, 17.8, 20.1, 19.5, 16.7, 11.4, 6.5, 2.3],
  Lille: [2.4, 2.9, 6.0, 8.9, 12.4, 15.3, 17.1, 17.1, 14.7, 10.4, 6.1, 3.5],
  Lyon: [2.1, 3.3, 7.7, 10.9, 14.9, 18.5, 20.7, 20.1, 16.9, 11.4, 6.7, 3.1],
  Marseille: [5.5, 6.6, 10.0, 13.0, 16.8, 20.8, 23.3, 22.8, 19.9, 15.0, 10.2, 6.9],
  Montpellier: [5.6, 6.7, 9.9, 12.8, 16.2, 20.1, 22.7, 22.3, 19.3, 14.6, 10.0, 6.5],
  Nantes: [5.0, 5.3, 8.4, 10.8, 13.9, 17.2, 18.8, 18.6, 16.4, 12.2, 8.2, 5.5],
  Nice: [7.5, 8.5, 10.8, 13.3, 16.7, 20.1, 22.7, 22.5, 20.3, 16.0, 11.5, 8.2],
  Paris: [3.4, 4.1, 7.6, 10.7, 14.3, 17.5, 19.1, 18.7, 16.0, 11.4, 7.1, 4.3],
  Rennes: [4.8, 5.3, 7.9, 10.1, 13.1, 16.2, 17.9, 17.8, 15.7, 11.6, 7.8, 5.4],
  Strasbourg: [0.4, 1.5, 5.6, 9.8, 14.0, 17.2, 19.0, 18.3, 15.1, 9.5, 4.9, 1.3],
  Toulouse: [4.7, 5.6, 9.2, 11.6, 14.9, 18.7, 20.9, 20.9, 18.3, 13.3, 8.6, 5.5],
  Vichy: [2.4, 3.4, 7.1, 9.9, 13.6, 17.1, 19.3, 18.8, 16.0, 11.0, 6.6, 3.4],
};

/**
 * Weather station → reference city of the temperature table. ASSUMPTION (nearest city with a similar climate,
 * chosen by hand); an official table of station normals should replace it.
 */
export const VILLE_DE_REFERENCE: Readonly<Record<string, string>> = {
  'PARIS-MONTSOURIS': 'Paris',
  'LILLE-LESQUIN': 'Lille',
  'REIMS-PRUNAY': 'Paris',
  'METZ-FRESCATY': 'Strasbourg',
  ENTZHEIM: 'Strasbourg',
  'COLMAR-MEYENHEIM': 'Strasbourg',
  'BALE-MULHOUSE': 'Strasbourg',
  'ROUEN-BOOS': 'Paris',
  CHARTRES: 'Paris',
  'AUXERRE-PERRIGNY': 'Paris',
  'DIJON-LONGVIC': 'Lyon',
  BESANCON: 'Lyon',
  LUXEUIL: 'Strasbourg',
  'LYON-BRON': 'Lyon',
  'ST-ETIENNE-BOUTHEON': 'Clermont',
  'CLERMONT-FERRAND': 'Clermont',
  'GRENOBLE-ST-GEOIRS': 'Grenoble',
  'CHAMBERY-AIX': 'Grenoble',
  BONNEVILLE: 'Grenoble',
  'BREST-GUIPAVAS': 'Brest',
  'DINARD-LE-PLEURTUIT': 'Rennes',
  'NANTES-BOUGUENAIS': 'Nantes',
  TOURS: 'Paris',
  BOURGES: 'Vichy',
  COGNAC: 'Bordeaux',
  'BORDEAUX MERIGNAC': 'Bordeaux',
  AGEN: 'Toulouse',
  'BIARRITZ-ANGLET': 'Bordeaux',
  'PAU-UZEIN': 'Toulouse',
  'TOULOUSE-BLAGNAC': 'Toulouse',
  MONTELIMAR: 'Montpellier',
  NICE: 'Nice',
  MARIGNANE: 'Marseille',
  'NIMES-COURBESSAC': 'Montpellier',
  PERPIGNAN: 'Montpellier',
};

/** Fallback city by climate zone when a station is not in the mapping. ASSUMPTION. */
const VILLE_PAR_ZONE = { H1: 'Paris', H2: 'Nantes', H3: 'Marseille' } as const;

/**
 * Heating (thermo-sensitive) share of the annual consumption per profile. ASSUMPTION — no source was read for
 * it (the arrêté du 7 février 2007 defines the profiles by seasonal criteria we could only read for P011):
 * increasing from P011 to P019 like the (sample) Zi coefficients of the project. Overridable with `partChauffage`.
 */
export const PART_CHAUFFAGE_PAR_PROFIL: Readonly<Record<ProfilCode, number>> = {
  P011: 0.15,
  P012: 0.35,
  P013: 0.45,
  P014: 0.55,
  P015: 0.6,
  P016: 0.65,
  P017: 0.7,
  P018: 0.75,
  P019: 0.8,
};

/** Base temperature of the degree days (°C), the usual French convention for heating degree days. */
export const TEMPERATURE_BASE_DJU = 18;

/** Days of a month (month 0–11). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * Typical temperature of a day: monthly means placed at the middle of each month, linearly interpolated
 * (cyclically across the year end).
 */
export function temperatureTypique(monthly: readonly number[], date: IsoDate): number {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1;
  const day = Number(date.slice(8, 10));
  const len = daysInMonth(year, month);
  const mid = (len + 1) / 2;
  const here = monthly[month] as number;
  if (day >= mid) {
    const nextMonth = (month + 1) % 12;
    const nextYear = month === 11 ? year + 1 : year;
    const nextMid = (daysInMonth(nextYear, nextMonth) + 1) / 2;
    const span = len - mid + nextMid;
    return here + ((monthly[nextMonth] as number) - here) * ((day - mid) / span);
  }
  const prevMonth = (month + 11) % 12;
  const prevYear = month === 0 ? year - 1 : year;
  const prevLen = daysInMonth(prevYear, prevMonth);
  const prevMid = (prevLen + 1) / 2;
  const span = prevLen - prevMid + mid;
  const prev = monthly[prevMonth] as number;
  return prev + (here - prev) * ((prevLen - prevMid + day) / span);
}

/** Reference city used for a station (and whether it came from the fallback by climate zone). */
export function villeDeReference(stationMeteo: string): { ville: string; approximative: boolean } {
  const direct = VILLE_DE_REFERENCE[stationMeteo];
  if (direct) {
    return { ville: direct, approximative: false };
  }
  const station = STATIONS_METEO.find((s) => s.code === stationMeteo);
  return { ville: VILLE_PAR_ZONE[station?.zoneClimatique ?? 'H1'], approximative: true };
}

export interface SyntheseResult {
  readonly serie: SerieJournaliere;
  readonly partChauffage: number;
  readonly ville: string;
  readonly warnings: readonly string[];
  readonly sources: readonly LineSource[];
}

/** Synthesises a typical year (365 or 366 days from `debut`) summing to `assiette`; every day `estime`. */
export function synthetiserSerie(input: SyntheseInput): SyntheseResult {
  if (!Number.isFinite(input.assiette) || input.assiette < 0) {
    throw new TariffInputError('assiette', "Veuillez indiquer l'assiette.");
  }
  if (!isIsoDate(input.debut)) {
    throw new TariffInputError('debut', `Date de début invalide : « ${input.debut} ».`);
  }
  const share = input.partChauffage ?? PART_CHAUFFAGE_PAR_PROFIL[input.profil];
  if (share === undefined || !Number.isFinite(share) || share < 0 || share > 1) {
    throw new TariffInputError('partChauffage', 'La part de chauffage doit être comprise entre 0 et 1.');
  }
  const warnings: string[] = [
    'Consommation journalière ESTIMÉE : année type synthétisée à partir de l’assiette, du profil et de la station météo (aucun relevé). La CJA proposée est indicative.',
  ];
  const { ville, approximative } = villeDeReference(input.stationMeteo);
  if (approximative) {
    warnings.push(
      `Station météo « ${input.stationMeteo} » inconnue de la table des villes de référence : températures de ${ville} utilisées.`,
    );
  }
  const monthly = TEMPERATURES_MENSUELLES[ville] as readonly number[];
  const last = `${Number(input.debut.slice(0, 4)) + 1}${input.debut.slice(4)}`;
  const n = isIsoDate(last) ? toDayNumber(last) - toDayNumber(input.debut) : 365;
  const dates: IsoDate[] = [];
  const dj: number[] = [];
  let djTotal = 0;
  for (let i = 0; i < n; i += 1) {
    const date = addDays(input.debut, i);
    const d = Math.max(0, TEMPERATURE_BASE_DJU - temperatureTypique(monthly, date));
    dates.push(date);
    dj.push(d);
    djTotal += d;
  }
  const heating = djTotal > 0 ? share : 0;
  const jours: JourConsommation[] = dates.map((date, i) => ({
    date,
    mwh: input.assiette * ((1 - heating) / n + (djTotal > 0 ? (heating * (dj[i] as number)) / djTotal : 0)),
    qualite: 'estime',
  }));
  return {
    serie: { jours, origine: 'synthese' },
    partChauffage: share,
    ville,
    warnings,
    sources: [
      TEMPERATURES_SOURCE,
      {
        title:
          'Hypothèses du modèle d’année type (part de chauffage par profil, ville de référence par station, DJU base 18 °C)',
        url: 'docs/optimiser.md#4-série-journalière-synthétique',
        publishedOn: null,
        status: 'estimate',
      },
    ],
  };
}

/**
 * Checks an imported year of readings: valid, unique, sorted dates; finite, non-negative values for the days that
 * are not missing. Throws {@link TariffInputError} (French message naming the first bad day). Returns the days
 * sorted by date (a new array).
 */
export function validerSerie(jours: readonly JourConsommation[]): JourConsommation[] {
  const checked = checkSerie(jours);
  return checked === jours ? jours.slice() : (checked as JourConsommation[]);
}

/**
 * {@link validerSerie} without copying a series that is already in order: returns `jours` itself when its dates
 * are valid and strictly increasing (the usual case; its dates are then checked once per distinct sequence, see
 * `calendarOf`), else the sorted copy. For callers that only read the days.
 */
export function checkSerie(jours: readonly JourConsommation[]): readonly JourConsommation[] {
  if (jours.length === 0) {
    throw new TariffInputError('serie', 'La série de consommation journalière est vide.');
  }
  if (calendarOf(jours) !== null) {
    // Dates valid, in order and unique: only the qualities and values remain (same checks, same first bad day).
    for (let i = 0; i < jours.length; i += 1) {
      checkDay(jours[i] as JourConsommation);
    }
    return jours;
  }
  // Imported series are almost always in order already: check before sorting (same result either way).
  let ordered = true;
  for (let i = 1; i < jours.length && ordered; i += 1) {
    ordered = (jours[i - 1] as JourConsommation).date <= (jours[i] as JourConsommation).date;
  }
  const sorted = ordered ? jours.slice() : [...jours].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let previous: string | null = null;
  for (const jour of sorted) {
    if (!isIsoDate(jour.date)) {
      throw new TariffInputError('serie', `Date invalide dans la série : « ${jour.date} ».`);
    }
    if (jour.date === previous) {
      throw new TariffInputError('serie', `Jour en double dans la série : ${jour.date}.`);
    }
    previous = jour.date;
    checkDay(jour);
  }
  return sorted;
}

/** Days of each quality in a series. */
export interface QualityCounts {
  mesure: number;
  estime: number;
  manquant: number;
}

/**
 * The quality and value checks of {@link validerSerie} for a series whose dates are already checked (it has a
 * calendar), counting the days of each quality into `counts` on the way. Throws on the first bad day.
 */
export function checkDays(jours: readonly JourConsommation[], counts: QualityCounts): void {
  for (let i = 0; i < jours.length; i += 1) {
    const jour = jours[i] as JourConsommation;
    checkDay(jour);
    countQuality(counts, jour.qualite);
  }
}

/** Adds one day of quality `q` to `counts` (anything but a measure or an estimate counts as missing). */
export function countQuality(counts: QualityCounts, q: JourConsommation['qualite']): void {
  if (q === 'mesure') {
    counts.mesure += 1;
  } else if (q === 'estime') {
    counts.estime += 1;
  } else {
    counts.manquant += 1;
  }
}

/** The quality and value checks of one day (its date already checked). */
function checkDay(jour: JourConsommation): void {
  if (jour.qualite !== 'mesure' && jour.qualite !== 'estime' && jour.qualite !== 'manquant') {
    throw new TariffInputError('serie', `Qualité inconnue pour le ${jour.date} : « ${String(jour.qualite)} ».`);
  }
  if (jour.qualite !== 'manquant' && (jour.mwh === null || !Number.isFinite(jour.mwh) || jour.mwh < 0)) {
    throw new TariffInputError(
      'serie',
      `Valeur invalide pour le ${jour.date} : la consommation doit être un nombre positif ou nul (MWh).`,
    );
  }
}
