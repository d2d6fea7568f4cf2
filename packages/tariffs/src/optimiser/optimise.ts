/**
 * CJA optimiser entry point (issue 5): validates the input, builds the cost model at the date of effect, solves
 * exactly over integer capacities and returns the spec §3 response fields (`couts.avant` / `couts.apres`,
 * `cjaOptimisee`, `cjaActuelle`, `economieAnnuelle`, `pourcentageEconomie`, `params`, `warnings`, the series).
 * Pure: no IO, no clock.
 */
import { assertIsoDate } from '../dates.ts';
import { TariffInputError } from '../errors.ts';
import { formatNumberFr, roundEuros, roundHalfAwayFromZero } from '../money.ts';
import type { Tso } from '../parameters/atrt8.ts';
import { normaliseTso } from '../reference/tso.ts';
import { annualModulation } from '../simulator/capacity-costs.ts';
import { calendarOf, type SeriesCalendar } from './calendar.ts';
import { evaluatePlan, prepareOnCalendar, prepareSeries } from './cost.ts';
import { capacityCostModelAt, transportConsumerCostModelAt } from './model.ts';
import { checkDays, checkSerie, countQuality } from './series.ts';
import { solveCapacityPlan } from './solve.ts';
import type {
  CapacityCostBreakdown,
  CapacityPlan,
  CoutsArrondis,
  JourConsommation,
  OptimisationInput,
  OptimisationResult,
} from './types.ts';

/** Bit m set for the winter months (November to March, 0 = January). */
const WINTER_MONTHS = (1 << 10) | (1 << 11) | (1 << 0) | (1 << 1) | (1 << 2);

/** Month slot of each day, reused by every call (synchronous; grown as needed). */
let daySlots = new Int32Array(400);
/** Per billing month: sum and count of the valid days (scratch of {@link modulationOnCalendar}). */
let monthSums = new Float64Array(16);
let monthCounts = new Int32Array(16);

/**
 * Storage modulation of the year from the series (one-year version of the secondary-source formula, see
 * `annualModulation`): max(0, winter (1 Nov–31 Mar) / 151 − annual / 365), minus the interruptible capacity.
 * A missing day is replaced by the mean of the available days of its month.
 */
export function modulationFromSeries(jours: readonly JourConsommation[], interruptible = 0): number {
  const calendar = calendarOf(jours);
  return calendar ? modulationOnCalendar(jours, calendar, interruptible) : modulationOfAnySeries(jours, interruptible);
}

/**
 * {@link modulationFromSeries} of a series whose calendar is known (ADR 0039): the same sums in the same order,
 * with each day's month read from the calendar. Without a missing day, one pass.
 */
export function modulationOnCalendar(
  jours: readonly JourConsommation[],
  calendar: SeriesCalendar,
  interruptible = 0,
): number {
  const { slotOfDay, months } = calendar;
  const slots = months.length;
  if (monthSums.length < slots) {
    monthSums = new Float64Array(slots);
    monthCounts = new Int32Array(slots);
  }
  const sums = monthSums;
  const counts = monthCounts;
  sums.fill(0, 0, slots);
  counts.fill(0, 0, slots);
  let winter = 0;
  let annual = 0;
  let missing = false;
  for (let i = 0; i < jours.length; i += 1) {
    const j = jours[i] as JourConsommation;
    const slot = slotOfDay[i] as number;
    if (j.qualite !== 'manquant' && j.mwh !== null) {
      const v = j.mwh;
      sums[slot] = (sums[slot] as number) + v;
      counts[slot] = (counts[slot] as number) + 1;
      // The annual and winter sums of the second pass below, when no day is missing (same terms, same order).
      annual += v;
      if ((WINTER_MONTHS & (1 << (months[slot] as number))) !== 0) {
        winter += v;
      }
    } else {
      missing = true;
    }
  }
  if (missing) {
    winter = 0;
    annual = 0;
    for (let i = 0; i < jours.length; i += 1) {
      const j = jours[i] as JourConsommation;
      const slot = slotOfDay[i] as number;
      let v: number;
      if (j.qualite !== 'manquant' && j.mwh !== null) {
        v = j.mwh;
      } else {
        const n = counts[slot] as number;
        v = n > 0 ? (sums[slot] as number) / n : 0;
      }
      annual += v;
      if ((WINTER_MONTHS & (1 << (months[slot] as number))) !== 0) {
        winter += v;
      }
    }
  }
  return Math.max(0, annualModulation(winter, annual) - interruptible);
}

