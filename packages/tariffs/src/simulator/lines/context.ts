/**
 * Checks and normalises the simulator input once, before any line is built. Every builder then reads this
 * context, never the raw input.
 */
import { compareIsoDates, type IsoDate, isIsoDate } from '../../dates.ts';
import { TariffDataUnavailableError, TariffInputError, UnsupportedCombinationError } from '../../errors.ts';
import { type AtrdOption, NATIONAL_GRID_FROM } from '../../parameters/atrd7-grdf.ts';
import type { Tso } from '../../parameters/atrt8.ts';
import type { ParameterOverlay } from '../../parameters/overlay.ts';
import { isProfilCode } from '../../reference/profiles.ts';
import { normaliseTso } from '../../reference/tso.ts';
import type { ProfilCode } from '../../reference/types.ts';
import type { ConsumptionYear, PointDeReseau, SimulationInput } from '../types.ts';
import { POINTS_DE_RESEAU } from '../types.ts';
import { optionalNonNegative } from './draft-line.ts';

const ATRD_OPTIONS: readonly AtrdOption[] = ['T1', 'T2', 'T3', 'T4', 'TP'];
const SUBSCRIBED_OPTIONS: readonly AtrdOption[] = ['T4', 'TP'];
/** Distribution operators with a sourced grid before the national grid (1 July 2026). */
const GRID_DSOS = ['GRDF'];

/** The coefficient NIV of a non-péréqué concession, as the distribution lines apply it (ADR 0050). */
export interface NivCoefficient {
  readonly value: number;
  /** The date it is known to be in force, when the caller said. */
  readonly knownOn: IsoDate | undefined;
  /**
   * True when a 1 July (the NIV's yearly re-indexation) falls after `knownOn` and on or before the date: the NIV
   * in force may differ, the lines it scales are estimates.
   */
  readonly mayBeStale: boolean;
}

/** The checked input of one simulation. Optional quantities are undefined when not given. */
export interface SimulationContext {
  readonly date: IsoDate;
  /** Stored dated values laid over the packaged ones (ADR 0025); undefined = packaged values only. */
  readonly overlay: ParameterOverlay | undefined;
  readonly point: PointDeReseau;
  readonly code: string;
  readonly tso: Tso;
  readonly tarif: AtrdOption;
  readonly profil: ProfilCode;
  /** Niveau de tarif régional, integer 0–10. */
  readonly ntr: number;
  /** Zi of the point's station × profile, unchecked (only the CAR-based capacity needs it). */
  readonly zi: number | undefined;
  readonly stationMeteo: string | undefined;
  /** Interruptible daily capacity (MWh/j), 0 when not given. */
  readonly interruptible: number;
  readonly assiette: number | undefined;
  readonly car: number | undefined;
  readonly cja: number | undefined;
  readonly cpl: number | undefined;
  readonly ceeOverride: number | undefined;
  /** Unchecked: only the TP distance term needs it (checked there). */
  readonly distanceM: number | undefined;
  /** Débit normalisé of the meter (Nm³/h), base of the TDN (T1–T3 from 1 July 2026). */
  readonly debitNormalise: number | undefined;
  /** Unchecked: only the storage line needs it (checked there). */
  readonly modulation: number | undefined;
  readonly historiqueConsommation: readonly ConsumptionYear[] | undefined;
  readonly usedSampleData: boolean;
  /** T4 and TP: subscribed daily capacity (CJA). */
  readonly isSubscribed: boolean;
  /** PITD: the point is on the distribution network (ATRD lines, CTA on the ATRD fixed part). */
  readonly distributionConnected: boolean;
  /** PITD: the distribution operator as given (trimmed), undefined when not given. */
  readonly dso: string | undefined;
  /** PITD in a non-péréqué concession: its coefficient NIV; null for a péréqué commune. */
  readonly niv: NivCoefficient | null;
}

/** True when a 1 July falls in (knownOn, date]: the yearly re-indexation of a NIV happened in between. */
function julyBetween(knownOn: IsoDate, date: IsoDate): boolean {
  const year = Number(date.slice(0, 4));
  const lastJuly = compareIsoDates(date, `${year}-07-01`) >= 0 ? `${year}-07-01` : `${year - 1}-07-01`;
  return compareIsoDates(knownOn, lastJuly) < 0;
}

