/** Storage compensation: ATRT8 terme tarifaire de stockage (TTS) × winter modulation. */
import type { IsoDate } from '../../dates.ts';
import { TariffInputError } from '../../errors.ts';
import { ATRT8 } from '../../parameters/atrt8.ts';
import { resolveAt } from '../../parameters/lookup.ts';
import { estimatedModulation, modulationFromHistory } from '../capacity-costs.ts';
import { isEstimatedCapacity, type TransportCapacity } from './capacity.ts';
import type { SimulationContext } from './context.ts';
import { type DraftLine, lookup, optionalNonNegative, price, qty } from './draft-line.ts';

export interface StorageLine {
  /** `atrt.stockage`. */
  readonly line: DraftLine;
  /** Start date of the TTS used. */
  readonly gridDate: IsoDate;
  readonly warnings: readonly string[];
}

/**
 * Reads `ATRT8.tts`. The modulation is, in order: the one given; from the consumption history (mean of the two
 * lowest yearly modulations, minus the interruptible capacity); else estimated from the capacity and the annual
 * consumption (CAR, else assiette), with a warning. Throws when none of these can be had.
 */
export function storageLine(ctx: SimulationContext, capacity: TransportCapacity): StorageLine {
  const tts = lookup('terme tarifaire de stockage (TTS)', () => resolveAt(ATRT8.tts, ctx.date, ctx.overlay));
  const { interruptible } = ctx;
  const warnings: string[] = [];
  let modulation: number;
  let modulationFormula: string;
  let modulationEstimated = false;
  const explicitModulation = optionalNonNegative(ctx.modulation, 'modulation');
  const history = ctx.historiqueConsommation;
  if (explicitModulation !== undefined) {
    modulation = explicitModulation;
    modulationFormula = `${qty(modulation)} MWh/j (modulation fournie)`;
  } else if (history && history.length > 0) {
    modulation = modulationFromHistory(history, interruptible);
    modulationFormula = `${qty(modulation)} MWh/j (moyenne des 2 plus faibles modulations annuelles sur ${Math.min(4, history.length)} an(s), moins ${qty(interruptible)} MWh/j interruptibles)`;
  } else {
    const annual = ctx.car ?? ctx.assiette;
    if (annual === undefined) {
      throw new TariffInputError('assiette', "Veuillez indiquer l'assiette.");
    }
    modulation = estimatedModulation(capacity.capacity, annual, interruptible);
    modulationEstimated = true;
    modulationFormula = `max(0 ; ${qty(capacity.capacity)} − ${qty(annual)} / 365 − ${qty(interruptible)}) = ${qty(modulation)} MWh/j (estimation à partir du profil)`;
    warnings.push(
      'Compensation stockage estimée : modulation hivernale calculée à partir du profil (capacité − consommation annuelle / 365 − capacité interruptible), faute d’historique de consommation.',
    );
  }
  return {
    line: {
      id: 'atrt.stockage',
      category: 'compensationStockage',
      kind: 'fixe',
      label: 'Compensation stockage (terme tarifaire de stockage × modulation hivernale)',
      formula: `${qty(modulation)} MWh/j × ${price(tts.value)} €/MWh/j/an`,
      inputs: { modulation, modulationDetail: modulationFormula, cjsInterruptible: interruptible },
      unitPrice: tts.value,
      unit: '€/MWh/j/an',
      annualExact: modulation * tts.value,
      resolved: [tts, ...capacity.resolved],
      extraEstimate: modulationEstimated || (isEstimatedCapacity(capacity) && explicitModulation === undefined),
    },
    gridDate: tts.from,
    warnings,
  };
}