/** {@link modulationFromSeries} of any series (unsorted, or with dates the calendar does not take). */
function modulationOfAnySeries(jours: readonly JourConsommation[], interruptible: number): number {
  // Month of each day (`YYYY-MM` → a slot holding its sum and count), looked up when the month changes.
  const slots = new Map<string, number>();
  const sums: number[] = [];
  const counts: number[] = [];
  if (daySlots.length < jours.length) {
    daySlots = new Int32Array(jours.length);
  }
  const dayMonth = daySlots;
  let lastKey = '';
  let last = -1;
  for (let i = 0; i < jours.length; i += 1) {
    const j = jours[i] as JourConsommation;
    if (last < 0 || !j.date.startsWith(lastKey)) {
      lastKey = j.date.slice(0, 7);
      const found = slots.get(lastKey);
      if (found === undefined) {
        last = sums.length;
        sums.push(0);
        counts.push(0);
        slots.set(lastKey, last);
      } else {
        last = found;
      }
    }
    dayMonth[i] = last;
    if (j.qualite !== 'manquant' && j.mwh !== null) {
      sums[last] = (sums[last] as number) + j.mwh;
      counts[last] = (counts[last] as number) + 1;
    }
  }
  let winter = 0;
  let annual = 0;
  for (let i = 0; i < jours.length; i += 1) {
    const j = jours[i] as JourConsommation;
    let v: number;
    if (j.qualite !== 'manquant' && j.mwh !== null) {
      v = j.mwh;
    } else {
      const slot = dayMonth[i] as number;
      const n = counts[slot] as number;
      v = n > 0 ? (sums[slot] as number) / n : 0;
    }
    annual += v;
    const month = (j.date.charCodeAt(5) - 48) * 10 + (j.date.charCodeAt(6) - 48) - 1;
    if (month >= 0 && month < 12 && (WINTER_MONTHS & (1 << month)) !== 0) {
      winter += v;
    }
  }
  return Math.max(0, annualModulation(winter, annual) - interruptible);
}

function round(b: CapacityCostBreakdown): CoutsArrondis {
  return {
    transport_fixe: roundEuros(b.transport_fixe),
    transport_stockage: roundEuros(b.transport_stockage),
    transport_penalites: roundEuros(b.transport_penalites),
    distribution_fixe: roundEuros(b.distribution_fixe),
    total_annuel: roundEuros(b.total_annuel),
  };
}

function nonNegative(value: number | undefined, field: string, message: string): number | undefined {
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new TariffInputError(field, message);
  }
  return value;
}

/**
 * Optimises the CJA (and the monthly subscriptions when `capacitesMensuelles` is given) of a T4/TP point
 * connected to the GRDF network, or of an LI / PIC point connected to the transport network
 * (`raccordement: 'transport'`, ADR 0052; `surcharges.transportPenaltyCoefficient` does not apply to it). Throws {@link TariffInputError} or {@link TariffDataUnavailableError}
 * (French messages).
 */
