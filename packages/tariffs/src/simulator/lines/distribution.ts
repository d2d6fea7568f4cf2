/**
 * ATRD7 lines of a distribution-connected point (PITD): subscription, capacity (T4, TP), distance (TP), terme de
 * débit normalisé (T1–T3 from 1 July 2026) and the proportional term (T1–T4). GRDF's grid, national from 1 July
 * 2026 (péréqué ELD areas too); in a non-péréqué concession every term hors Rf × the coefficient NIV (ADR 0050).
 */
import { compareIsoDates, type IsoDate } from '../../dates.ts';
import { TariffDataUnavailableError, UnsupportedCombinationError } from '../../errors.ts';
import { formatNumberFr } from '../../money.ts';
import {
  ATRD7_GRDF,
  ATRD7_RF_PARAMETERS,
  ATRD7_TDN,
  NATIONAL_GRID_FROM,
  tdnAppliesTo,
} from '../../parameters/atrd7-grdf.ts';
import { applyNiv, roundToCent } from '../../parameters/atrd7-indexation.ts';
import { hasValueAt, type ResolvedValue, resolveAt } from '../../parameters/lookup.ts';
import { SOURCES } from '../../parameters/references.ts';
import type { LineSource } from '../../parameters/types.ts';
import { atrdCapacityCharge, t4CapacityCharge } from '../capacity-costs.ts';
import type { NivCoefficient, SimulationContext } from './context.ts';
import { assietteInputs, type DraftLine, lookup, price, qty, requirePositiveNumber } from './draft-line.ts';

/** The rule of a non-péréqué tariff, cited on every line the coefficient NIV scales. */
const NIV_SOURCES: readonly LineSource[] = [{ ...SOURCES.atrd7NonPerequeGrdf2026, status: 'official' }];

/** A coefficient NIV in formulas and labels: four decimals, as the CRE writes it (1,0450). */
function nivText(niv: NivCoefficient): string {
  return formatNumberFr(niv.value, 4, 4);
}

/** The name of the grid in line labels: GRDF's, or the national one for another distributor from 1 July 2026. */
function gridName(ctx: SimulationContext): string {
  const national =
    ctx.dso !== undefined && ctx.dso.toUpperCase() !== 'GRDF' && compareIsoDates(ctx.date, NATIONAL_GRID_FROM) >= 0;
  return national ? 'ATRD7, grille nationale' : 'ATRD7 GRDF';
}

/** The fields a scaled line adds: its NIV sources, and the estimate flag when the NIV may be stale. */
function nivExtras(niv: NivCoefficient | null): Pick<DraftLine, 'extraSources' | 'extraEstimate'> {
  return niv === null ? {} : { extraSources: NIV_SOURCES, ...(niv.mayBeStale ? { extraEstimate: true } : {}) };
}

/** A péréqué rate scaled by the NIV (rounded to the cent), or the rate itself in a péréqué commune. */
function scaled(rate: number, niv: NivCoefficient | null): number {
  return niv === null ? rate : applyNiv(rate, niv.value);
}

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
  /** True when the fixed part is an estimate for a reason other than its dated values (a NIV that may be stale). */
  readonly fixedEstimate: boolean;
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
  const { niv } = ctx;
  const rate = scaled(terme.value, niv);
  const rateText = niv === null ? price(rate) : `(${price(terme.value)} × NIV ${nivText(niv)} = ${price(rate)})`;
  const billed = Math.max(0, debitNormalise - seuil.value);
  const formula =
    billed > 0
      ? `(${qty(debitNormalise)} − ${qty(seuil.value)}) Nm³/h × ${rateText} €/Nm³/h/an`
      : `${qty(debitNormalise)} Nm³/h ≤ ${qty(seuil.value)} Nm³/h : non facturé`;
  return {
    line: {
      id: 'atrd.tdn',
      category: 'termeDistribution',
      kind: 'fixe',
      label: `Terme de débit normalisé (${gridName(ctx)}, option ${tarif})`,
      formula,
      inputs: { debitNormalise, seuil: seuil.value, ...(niv === null ? {} : { coefficientNiv: niv.value }) },
      unitPrice: rate,
      unit: '€/Nm³/h/an',
      annualExact: billed * rate,
      resolved: [terme, seuil],
      ...nivExtras(niv),
    },
    warning: null,
  };
}

