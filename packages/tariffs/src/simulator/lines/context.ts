/**
 * Checks and normalises the simulator input once, before any line is built. Every builder then reads this
 * context, never the raw input.
 */
import type { IsoDate } from '../../dates.ts';
import { TariffDataUnavailableError, TariffInputError, UnsupportedCombinationError } from '../../errors.ts';
import type { AtrdOption } from '../../parameters/atrd7-grdf.ts';
import type { Tso } from '../../parameters/atrt8.ts';
import type { ParameterOverlay } from '../../parameters/overlay.ts';
import { normaliseTso } from '../../reference/csv.ts';
import { isProfilCode } from '../../reference/profiles.ts';
import type { ProfilCode } from '../../reference/types.ts';
import type { ConsumptionYear, PointDeReseau, SimulationInput } from '../types.ts';
import { POINTS_DE_RESEAU } from '../types.ts';
import { optionalNonNegative } from './draft-line.ts';

const ATRD_OPTIONS: readonly AtrdOption[] = ['T1', 'T2', 'T3', 'T4', 'TP'];
const SUBSCRIBED_OPTIONS: readonly AtrdOption[] = ['T4', 'TP'];
/** Distribution operators with a sourced grid. */
const GRID_DSOS = ['GRDF'];

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

  if (distributionConnected && input.dso !== undefined && input.dso.trim() !== '') {
    const dso = input.dso.trim().toUpperCase();
    if (!GRID_DSOS.includes(dso)) {
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
  };
}