export function optimiserCja(input: OptimisationInput): OptimisationResult {
  assertIsoDate(input.dateEffet, "date d'effet");
  const transportConnected = input.raccordement === 'transport';
  if (transportConnected) {
    if (!['T1', 'T2', 'T3', 'T4', 'TP'].includes(input.tarif)) {
      throw new TariffInputError('tarif', 'Veuillez indiquer le tarif.');
    }
  } else if (input.tarif !== 'T4' && input.tarif !== 'TP') {
    throw new TariffInputError('tarif', 'L’optimisation de la CJA concerne les options T4 et TP.');
  }
  // The canonical names skip the Unicode normalisation (same result).
  const tso = (input.tso === 'NaTran' || input.tso === 'Teréga' ? input.tso : normaliseTso(input.tso ?? '')) as
    | Tso
    | undefined;
  if (!tso) {
    throw new TariffInputError('tso', 'Veuillez indiquer le TSO.');
  }
  if (!Number.isInteger(input.ntr) || input.ntr < 0 || input.ntr > 10) {
    throw new TariffInputError('ntr', 'Le niveau de tarif régional (NTR) doit être un entier entre 0 et 10.');
  }
  const interruptible =
    nonNegative(input.cjsInterruptible, 'cjsInterruptible', 'Valeur numérique invalide: cjsInterruptible') ?? 0;
  const cjaInput = nonNegative(input.cjaActuelle, 'cjaActuelle', 'Valeur numérique invalide: cjaActuelle');
  const modulationInput = nonNegative(input.modulation, 'modulation', 'Valeur numérique invalide: modulation');
  const transportCoef = nonNegative(
    input.surcharges?.transportPenaltyCoefficient,
    'transportPenaltyCoefficient',
    'Valeur numérique invalide: coefficient de pénalité transport',
  );
  let monthlyCurrent: number[] | null = null;
  if (input.capacitesMensuelles !== undefined && input.capacitesMensuelles !== null) {
    if (!Array.isArray(input.capacitesMensuelles) || input.capacitesMensuelles.length !== 12) {
      throw new TariffInputError('capacitesMensuelles', '12 capacités mensuelles requises (M1-M12).');
    }
    monthlyCurrent = input.capacitesMensuelles.map((v, i) => {
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
        throw new TariffInputError('capacitesMensuelles', `Capacité M${i + 1} invalide`);
      }
      return v;
    });
  }

  // A series in order with valid dates has a calendar (usually shared with the previous call's series: ADR 0039)
  // and only its qualities and values remain to check; any other is sorted or rejected by checkSerie.
  const raw = input.serie.jours;
  const counts = { mesure: 0, estime: 0, manquant: 0 };
  let calendar = calendarOf(raw);
  let jours: readonly JourConsommation[];
  if (calendar) {
    checkDays(raw, counts);
    jours = raw;
  } else {
    jours = checkSerie(raw);
    calendar = calendarOf(jours);
    for (let i = 0; i < jours.length; i += 1) {
      countQuality(counts, (jours[i] as JourConsommation).qualite);
    }
  }
  const warnings: string[] = [];
  if (jours.length < 365 || jours.length > 366) {
    warnings.push(
      `La série compte ${jours.length} jours au lieu d’une année (365 ou 366) : coûts calculés sur ces jours.`,
    );
  }
  if (counts.manquant > 0) {
    warnings.push(
      `${counts.manquant} jour(s) manquant(s) : ils ne peuvent pas créer de dépassement (non comptés dans les pénalités) et sont remplacés par la moyenne de leur mois pour la modulation.`,
    );
  }
  if (input.serie.origine === 'mesures' && counts.estime > 0) {
    warnings.push(`${counts.estime} jour(s) estimé(s) par le gestionnaire de réseau utilisés comme des relevés.`);
  }

  const modulation =
    modulationInput ??
    (calendar ? modulationOnCalendar(jours, calendar, interruptible) : modulationFromSeries(jours, interruptible));
  const built = transportConnected
    ? transportConsumerCostModelAt({
        tso,
        ntr: input.ntr,
        date: input.dateEffet,
        modulation,
        ...(input.overlay ? { overlay: input.overlay } : {}),
      })
    : capacityCostModelAt({
        tarif: input.tarif as 'T4' | 'TP',
        tso,
        ntr: input.ntr,
        date: input.dateEffet,
        modulation,
        ...(transportCoef !== undefined ? { transportPenaltyCoefficient: transportCoef } : {}),
        ...(input.overlay ? { overlay: input.overlay } : {}),
      });
  warnings.push(...built.warnings);
  if (modulationInput === undefined) {
    warnings.push(
      `Compensation stockage : modulation estimée sur la série (${formatNumberFr(modulation, 0, 3)} MWh/j) ; elle ne dépend pas de la CJA et est identique avant et après.`,
    );
  }

  const series = calendar ? prepareOnCalendar(jours, calendar) : prepareSeries(jours);
  const monthly = monthlyCurrent !== null;
  const cjaActuelle = cjaInput ?? series.upper;
  if (cjaInput === undefined) {
    warnings.push(
      `CJA actuelle non fournie : consommation journalière maximale de l’année arrondie au MWh/j supérieur (${series.upper} MWh/j).`,
    );
  }
  const avantPlan: CapacityPlan = { cja: cjaActuelle, mensuelles: monthlyCurrent };
  const solved = solveCapacityPlan(built.model, series, { monthly });
  const avant = evaluatePlan(built.model, series, avantPlan);
  let apresPlan = solved.plan;
  let apres = evaluatePlan(built.model, series, apresPlan);
  if (avant.total_annuel < apres.total_annuel) {
    // Only possible with non-integer current capacities: the integer optimum cannot beat them.
    warnings.push(
      'Les capacités actuelles (non entières) coûtent moins que le meilleur choix en MWh/j entiers : elles sont conservées.',
    );
    apresPlan = avantPlan;
    apres = avant;
  }
  if (series.validDays === 0) {
    warnings.push('Aucune consommation exploitable dans la série : CJA optimisée à 0.');
  }

  // The series echoed in the response, and its total, in one pass (same sum order as a reduce).
  const consoJournaliere: { date: string; mwh: number; qualite: JourConsommation['qualite'] }[] = new Array(
    jours.length,
  );
  let totalMwh = 0;
  for (let i = 0; i < jours.length; i += 1) {
    const j = jours[i] as JourConsommation;
    consoJournaliere[i] = { date: j.date, mwh: j.mwh ?? 0, qualite: j.qualite };
    totalMwh = totalMwh + (j.qualite === 'manquant' ? 0 : (j.mwh ?? 0));
  }
  const avantRounded = round(avant);
  const apresRounded = round(apres);
  const economie = avant.total_annuel - apres.total_annuel;
  const pourcentage = avant.total_annuel > 0 ? (economie / avant.total_annuel) * 100 : 0;
  // An LI / PIC result rests on two unverified readings (the CTA base of ADR 0024, the 3 % tolerance of ADR 0052),
  // as the simulator marks its `cta.tso` line of such a point: an estimate whatever the parameters' statuses.
  const hasEstimates =
    input.serie.origine === 'synthese' || transportConnected || built.params.some((p) => p.statut === 'estimate');

  return {
    cjaOptimisee: apresPlan.cja,
    cjaActuelle,
    capacitesMensuellesOptimisees: monthly ? [...(apresPlan.mensuelles ?? [])] : null,
    capacitesMensuellesActuelles: monthlyCurrent,
    couts: { avant: avantRounded, apres: apresRounded },
    economieAnnuelle: roundEuros(economie),
    pourcentageEconomie: roundHalfAwayFromZero(pourcentage, 2),
    details: { avant, apres },
    params: built.params,
    warnings,
    serie: {
      origine: input.serie.origine,
      consoJournaliere,
      joursMesures: counts.mesure,
      joursEstimes: counts.estime,
      joursManquants: counts.manquant,
      maxJournalier: series.max,
      totalMwh,
    },
    hasEstimates,
    stats: { candidats: solved.candidates },
  };
}