/**
 * Reads `ATRD7_GRDF[tarif].abonnement` and `.proportionnel`, `ATRD7_GRDF.T4.seuilCapacite`,
 * `.capaciteJusqua500`, `.capaciteAuDela500` (T4), `ATRD7_GRDF.TP.capacite` and `.distance` (TP), `ATRD7_TDN`
 * (T1–T3, see {@link tdnLine}), and with a coefficient NIV the option's Rf (`ATRD7_RF_PARAMETERS`). `cja` is the
 * transport capacity (the CJA for T4/TP). Throws when the option has no grid at the date, or when the TP distance is
 * missing.
 */
export function distributionLines(ctx: SimulationContext, cja: number): DistributionLines {
  const { tarif, date, overlay, niv } = ctx;
  const grid = gridName(ctx);
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
  const extras = nivExtras(niv);
  const nivInputs: Record<string, number> = niv === null ? {} : { coefficientNiv: niv.value };
  const nivLabel = niv === null ? '' : `, tarif non péréqué × NIV ${nivText(niv)}`;
  const abonnement = lookup(`abonnement ATRD7 ${tarif}`, () => resolveAt(optionGrid.abonnement, date, overlay));
  let fixedResolved: ResolvedValue[] = [abonnement];
  let abonnementLine: DraftLine;
  if (niv === null) {
    abonnementLine = {
      id: 'atrd.abonnement',
      category: 'abonnement',
      kind: 'fixe',
      label: `Abonnement distribution (${grid}, option ${tarif})`,
      formula: `${price(abonnement.value)} €/an`,
      inputs: { option: tarif },
      unitPrice: abonnement.value,
      unit: '€/an',
      annualExact: abonnement.value,
      resolved: [abonnement],
    };
  } else {
    // Délib. 2018-028 / 2026-48: the NIV scales the subscription hors Rf; the Rf share is the same everywhere.
    const rf = lookup(`terme Rf ATRD7 ${tarif}`, () => resolveAt(ATRD7_RF_PARAMETERS[tarif], date, overlay));
    const horsRf = roundToCent(abonnement.value - rf.value);
    const value = roundToCent(applyNiv(horsRf, niv.value) + rf.value);
    fixedResolved = [abonnement, rf];
    abonnementLine = {
      id: 'atrd.abonnement',
      category: 'abonnement',
      kind: 'fixe',
      label: `Abonnement distribution (${grid}, option ${tarif}${nivLabel})`,
      formula: `(${price(abonnement.value)} − Rf ${price(rf.value)}) €/an × NIV ${nivText(niv)} + Rf ${price(rf.value)} €/an = ${price(value)} €/an`,
      inputs: { option: tarif, ...nivInputs },
      unitPrice: value,
      unit: '€/an',
      annualExact: value,
      resolved: [abonnement, rf],
      ...extras,
    };
  }
  let fixedExact = abonnementLine.annualExact ?? 0;
  fixed.push(abonnementLine);

  if (tarif === 'T4') {
    const rates = lookup('termes de capacité ATRD7 T4', () => ({
      threshold: resolveAt(ATRD7_GRDF.T4.seuilCapacite, date, overlay),
      upTo: resolveAt(ATRD7_GRDF.T4.capaciteJusqua500, date, overlay),
      above: resolveAt(ATRD7_GRDF.T4.capaciteAuDela500, date, overlay),
    }));
    const charge =
      niv === null
        ? atrdCapacityCharge('T4', cja, date, overlay)
        : t4CapacityCharge(cja, rates.threshold.value, scaled(rates.upTo.value, niv), scaled(rates.above.value, niv));
    if (cja > rates.threshold.value) {
      warnings.push(
        `CJA supérieure à ${qty(rates.threshold.value)} MWh/j : lecture retenue « tranches marginales » (les ${qty(rates.threshold.value)} premiers MWh/j au tarif de la première tranche, le reste au tarif de la seconde) — voir docs/tariff-sources.md.`,
      );
    }
    const used =
      cja > rates.threshold.value ? [rates.upTo, rates.above, rates.threshold] : [rates.upTo, rates.threshold];
    fixedResolved = [...fixedResolved, ...used];
    const nivNote = niv === null ? '' : ` (taux × NIV ${nivText(niv)})`;
    fixed.push({
      id: 'atrd.capacite',
      category: 'termeDistribution',
      kind: 'fixe',
      label: `Terme de souscription de capacité journalière (${grid}, option T4${nivLabel})`,
      formula: `${charge.bands.map((b) => `${qty(b.quantity)} MWh/j × ${price(b.rate)} €/MWh/j/an`).join(' + ')}${nivNote}`,
      inputs: { cja, seuil: rates.threshold.value, ...nivInputs },
      unitPrice: scaled(rates.upTo.value, niv),
      unit: '€/MWh/j/an',
      annualExact: charge.amount,
      resolved: used,
      ...extras,
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
    const capaciteRate = scaled(capacite.value, niv);
    const distanceRate = scaled(distance.value, niv);
    const rateText = (resolved: ResolvedValue, rate: number) =>
      niv === null ? price(rate) : `(${price(resolved.value)} × NIV ${nivText(niv)} = ${price(rate)})`;
    fixedResolved = [...fixedResolved, capacite, distance];
    fixed.push(
      {
        id: 'atrd.capacite',
        category: 'termeDistribution',
        kind: 'fixe',
        label: `Terme de souscription de capacité journalière (${grid}, option TP${nivLabel})`,
        formula: `${qty(cja)} MWh/j × ${rateText(capacite, capaciteRate)} €/MWh/j/an`,
        inputs: { cja, ...nivInputs },
        unitPrice: capaciteRate,
        unit: '€/MWh/j/an',
        annualExact: cja * capaciteRate,
        resolved: [capacite],
        ...extras,
      },
      {
        id: 'atrd.distance',
        category: 'termeDistribution',
        kind: 'fixe',
        label: `Terme de distance (${grid}, option TP${nivLabel})`,
        formula: `${qty(distanceM)} m × ${rateText(distance, distanceRate)} €/m/an`,
        inputs: { distanceM, ...nivInputs },
        unitPrice: distanceRate,
        unit: '€/m/an',
        annualExact: distanceM * distanceRate,
        resolved: [distance],
        ...extras,
      },
    );
    warnings.push(
      'Option TP : le multiplicateur du terme de distance selon la densité de population de la commune n’est pas appliqué (non vérifié dans la grille ATRD7).',
    );
    fixedExact += cja * capaciteRate + distanceM * distanceRate;
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
    const option = ATRD7_GRDF[tarif];
    const value = lookup(`terme proportionnel ATRD7 ${tarif}`, () => resolveAt(option.proportionnel, date, overlay));
    const rate = scaled(value.value, niv);
    proportional = {
      id: 'atrd.proportionnel',
      category: 'termeProportionnel',
      kind: 'parMwh',
      label: `Terme proportionnel distribution (${grid}, option ${tarif}${nivLabel})`,
      formula:
        niv === null ? `${price(rate)} €/MWh` : `(${price(value.value)} × NIV ${nivText(niv)} = ${price(rate)}) €/MWh`,
      inputs: { ...assietteInputs(ctx.assiette), ...nivInputs },
      unitPrice: rate,
      unit: '€/MWh',
      annualExact: null,
      resolved: [value],
      ...extras,
    };
  }

  if (niv !== null) {
    warnings.push(
      niv.mayBeStale
        ? `Tarif non péréqué : termes de la grille hors Rf × coefficient NIV ${nivText(niv)} (délibérations CRE 2018-028 et 2026-48). Ce coefficient est connu au ${formatIsoDateFr(niv.knownOn)} ; il est réévalué chaque 1er juillet selon la formule de la concession : les lignes concernées sont des estimations.`
        : `Tarif non péréqué : termes de la grille hors Rf × coefficient NIV ${nivText(niv)} (délibérations CRE 2018-028 et 2026-48) ; le coefficient est réévalué chaque 1er juillet selon la formule de la concession.`,
    );
  } else if (grid !== 'ATRD7 GRDF') {
    warnings.push(
      `Distributeur ${ctx.dso} : depuis le 1er juillet 2026 la grille de distribution est nationale, commune à GRDF et aux entreprises locales de distribution (péréquation nationale, délibération CRE 2026-15).`,
    );
  }

  return {
    fixed,
    proportional,
    fixedExact,
    fixedResolved,
    fixedEstimate: niv?.mayBeStale === true,
    proportionalPrice: proportional?.unitPrice ?? 0,
    gridDate: abonnement.from,
    warnings,
  };
}

/** 2026-02-20 → « 20/02/2026 » (undefined: « — »). */
function formatIsoDateFr(date: IsoDate | undefined): string {
  return date === undefined ? '—' : `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}
