import { type IsoDate, isIsoDate } from '../dates.ts';
import { TariffDomainError } from '../errors.ts';
import type { AtrdOption } from '../parameters/atrd7-grdf.ts';
import type { ParameterOverlay } from '../parameters/overlay.ts';
import { simulate } from './simulate.ts';
import type { PointDeReseau, SimulationInput } from './types.ts';

/** What decides whether the grids cover a month. */
export interface AvailabilityCriteria {
  readonly pointDeReseau: PointDeReseau;
  readonly tarif: AtrdOption;
  readonly tso: string;
}

/**
 * Months (first days, `YYYY-MM-01`) between `fromMonth` and `toMonth` (both `YYYY-MM`, inclusive) for which
 * the sourced grids can simulate the given point type / option / TSO. Lets the server offer only the
 * months the engine supports (spec §7 `months`).
 */
export function availableEffectMonths(
  fromMonth: string,
  toMonth: string,
  criteria: AvailabilityCriteria,
  overlay?: ParameterOverlay,
): IsoDate[] {
  const start = `${fromMonth}-01`;
  const end = `${toMonth}-01`;
  if (!isIsoDate(start) || !isIsoDate(end)) {
    throw new RangeError(`Mois invalides : ${fromMonth} → ${toMonth} (format AAAA-MM attendu).`);
  }
  const months: IsoDate[] = [];
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7));
  const probe: SimulationInput = {
    pointDeReseau: criteria.pointDeReseau,
    code: 'disponibilite',
    tso: criteria.tso,
    profil: 'P016',
    tarif: criteria.tarif,
    car: 1000,
    cja: 10,
    assiette: 1000,
    distanceM: 1,
    referentiel: { ntr: 1, zi: 0.005, isSample: false },
  };
  for (;;) {
    const date = `${year}-${String(month).padStart(2, '0')}-01`;
    if (date > end) {
      break;
    }
    try {
      simulate(probe, date, overlay ? { overlay } : {});
      months.push(date);
    } catch (error) {
      if (!(error instanceof TariffDomainError)) {
        throw error;
      }
    }
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}
