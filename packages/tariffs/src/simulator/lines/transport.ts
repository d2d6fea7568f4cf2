/** ATRT8 lines: TCS, TCR × NTR and TCL; for a transport-connected point, the fixed term per delivery poste. */
import type { IsoDate } from '../../dates.ts';
import { ATRT8 } from '../../parameters/atrt8.ts';
import type { ResolvedValue } from '../../parameters/lookup.ts';
import { resolveAt } from '../../parameters/lookup.ts';
import { type DeliveryKind, type TransportRates, transportRatesAt } from '../capacity-costs.ts';
import { isEstimatedCapacity, type TransportCapacity } from './capacity.ts';
import type { SimulationContext } from './context.ts';
import { type DraftLine, lookup, price, qty } from './draft-line.ts';

export interface TransportLines {
  /** `atrt.tcs`, `atrt.tcr`, `atrt.tcl`, and `atrt.poste` for a transport-connected point. */
  readonly lines: readonly DraftLine[];
  /** The values the CTA of a transport-connected point is computed on (the three rates and the poste term). */
  readonly fixedResolved: readonly ResolvedValue[];
  readonly warnings: readonly string[];
  /** The rates read (the CTA of a transport-connected point cites them). */
  readonly rates: TransportRates;
  /** Unrounded €/an of the fixed terms: the CTA base of a transport-connected point. */
  readonly fixedExact: number;
  /** Start date of the ATRT grid used. */
  readonly gridDate: IsoDate;
}

/**
 * Reads the ATRT8 TCS, TCR of the TSO and TCL (PITD or transport-connected) through `transportRatesAt`.
 * The TCL of a transport-connected point is billed on the CPL when given, else on the capacity.
 */
export function transportLines(ctx: SimulationContext, capacity: TransportCapacity): TransportLines {
  const { tso, ntr } = ctx;
  const kind: DeliveryKind = ctx.distributionConnected ? 'pitd' : 'transport';
  const rates = lookup(`termes de capacité ATRT8 (${tso})`, () =>
    transportRatesAt(tso, ntr, kind, ctx.date, ctx.overlay),
  );
  const c = capacity.capacity;
  const extraEstimate = isEstimatedCapacity(capacity);
  const tclBase = kind === 'transport' ? (ctx.cpl ?? c) : c;
  const lines: DraftLine[] = [
    {
      id: 'atrt.tcs',
      category: 'termeTransport',
      kind: 'fixe',
      label: 'Terme de capacité de sortie du réseau principal (TCS, ATRT8)',
      formula: `${qty(c)} MWh/j × ${price(rates.tcs.value)} €/MWh/j/an`,
      inputs: { capacite: c, capaciteDetail: capacity.formula },
      unitPrice: rates.tcs.value,
      unit: '€/MWh/j/an',
      annualExact: c * rates.tcs.value,
      resolved: [rates.tcs, ...capacity.resolved],
      extraEstimate,
    },
    {
      id: 'atrt.tcr',
      category: 'termeTransport',
      kind: 'fixe',
      label: `Terme de capacité de transport régional (TCR ${tso} × NTR, ATRT8)`,
      formula: `${qty(c)} MWh/j × ${price(rates.tcr.value)} €/MWh/j/an × ${ntr} (NTR)`,
      inputs: { capacite: c, ntr },
      unitPrice: rates.tcr.value,
      unit: '€/MWh/j/an',
      annualExact: c * rates.tcr.value * ntr,
      resolved: [rates.tcr, ...capacity.resolved],
      extraEstimate,
    },
    {
      id: 'atrt.tcl',
      category: 'termeTransport',
      kind: 'fixe',
      label:
        kind === 'pitd'
          ? `Terme de capacité de livraison au PITD (TCL ${tso}, ATRT8)`
          : `Terme de capacité de livraison (TCL ${tso}, consommateur raccordé au transport, ATRT8)`,
      formula: `${qty(tclBase)} MWh/j × ${price(rates.tcl.value)} €/MWh/j/an`,
      inputs: { capacite: tclBase },
      unitPrice: rates.tcl.value,
      unit: '€/MWh/j/an',
      annualExact: tclBase * rates.tcl.value,
      resolved: [rates.tcl, ...capacity.resolved],
      extraEstimate,
    },
  ];
  let fixedExact = c * rates.tcs.value + c * rates.tcr.value * ntr + tclBase * rates.tcl.value;
  const fixedResolved: ResolvedValue[] = [rates.tcs, rates.tcr, rates.tcl];
  const warnings: string[] = [];
  if (kind === 'transport') {
    // A transport-connected consumer also pays its operator's fixed term per delivery poste (one poste assumed).
    const poste = lookup(`terme fixe par poste de livraison ATRT8 (${tso})`, () =>
      resolveAt(ATRT8.termeFixePoste[tso], ctx.date, ctx.overlay),
    );
    lines.push({
      id: 'atrt.poste',
      category: 'termeTransport',
      kind: 'fixe',
      label: `Terme fixe par poste de livraison (${tso}, ATRT8)`,
      formula: `1 poste × ${price(poste.value)} €/an`,
      inputs: { postes: 1 },
      unitPrice: poste.value,
      unit: '€/an',
      annualExact: poste.value,
      resolved: [poste],
    });
    fixedExact += poste.value;
    fixedResolved.push(poste);
    warnings.push('Point raccordé au transport : un seul poste de livraison est compté (terme fixe par poste).');
  }
  return { lines, rates, fixedExact, fixedResolved, warnings, gridDate: rates.tcs.from };
}
