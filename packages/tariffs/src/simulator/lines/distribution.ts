/**
 * ATRD7 GRDF lines of a distribution-connected point (PITD): subscription, capacity (T4, TP), distance (TP),
 * terme de débit normalisé (T1–T3 from 1 July 2026) and the proportional term (T1–T4).
 */
import type { IsoDate } from '../../dates.ts';
import { TariffDataUnavailableError, UnsupportedCombinationError } from '../../errors.ts';
import { ATRD7_GRDF, ATRD7_TDN, tdnAppliesTo } from '../../parameters/atrd7-grdf.ts';
import { hasValueAt, type ResolvedValue, resolveAt } from '../../parameters/lookup.ts';
import { atrdCapacityCharge } from '../capacity-costs.ts';
import type { SimulationContext } from './context.ts';
import { assietteInputs, type DraftLine, lookup, price, qty, requirePositiveNumber } from './draft-line.ts';

export interface DistributionLines {
  /**
   * Fixed lines in display order: `atrd.abonnement`, then `atrd.capacite` (T4, TP), `atrd.distance` (TP),
   * `atrd.tdn` (T1–T3 from 1 July 2026, when the débit normalisé is given).
   */
  readonly fixed: readonly DraftLine[];
  /** `atrd.proportionnel` (€/MWh), null for TP (no proportional term). */
  readonly proportional: DraftLine | null;
  /** Unrounded €/an of the fixed lines: the CTA base of a PITD. */
  readonly fixedExact: number;
  /** Dated values behind the fixed part (carried into the CTA lines). */
  readonly fixedResolved: readonly ResolvedValue[];
  /** Per-MWh price of the proportional term, 0 without one. */
  readonly proportionalPrice: number;
  /** Start date of the ATRD grid used. */
  readonly gridDate: IsoDate;
  readonly warnings: readonly string[];
}

/**
 * The TDN line of a T1–T3 point (ADR 0026): (débit normalisé − seuil)⁺ × terme, reading `ATRD7_TDN.seuil` and
 * `.terme`. Null with a warning when the option is billed the TDN at `date` but the débit normalisé is not given;
 * null with a warning when a débit is given where no TDN applies (option T4/TP, or before 1 July 2026).
 */
export function tdnLine(ctx: SimulationContext): { line: DraftLine | null; warning: string | null } {
  const { tarif, date, debitNormalise, overlay } = ctx;
  const applies = tdnAppliesTo(tarif, date, overlay);
  if (!applies) {
    return {
      line: null,
      warning:
        debitNormalise === undefined
          ? null
          : 'Débit normalisé non utilisé : le terme de débit normalisé ne s’applique qu’aux options T1, T2 et T3 à partir du 1er juillet 2026.',
    };
  }
  const seuil = lookup('seuil du terme de débit normalisé ATRD7', () => resolveAt(ATRD7_TDN.seuil, date, overlay));
  if (debitNormalise === undefined) {
    return {
      line: null,
      warning: `Terme de débit normalisé (TDN, à partir du 1er juillet 2026, compteurs au-delà de ${qty(seuil.value)} Nm³/h) non inclus : indiquez le débit normalisé du compteur (Nm³/h) pour le calculer.`,
    };
  }
  const terme = lookup('terme de débit normalisé ATRD7', () => resolveAt(ATRD7_TDN.terme, date, overlay));
  const billed = Math.max(0, debitNormalise - seuil.value);
  const formula =
    billed > 0
      ? `(${qty(debitNormalise)} − ${qty(seuil.value)}) Nm³/h × ${price(terme.value)} €/Nm³/h/an`
      : `${qty(debitNormalise)} Nm³/h ≤ ${qty(seuil.value)} Nm³/h : non facturé`;
  return {
    line: {
      id: 'atrd.tdn',
      category: 'termeDistribution',
      kind: 'fixe',
      label: `Terme de débit normalisé (ATRD7 GRDF, option ${tarif})`,
      formula,
      inputs: { debitNormalise, seuil: seuil.value },
      unitPrice: terme.value,
      unit: '€/Nm³/h/an',
      annualExact: billed * terme.value,
      resolved: [terme, seuil],
    },
    warning: null,
  };
}

/**
 * Reads `ATRD7_GRDF[tarif].abonnement` and `.proportionnel`, `ATRD7_GRDF.T4.seuilCapacite`,
 * `.capaciteJusqua500`, `.capaciteAuDela500` (T4), `ATRD7_GRDF.TP.capacite` and `.distance` (TP), `ATRD7_TDN`
 * (T1–T3, see {@link tdnLine}). `cja` is the transport capacity (the CJA for T4/TP). Throws when the option has
 * no grid at the date, or when the TP distance is missing.
 */
