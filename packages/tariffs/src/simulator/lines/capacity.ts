/**
 * The daily capacity the transport terms are billed on.
 * PITD T1–T3: CJN = CAR × Zi × A (A: ATRT8 coefficient of the TSO). PITD T4/TP, LI and PIC (consumers connected
 * to transport, whatever the option): the subscribed CJA (ADR 0024, docs/glossary.md).
 */
import { TariffDataUnavailableError } from '../../errors.ts';
import { formatNumberFr } from '../../money.ts';
import { ATRT8 } from '../../parameters/atrt8.ts';
import { type ResolvedValue, resolveAt } from '../../parameters/lookup.ts';
import type { SimulationContext } from './context.ts';
import { lookup, qty, requirePositiveNumber } from './draft-line.ts';

export interface TransportCapacity {
  /** MWh/j. */
  readonly capacity: number;
  /** How it was obtained, in French (shown in the TCS line's inputs). */
  readonly formula: string;
  /** Dated values read (coefficient A for the CJN), carried into the lines built on the capacity. */
  readonly resolved: readonly ResolvedValue[];
  /** True when the CJN used sample reference data (Zi/NTR): every line built on it is an estimate. */
  readonly fromSample: boolean;
}

/**
 * Reads `ATRT8.coefficientA[tso]` (CJN only). Uses `point`, `isSubscribed`, `cja` or `car`, `zi`, `tso`,
 * `usedSampleData`; throws when the CJA or CAR is missing, or the Zi for a CJN.
 */
export function transportCapacity(ctx: SimulationContext): TransportCapacity {
  if (!ctx.distributionConnected || ctx.isSubscribed) {
    const capacity = requirePositiveNumber(ctx.cja, 'cja', 'Veuillez indiquer la CJA.');
    return { capacity, formula: `${qty(capacity)} MWh/j (CJA)`, resolved: [], fromSample: false };
  }
  const car = requirePositiveNumber(ctx.car, 'car', 'Veuillez indiquer la CAR.');
  const zi = ctx.zi;
  if (zi === undefined || !Number.isFinite(zi) || zi <= 0) {
    throw new TariffDataUnavailableError(
      `coefficient Zi absent pour la station « ${ctx.stationMeteo ?? '?'} » et le profil ${ctx.profil}.`,
    );
  }
  const a = lookup(`coefficient A de ${ctx.tso}`, () => resolveAt(ATRT8.coefficientA[ctx.tso], ctx.date, ctx.overlay));
  const capacity = car * zi * a.value;
  return {
    capacity,
    formula: `CJN = ${qty(car)} MWh × ${formatNumberFr(zi, 0, 6)} (Zi) × ${formatNumberFr(a.value, 0, 4)} (A) = ${qty(capacity)} MWh/j`,
    resolved: [a],
    fromSample: ctx.usedSampleData,
  };
}

/** True when the lines built on this capacity are estimates (sample data or an estimated coefficient A). */
export function isEstimatedCapacity(capacity: TransportCapacity): boolean {
  return capacity.fromSample || capacity.resolved.some((r) => r.isEstimate);
}
