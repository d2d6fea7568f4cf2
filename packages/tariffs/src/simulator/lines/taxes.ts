/** Per-MWh taxes and charges: accise sur les gaz naturels, CEE. */
import type { IsoDate } from '../../dates.ts';
import { resolveAt } from '../../parameters/lookup.ts';
import type { ParameterOverlay } from '../../parameters/overlay.ts';
import { TAXES } from '../../parameters/taxes.ts';
import { assietteInputs, type DraftLine, lookup, price } from './draft-line.ts';

export interface PerMwhLine {
  readonly line: DraftLine;
  /** €/MWh. */
  readonly price: number;
  /** Start date of the dated value used, null when the user entered the value. */
  readonly gridDate: IsoDate | null;
}

/** Reads `TAXES.accise` (combustible use). */
export function acciseLine(assiette: number | undefined, date: IsoDate, overlay?: ParameterOverlay): PerMwhLine {
  const accise = lookup('accise sur les gaz naturels', () => resolveAt(TAXES.accise, date, overlay));
  return {
    price: accise.value,
    gridDate: accise.from,
    line: {
      id: 'taxe.accise',
      category: 'accise',
      kind: 'parMwh',
      label: 'Accise sur les gaz naturels (ex-TICGN), usage combustible',
      formula: `${price(accise.value)} €/MWh`,
      inputs: assietteInputs(assiette),
      unitPrice: accise.value,
      unit: '€/MWh',
      annualExact: null,
      resolved: [accise],
    },
  };
}

/** The CEE cost: the value the user entered, else reads `TAXES.ceeCoutDefaut` (an estimate). */
export function ceeLine(
  override: number | undefined,
  assiette: number | undefined,
  date: IsoDate,
  overlay?: ParameterOverlay,
): PerMwhLine {
  if (override !== undefined) {
    return {
      price: override,
      gridDate: null,
      line: {
        id: 'cee',
        category: 'cee',
        kind: 'parMwh',
        label: "Certificats d'économies d'énergie (CEE) — valeur saisie",
        formula: `${price(override)} €/MWh (saisie utilisateur)`,
        inputs: assiette === undefined ? { cee: override } : { cee: override, assiette },
        unitPrice: override,
        unit: '€/MWh',
        annualExact: null,
        resolved: [],
        extraSources: [
          {
            title: "Valeur saisie par l'utilisateur (coût CEE répercuté par MWh)",
            url: 'docs/tariff-sources.md#cee',
            publishedOn: null,
            status: 'estimate',
          },
        ],
      },
    };
  }
  const ceeDefault = lookup('coût CEE par défaut', () => resolveAt(TAXES.ceeCoutDefaut, date, overlay));
  return {
    price: ceeDefault.value,
    gridDate: ceeDefault.from,
    line: {
      id: 'cee',
      category: 'cee',
      kind: 'parMwh',
      label: "Certificats d'économies d'énergie (CEE) — valeur par défaut estimée",
      formula: `${price(ceeDefault.value)} €/MWh (estimation, modifiable)`,
      inputs: assietteInputs(assiette),
      unitPrice: ceeDefault.value,
      unit: '€/MWh',
      annualExact: null,
      resolved: [ceeDefault],
    },
  };
}