export function distributionLines(ctx: SimulationContext, cja: number): DistributionLines {
  const { tarif, date, overlay } = ctx;
  const optionGrid = ATRD7_GRDF[tarif];
  if (!hasValueAt(optionGrid.abonnement, date, overlay)) {
    if (hasValueAt(ATRD7_GRDF.T4.abonnement, date, overlay)) {
      throw new UnsupportedCombinationError(
        `l'option ${tarif} n'a pas de grille ATRD7 GRDF sourcée au ${date} ; cette option n'est pas encore supportée à cette date.`,
      );
    }
    throw new TariffDataUnavailableError(`grille ATRD7 GRDF non sourcée au ${date}.`);
  }
  const fixed: DraftLine[] = [];
  const warnings: string[] = [];
  const abonnement = lookup(`abonnement ATRD7 ${tarif}`, () => resolveAt(optionGrid.abonnement, date, overlay));
  let fixedResolved: ResolvedValue[] = [abonnement];
  let fixedExact = abonnement.value;
  fixed.push({
    id: 'atrd.abonnement',
    category: 'abonnement',
    kind: 'fixe',
    label: `Abonnement distribution (ATRD7 GRDF, option ${tarif})`,
    formula: `${price(abonnement.value)} €/an`,
    inputs: { option: tarif },
    unitPrice: abonnement.value,
    unit: '€/an',
    annualExact: abonnement.value,
    resolved: [abonnement],
  });

  if (tarif === 'T4') {
    const rates = lookup('termes de capacité ATRD7 T4', () => ({
      threshold: resolveAt(ATRD7_GRDF.T4.seuilCapacite, date, overlay),
      upTo: resolveAt(ATRD7_GRDF.T4.capaciteJusqua500, date, overlay),
      above: resolveAt(ATRD7_GRDF.T4.capaciteAuDela500, date, overlay),
    }));
    const charge = atrdCapacityCharge('T4', cja, date, overlay);
    if (cja > rates.threshold.value) {
      warnings.push(
        `CJA supérieure à ${qty(rates.threshold.value)} MWh/j : lecture retenue « tranches marginales » (les ${qty(rates.threshold.value)} premiers MWh/j au tarif de la première tranche, le reste au tarif de la seconde) — voir docs/tariff-sources.md.`,
      );
    }
    const used =
      cja > rates.threshold.value ? [rates.upTo, rates.above, rates.threshold] : [rates.upTo, rates.threshold];
    fixedResolved = [...fixedResolved, ...used];
    fixed.push({
      id: 'atrd.capacite',
      category: 'termeDistribution',
      kind: 'fixe',
      label: 'Terme de souscription de capacité journalière (ATRD7 GRDF, option T4)',
      formula: charge.bands.map((b) => `${qty(b.quantity)} MWh/j × ${price(b.rate)} €/MWh/j/an`).join(' + '),
      inputs: { cja, seuil: rates.threshold.value },
      unitPrice: rates.upTo.value,
      unit: '€/MWh/j/an',
      annualExact: charge.amount,
      resolved: used,
    });
    fixedExact += charge.amount;
  } else if (tarif === 'TP') {
    const capacite = lookup('terme de capacité ATRD7 TP', () => resolveAt(ATRD7_GRDF.TP.capacite, date, overlay));
    const distance = lookup('terme de distance ATRD7 TP', () => resolveAt(ATRD7_GRDF.TP.distance, date, overlay));
    const distanceM = requirePositiveNumber(
      ctx.distanceM,
      'distanceM',
      "Veuillez indiquer la distance au réseau de transport (m) pour l'option TP.",
    );
    fixedResolved = [...fixedResolved, capacite, distance];
    fixed.push(
      {
        id: 'atrd.capacite',
        category: 'termeDistribution',
        kind: 'fixe',
        label: 'Terme de souscription de capacité journalière (ATRD7 GRDF, option TP)',
        formula: `${qty(cja)} MWh/j × ${price(capacite.value)} €/MWh/j/an`,
        inputs: { cja },
        unitPrice: capacite.value,
        unit: '€/MWh/j/an',
        annualExact: cja * capacite.value,
        resolved: [capacite],
      },
      {
        id: 'atrd.distance',
        category: 'termeDistribution',
        kind: 'fixe',
        label: 'Terme de distance (ATRD7 GRDF, option TP)',
        formula: `${qty(distanceM)} m × ${price(distance.value)} €/m/an`,
        inputs: { distanceM },
        unitPrice: distance.value,
        unit: '€/m/an',
        annualExact: distanceM * distance.value,
        resolved: [distance],
      },
    );
    warnings.push(
      'Option TP : le multiplicateur du terme de distance selon la densité de population de la commune n’est pas appliqué (non vérifié dans la grille ATRD7).',
    );
    fixedExact += cja * capacite.value + distanceM * distance.value;
  }

  const tdn = tdnLine(ctx);
  if (tdn.warning) {
    warnings.push(tdn.warning);
  }
  if (tdn.line) {
    fixed.push(tdn.line);
    fixedResolved = [...fixedResolved, ...tdn.line.resolved];
    fixedExact += tdn.line.annualExact ?? 0;
  }

  let proportional: DraftLine | null = null;
  if (tarif !== 'TP') {
    const grid = ATRD7_GRDF[tarif];
    const value = lookup(`terme proportionnel ATRD7 ${tarif}`, () => resolveAt(grid.proportionnel, date, overlay));
    proportional = {
      id: 'atrd.proportionnel',
      category: 'termeProportionnel',
      kind: 'parMwh',
      label: `Terme proportionnel distribution (ATRD7 GRDF, option ${tarif})`,
      formula: `${price(value.value)} €/MWh`,
      inputs: assietteInputs(ctx.assiette),
      unitPrice: value.value,
      unit: '€/MWh',
      annualExact: null,
      resolved: [value],
    };
  }

  return {
    fixed,
    proportional,
    fixedExact,
    fixedResolved,
    proportionalPrice: proportional?.unitPrice ?? 0,
    gridDate: abonnement.from,
    warnings,
  };
}