function nivOf(input: SimulationInput, date: IsoDate, distributionConnected: boolean): NivCoefficient | null {
  const value = input.referentiel?.coefficientNiv;
  if (!distributionConnected || value === undefined || value === null) {
    return null;
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 10) {
    throw new TariffInputError(
      'coefficientNiv',
      'Le coefficient NIV doit être un nombre strictement positif (par exemple 1,0450).',
    );
  }
  // Reference data, not a user entry: a version label that is not a date (an imported table's) means « unknown ».
  const given = input.referentiel.coefficientNivKnownOn;
  const knownOn = typeof given === 'string' && isIsoDate(given) ? given : undefined;
  return { value, knownOn, mayBeStale: knownOn !== undefined && julyBetween(knownOn, date) };
}

/**
 * Checks the input in a fixed order (point, TSO, option, profile, NTR, then the optional quantities, then the
 * DSO) and throws the first {@link TariffInputError}, {@link TariffDataUnavailableError} or
 * {@link UnsupportedCombinationError}, with a French message.
 */
export function simulationContext(
  input: SimulationInput,
  date: IsoDate,
  overlay?: ParameterOverlay,
): SimulationContext {
  const point = input.pointDeReseau as PointDeReseau;
  if (!POINTS_DE_RESEAU.includes(point)) {
    throw new TariffInputError('pointDeReseau', 'Veuillez indiquer le point de réseau.');
  }
  const tso = normaliseTso(input.tso ?? '') as Tso | undefined;
  if (!tso) {
    throw new TariffInputError('tso', 'Veuillez sélectionner le TSO.');
  }
  const tarif = input.tarif;
  if (!ATRD_OPTIONS.includes(tarif)) {
    throw new TariffInputError('tarif', 'Veuillez indiquer le tarif.');
  }
  if (!isProfilCode(input.profil)) {
    throw new TariffInputError('profil', 'Veuillez indiquer le profil.');
  }
  const ntr = input.referentiel?.ntr;
  if (ntr === undefined || !Number.isInteger(ntr) || ntr < 0 || ntr > 10) {
    throw new TariffDataUnavailableError(
      `niveau de tarif régional (NTR) absent ou invalide pour le point « ${input.code} ».`,
    );
  }
  const interruptible = optionalNonNegative(input.cjsInterruptible, 'cjsInterruptible') ?? 0;
  const assiette = optionalNonNegative(input.assiette, 'assiette');
  const car = optionalNonNegative(input.car, 'car');
  const cja = optionalNonNegative(input.cja, 'cja');
  const cpl = optionalNonNegative(input.cpl, 'cpl');
  const ceeOverride = optionalNonNegative(input.cee, 'cee');
  const debitNormalise = optionalNonNegative(input.debitNormalise, 'debitNormalise');
  const distributionConnected = point === 'PITD';

  const dso =
    distributionConnected && input.dso !== undefined && input.dso.trim() !== '' ? input.dso.trim() : undefined;
  // From the national grid (1 July 2026) every péréqué distributor uses GRDF's grid; before it, ELDs had their own.
  if (dso !== undefined && compareIsoDates(date, NATIONAL_GRID_FROM) < 0) {
    if (!GRID_DSOS.includes(dso.toUpperCase())) {
      throw new UnsupportedCombinationError(
        `combinaison TSO/DSO ${tso}/${input.dso} : seule la grille ATRD7 de GRDF est disponible, « ${input.dso} » n'est pas encore supporté.`,
      );
    }
  }

  return {
    date,
    overlay,
    point,
    code: input.code,
    tso,
    tarif,
    profil: input.profil,
    ntr,
    zi: input.referentiel.zi,
    stationMeteo: input.referentiel.stationMeteo,
    interruptible,
    assiette,
    car,
    cja,
    cpl,
    ceeOverride,
    distanceM: input.distanceM,
    debitNormalise,
    modulation: input.modulation,
    historiqueConsommation: input.historiqueConsommation,
    usedSampleData: input.referentiel.isSample === true,
    isSubscribed: SUBSCRIBED_OPTIONS.includes(tarif),
    distributionConnected,
    dso,
    niv: nivOf(input, date, distributionConnected),
  };
}
