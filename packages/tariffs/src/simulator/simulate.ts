/**
 * Pure tariff simulator: yearly and monthly network costs of a gas delivery point at a date of effect.
 * No IO, no clock: the caller passes the date and the reference data (NTR, Zi) it looked up.
 */
import { assertIsoDate, type IsoDate } from '../dates.ts';
import {
  ParameterLookupError,
  TariffDataUnavailableError,
  TariffDomainError,
  TariffInputError,
  UnsupportedCombinationError,
} from '../errors.ts';
import { formatEuros, formatNumberFr, formatPercentFr, roundEuros } from '../money.ts';
import { ATRD7_GRDF, type AtrdOption } from '../parameters/atrd7-grdf.ts';
import { ATRT8, type Tso } from '../parameters/atrt8.ts';
import { hasValueAt, type ResolvedValue, resolveAt } from '../parameters/lookup.ts';
import { TAXES } from '../parameters/taxes.ts';
import type { LineSource } from '../parameters/types.ts';
import { normalizeTso } from '../reference/csv.ts';
import { isProfilCode } from '../reference/profiles.ts';
import {
  atrdCapacityCharge,
  ctaRatesAt,
  type DeliveryKind,
  estimatedModulation,
  modulationFromHistory,
  transportRatesAt,
} from './capacity-costs.ts';
import type {
  GridDates,
  LineCategory,
  MontantsFixes,
  MontantsParMwh,
  PointDeReseau,
  SimulationInput,
  SimulationLine,
  SimulationResult,
} from './types.ts';
import { POINTS_DE_RESEAU } from './types.ts';

const ATRD_OPTIONS: readonly AtrdOption[] = ['T1', 'T2', 'T3', 'T4', 'TP'];
const SUBSCRIBED_OPTIONS: readonly AtrdOption[] = ['T4', 'TP'];
const GRID_DSOS = ['GRDF'];

/** Quantities (MWh, MWh/j): up to 3 decimals, no trailing zeros. */
function qty(value: number): string {
  return formatNumberFr(value, 0, 3);
}
/** Unit prices: 2 decimals (up to 5 for small coefficients). */
function price(value: number): string {
  return formatNumberFr(value, 2, 5);
}

function mergeSources(...values: readonly ResolvedValue[]): LineSource[] {
  const out: LineSource[] = [];
  for (const v of values) {
    for (const s of v.sources) {
      if (!out.some((o) => o.url === s.url && o.title === s.title && o.status === s.status)) {
        out.push(s);
      }
    }
  }
  return out;
}

interface DraftLine {
  readonly id: string;
  readonly category: LineCategory;
  readonly kind: 'fixe' | 'parMwh';
  readonly label: string;
  readonly formula: string;
  readonly inputs: Record<string, number | string>;
  readonly unitPrice: number;
  readonly unit: string;
  /** Unrounded €/an for `fixe` lines; null for `parMwh` lines (computed from assiette). */
  readonly annualExact: number | null;
  readonly resolved: readonly ResolvedValue[];
  readonly extraEstimate?: boolean;
  /** Sources that are not dated parameters (e.g. a value entered by the user). */
  readonly extraSources?: readonly LineSource[];
}

function requirePositiveNumber(value: number | undefined, field: string, message: string): number {
  if (value === undefined || value === null || !Number.isFinite(value)) {
    throw new TariffInputError(field, message);
  }
  if (value < 0) {
    throw new TariffInputError(field, `La valeur de « ${field} » doit être positive ou nulle.`);
  }
  return value;
}

function optionalNonNegative(value: number | undefined, field: string): number | undefined {
  if (value === undefined || value === null) {
    return undefined;
  }
  if (!Number.isFinite(value) || value < 0) {
    throw new TariffInputError(field, `La valeur de « ${field} » doit être un nombre positif ou nul.`);
  }
  return value;
}

/** Runs a lookup and turns a missing dated value into a domain error that names what is missing. */
function lookup<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ParameterLookupError) {
      throw new TariffDataUnavailableError(`${what} (${error.message})`);
    }
    throw error;
  }
}

/**
 * Simulates the network costs of a delivery point at the date of effect `date` (ISO, normally the first
 * day of the chosen month). Throws {@link TariffInputError}, {@link UnsupportedCombinationError} or
 * {@link TariffDataUnavailableError} (all {@link TariffDomainError}) with French messages.
 */
export function simulate(input: SimulationInput, date: IsoDate): SimulationResult {
  assertIsoDate(date, "date d'effet");
  const warnings: string[] = [];
  if (!date.endsWith('-01')) {
    warnings.push(
      `La date d'effet ${date} n'est pas un premier du mois : les grilles en vigueur ce jour-là sont utilisées.`,
    );
  }

  // ---- inputs ------------------------------------------------------------------------------------------
  const point = input.pointDeReseau as PointDeReseau;
  if (!POINTS_DE_RESEAU.includes(point)) {
    throw new TariffInputError('pointDeReseau', 'Veuillez indiquer le point de réseau.');
  }
  const tso = normalizeTso(input.tso ?? '') as Tso | undefined;
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
  const cjaInput = optionalNonNegative(input.cja, 'cja');
  const cplInput = optionalNonNegative(input.cpl, 'cpl');
  const ceeOverride = optionalNonNegative(input.cee, 'cee');
  const usedSampleData = input.referentiel.isSample === true;
  const isSubscribed = SUBSCRIBED_OPTIONS.includes(tarif);
  const distributionConnected = point === 'PITD';

  if (distributionConnected && input.dso !== undefined && input.dso.trim() !== '') {
    const dso = input.dso.trim().toUpperCase();
    if (!GRID_DSOS.includes(dso)) {
      throw new UnsupportedCombinationError(
        `combinaison TSO/DSO ${tso}/${input.dso} : seule la grille ATRD7 de GRDF est disponible, « ${input.dso} » n'est pas encore supporté.`,
      );
    }
  }

  const lines: DraftLine[] = [];
  const gridDates: { -readonly [K in keyof GridDates]: GridDates[K] } = {
    atrd: null,
    atrt: date,
    stockage: date,
    cta: date,
    accise: date,
    cee: null,
  };

  // ---- transport capacity -----------------------------------------------------------------------------
  // PITD: CJN = CAR × Zi × A for T1–T3, CJA for T4/TP. LI: subscribed capacity (CJA). PIC: CAR-based unless T4/TP.
  let capacity: number;
  let capacityFormula: string;
  let capacityResolved: ResolvedValue[] = [];
  let capacityFromSample = false;
  const usesCja = point === 'LI' || isSubscribed;
  if (usesCja) {
    capacity = requirePositiveNumber(cjaInput, 'cja', 'Veuillez indiquer la CJA.');
    capacityFormula = `${qty(capacity)} MWh/j (CJA)`;
  } else {
    const carValue = requirePositiveNumber(car, 'car', 'Veuillez indiquer la CAR.');
    const zi = input.referentiel.zi;
    if (zi === undefined || !Number.isFinite(zi) || zi <= 0) {
      throw new TariffDataUnavailableError(
        `coefficient Zi absent pour la station « ${input.referentiel.stationMeteo ?? '?'} » et le profil ${input.profil}.`,
      );
    }
    const a = lookup(`coefficient A de ${tso}`, () => resolveAt(ATRT8.coefficientA[tso], date));
    capacityResolved = [a];
    capacity = carValue * zi * a.value;
    capacityFromSample = usedSampleData;
    capacityFormula = `CJN = ${qty(carValue)} MWh × ${formatNumberFr(zi, 0, 6)} (Zi) × ${formatNumberFr(a.value, 0, 4)} (A) = ${qty(capacity)} MWh/j`;
  }

  // ---- ATRD (distribution-connected only) ---------------------------------------------------------------
  let atrdFixedExact = 0;
  let atrdFixedResolved: ResolvedValue[] = [];
  let proportional: ResolvedValue | null = null;
  if (distributionConnected) {
    const optionGrid = ATRD7_GRDF[tarif];
    if (!hasValueAt(optionGrid.abonnement, date)) {
      if (hasValueAt(ATRD7_GRDF.T4.abonnement, date)) {
        throw new UnsupportedCombinationError(
          `l'option ${tarif} n'a pas de grille ATRD7 GRDF sourcée au ${date} ; cette option n'est pas encore supportée à cette date.`,
        );
      }
      throw new TariffDataUnavailableError(`grille ATRD7 GRDF non sourcée au ${date}.`);
    }
    const abonnement = lookup(`abonnement ATRD7 ${tarif}`, () => resolveAt(optionGrid.abonnement, date));
    gridDates.atrd = abonnement.from;
    atrdFixedResolved.push(abonnement);
    lines.push({
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
    atrdFixedExact += abonnement.value;

    if (tarif === 'T4') {
      const cja = capacity;
      const rates = lookup('termes de capacité ATRD7 T4', () => ({
        threshold: resolveAt(ATRD7_GRDF.T4.seuilCapacite, date),
        upTo: resolveAt(ATRD7_GRDF.T4.capaciteJusqua500, date),
        above: resolveAt(ATRD7_GRDF.T4.capaciteAuDela500, date),
      }));
      const charge = atrdCapacityCharge('T4', cja, date);
      const formula = charge.bands.map((b) => `${qty(b.quantity)} MWh/j × ${price(b.rate)} €/MWh/j/an`).join(' + ');
      if (cja > rates.threshold.value) {
        warnings.push(
          `CJA supérieure à ${qty(rates.threshold.value)} MWh/j : lecture retenue « tranches marginales » (les ${qty(rates.threshold.value)} premiers MWh/j au tarif de la première tranche, le reste au tarif de la seconde) — voir docs/tariff-sources.md.`,
        );
      }
      const used =
        cja > rates.threshold.value ? [rates.upTo, rates.above, rates.threshold] : [rates.upTo, rates.threshold];
      atrdFixedResolved = [...atrdFixedResolved, ...used];
      lines.push({
        id: 'atrd.capacite',
        category: 'termeDistribution',
        kind: 'fixe',
        label: 'Terme de souscription de capacité journalière (ATRD7 GRDF, option T4)',
        formula,
        inputs: { cja, seuil: rates.threshold.value },
        unitPrice: rates.upTo.value,
        unit: '€/MWh/j/an',
        annualExact: charge.amount,
        resolved: used,
      });
      atrdFixedExact += charge.amount;
    } else if (tarif === 'TP') {
      const cja = capacity;
      const capacite = lookup('terme de capacité ATRD7 TP', () => resolveAt(ATRD7_GRDF.TP.capacite, date));
      const distance = lookup('terme de distance ATRD7 TP', () => resolveAt(ATRD7_GRDF.TP.distance, date));
      const distanceM = requirePositiveNumber(
        input.distanceM,
        'distanceM',
        "Veuillez indiquer la distance au réseau de transport (m) pour l'option TP.",
      );
      atrdFixedResolved = [...atrdFixedResolved, capacite, distance];
      lines.push({
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
      });
      lines.push({
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
      });
      warnings.push(
        'Option TP : le multiplicateur du terme de distance selon la densité de population de la commune n’est pas appliqué (non vérifié dans la grille ATRD7).',
      );
      atrdFixedExact += cja * capacite.value + distanceM * distance.value;
    }

    if (tarif !== 'TP') {
      const grid = ATRD7_GRDF[tarif];
      proportional = lookup(`terme proportionnel ATRD7 ${tarif}`, () => resolveAt(grid.proportionnel, date));
    }
  }

  // ---- ATRT capacity terms ------------------------------------------------------------------------------
  const kind: DeliveryKind = distributionConnected ? 'pitd' : 'transport';
  const rates = lookup(`termes de capacité ATRT8 (${tso})`, () => transportRatesAt(tso, ntr, kind, date));
  gridDates.atrt = rates.tcs.from;
  const capacityInputs = { capacite: capacity };
  const capacityEstimate = capacityFromSample || capacityResolved.some((r) => r.isEstimate);
  const tclBase = kind === 'transport' ? (cplInput ?? capacity) : capacity;
  lines.push(
    {
      id: 'atrt.tcs',
      category: 'termeTransport',
      kind: 'fixe',
      label: 'Terme de capacité de sortie du réseau principal (TCS, ATRT8)',
      formula: `${qty(capacity)} MWh/j × ${price(rates.tcs.value)} €/MWh/j/an`,
      inputs: { ...capacityInputs, capaciteDetail: capacityFormula },
      unitPrice: rates.tcs.value,
      unit: '€/MWh/j/an',
      annualExact: capacity * rates.tcs.value,
      resolved: [rates.tcs, ...capacityResolved],
      extraEstimate: capacityEstimate,
    },
    {
      id: 'atrt.tcr',
      category: 'termeTransport',
      kind: 'fixe',
      label: `Terme de capacité de transport régional (TCR ${tso} × NTR, ATRT8)`,
      formula: `${qty(capacity)} MWh/j × ${price(rates.tcr.value)} €/MWh/j/an × ${ntr} (NTR)`,
      inputs: { ...capacityInputs, ntr },
      unitPrice: rates.tcr.value,
      unit: '€/MWh/j/an',
      annualExact: capacity * rates.tcr.value * ntr,
      resolved: [rates.tcr, ...capacityResolved],
      extraEstimate: capacityEstimate,
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
      resolved: [rates.tcl, ...capacityResolved],
      extraEstimate: capacityEstimate,
    },
  );
  const transportFixedExact = capacity * rates.tcs.value + capacity * rates.tcr.value * ntr + tclBase * rates.tcl.value;

  // ---- storage compensation ---------------------------------------------------------------------------
  const tts = lookup('terme tarifaire de stockage (TTS)', () => resolveAt(ATRT8.tts, date));
  gridDates.stockage = tts.from;
  let modulation: number;
  let modulationFormula: string;
  let modulationEstimated = false;
  const explicitModulation = optionalNonNegative(input.modulation, 'modulation');
  if (explicitModulation !== undefined) {
    modulation = explicitModulation;
    modulationFormula = `${qty(modulation)} MWh/j (modulation fournie)`;
  } else if (input.historiqueConsommation && input.historiqueConsommation.length > 0) {
    modulation = modulationFromHistory(input.historiqueConsommation, interruptible);
    modulationFormula = `${qty(modulation)} MWh/j (moyenne des 2 plus faibles modulations annuelles sur ${Math.min(4, input.historiqueConsommation.length)} an(s), moins ${qty(interruptible)} MWh/j interruptibles)`;
  } else {
    const annual = car ?? assiette;
    if (annual === undefined) {
      throw new TariffInputError('assiette', "Veuillez indiquer l'assiette.");
    }
    modulation = estimatedModulation(capacity, annual, interruptible);
    modulationEstimated = true;
    modulationFormula = `max(0 ; ${qty(capacity)} − ${qty(annual)} / 365 − ${qty(interruptible)}) = ${qty(modulation)} MWh/j (estimation à partir du profil)`;
    warnings.push(
      'Compensation stockage estimée : modulation hivernale calculée à partir du profil (capacité − consommation annuelle / 365 − capacité interruptible), faute d’historique de consommation.',
    );
  }
  const storageExact = modulation * tts.value;
  lines.push({
    id: 'atrt.stockage',
    category: 'compensationStockage',
    kind: 'fixe',
    label: 'Compensation stockage (terme tarifaire de stockage × modulation hivernale)',
    formula: `${qty(modulation)} MWh/j × ${price(tts.value)} €/MWh/j/an`,
    inputs: { modulation, modulationDetail: modulationFormula, cjsInterruptible: interruptible },
    unitPrice: tts.value,
    unit: '€/MWh/j/an',
    annualExact: storageExact,
    resolved: [tts, ...capacityResolved],
    extraEstimate: modulationEstimated || (capacityEstimate && explicitModulation === undefined),
  });

  // ---- CTA --------------------------------------------------------------------------------------------
  const cta = lookup('taux et coefficient de CTA', () => ctaRatesAt(date));
  gridDates.cta = cta.coefficient.from;
  if (distributionConnected) {
    const base = atrdFixedExact;
    const atrdEstimate = atrdFixedResolved.some((r) => r.isEstimate);
    lines.push(
      {
        id: 'cta.dso',
        category: 'ctaDso',
        kind: 'fixe',
        label: 'CTA — part distribution',
        formula: `${formatPercentFr(cta.distribution.value)} × ${formatEuros(base)}/an (part fixe ATRD : abonnement + capacité${tarif === 'TP' ? ' + distance' : ''})`,
        inputs: { assietteCta: roundEuros(base) },
        unitPrice: cta.distribution.value,
        unit: 'taux',
        annualExact: base * cta.distribution.value,
        resolved: [cta.distribution, ...atrdFixedResolved],
        extraEstimate: atrdEstimate,
      },
      {
        id: 'cta.tso',
        category: 'ctaTso',
        kind: 'fixe',
        label: 'CTA — part transport (coefficient de proportionnalité)',
        formula: `${formatPercentFr(cta.transport.value)} × ${formatPercentFr(cta.coefficient.value)} × ${formatEuros(base)}/an (part fixe ATRD)`,
        inputs: { assietteCta: roundEuros(base), coefficient: cta.coefficient.value },
        unitPrice: cta.transport.value * cta.coefficient.value,
        unit: 'taux',
        annualExact: base * cta.transport.value * cta.coefficient.value,
        resolved: [cta.transport, cta.coefficient, ...atrdFixedResolved],
        extraEstimate: atrdEstimate,
      },
    );
  } else {
    // Reading (docs/glossary.md): a transport-connected consumer pays 4,71 % on the fixed part of its
    // transport tariff (capacity terms TCS + TCR + TCL, storage compensation excluded); no distribution part.
    lines.push({
      id: 'cta.tso',
      category: 'ctaTso',
      kind: 'fixe',
      label: 'CTA — part transport (consommateur raccordé au réseau de transport)',
      formula: `${formatPercentFr(cta.transport.value)} × ${formatEuros(transportFixedExact)}/an (termes de capacité de transport)`,
      inputs: { assietteCta: roundEuros(transportFixedExact) },
      unitPrice: cta.transport.value,
      unit: 'taux',
      annualExact: transportFixedExact * cta.transport.value,
      resolved: [cta.transport, rates.tcs, rates.tcr, rates.tcl],
      extraEstimate: true,
    });
    warnings.push(
      'CTA d’un consommateur raccordé au transport : 4,71 % des termes de capacité de transport (lecture non vérifiée dans le décret).',
    );
  }

  // ---- per-MWh terms ----------------------------------------------------------------------------------
  const accise = lookup('accise sur les gaz naturels', () => resolveAt(TAXES.accise, date));
  gridDates.accise = accise.from;
  lines.push({
    id: 'taxe.accise',
    category: 'accise',
    kind: 'parMwh',
    label: 'Accise sur les gaz naturels (ex-TICGN), usage combustible',
    formula: `${price(accise.value)} €/MWh`,
    inputs: assiette === undefined ? {} : { assiette },
    unitPrice: accise.value,
    unit: '€/MWh',
    annualExact: null,
    resolved: [accise],
  });

  let ceeValue: number;
  if (ceeOverride !== undefined) {
    ceeValue = ceeOverride;
    lines.push({
      id: 'cee',
      category: 'cee',
      kind: 'parMwh',
      label: "Certificats d'économies d'énergie (CEE) — valeur saisie",
      formula: `${price(ceeValue)} €/MWh (saisie utilisateur)`,
      inputs: assiette === undefined ? { cee: ceeValue } : { cee: ceeValue, assiette },
      unitPrice: ceeValue,
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
    });
  } else {
    const ceeDefault = lookup('coût CEE par défaut', () => resolveAt(TAXES.ceeCoutDefaut, date));
    gridDates.cee = ceeDefault.from;
    ceeValue = ceeDefault.value;
    lines.push({
      id: 'cee',
      category: 'cee',
      kind: 'parMwh',
      label: "Certificats d'économies d'énergie (CEE) — valeur par défaut estimée",
      formula: `${price(ceeValue)} €/MWh (estimation, modifiable)`,
      inputs: assiette === undefined ? {} : { assiette },
      unitPrice: ceeValue,
      unit: '€/MWh',
      annualExact: null,
      resolved: [ceeDefault],
    });
  }

  if (proportional) {
    lines.push({
      id: 'atrd.proportionnel',
      category: 'termeProportionnel',
      kind: 'parMwh',
      label: `Terme proportionnel distribution (ATRD7 GRDF, option ${tarif})`,
      formula: `${price(proportional.value)} €/MWh`,
      inputs: assiette === undefined ? {} : { assiette },
      unitPrice: proportional.value,
      unit: '€/MWh',
      annualExact: null,
      resolved: [proportional],
    });
  }

  // ---- finish -----------------------------------------------------------------------------------------
  // Rounding: every amount (line or total) is computed exactly and rounded once, at output, to the cent
  // (half away from zero). A total can therefore differ by a cent from the sum of its rounded lines; CTA
  // in particular is one rate on one base (20,80 % + 4,71 % × coefficient).
  const exactAnnual = (l: DraftLine): number | null =>
    l.kind === 'fixe' ? l.annualExact : assiette === undefined ? null : assiette * l.unitPrice;
  const lignes: SimulationLine[] = lines.map((l) => {
    const annualExact = exactAnnual(l);
    const isEstimate = l.extraEstimate === true || l.resolved.some((r) => r.isEstimate);
    return {
      id: l.id,
      category: l.category,
      kind: l.kind,
      label: l.label,
      formula: l.kind === 'parMwh' && assiette !== undefined ? `${qty(assiette)} MWh × ${l.formula}` : l.formula,
      inputs: l.inputs,
      unitPrice: l.unitPrice,
      unit: l.unit,
      annualAmount: annualExact === null ? null : roundEuros(annualExact),
      monthlyAmount: annualExact === null ? null : roundEuros(annualExact / 12),
      sources: [...mergeSources(...l.resolved), ...(l.extraSources ?? [])],
      isEstimate,
    };
  });

  const exactSum = (...categories: LineCategory[]): number =>
    lines.filter((l) => categories.includes(l.category)).reduce((acc, l) => acc + (exactAnnual(l) ?? 0), 0);
  const totals = (divisor: 1 | 12): MontantsFixes => {
    const out = (...categories: LineCategory[]) => roundEuros(exactSum(...categories) / divisor);
    return {
      abonnement: out('abonnement'),
      termeDistribution: out('termeDistribution'),
      termeTransport: out('termeTransport'),
      compensationStockage: out('compensationStockage'),
      ctaTso: out('ctaTso'),
      ctaDso: out('ctaDso'),
      ctaTotal: out('ctaTso', 'ctaDso'),
      totalFixe: out('abonnement', 'termeDistribution', 'termeTransport', 'compensationStockage', 'ctaTso', 'ctaDso'),
    };
  };
  const parMwh: MontantsParMwh = {
    accise: accise.value,
    cee: ceeValue,
    termeProportionnel: proportional?.value ?? 0,
  };

  if (usedSampleData) {
    warnings.unshift(
      "Données de référence d'échantillon utilisées (table des PITD / Zi non officielle) : résultat indicatif, à ne pas utiliser pour un devis.",
    );
  }
  const estimated = lignes.filter((l) => l.isEstimate);
  if (estimated.length > 0) {
    warnings.push(`Valeurs estimées (à confirmer) : ${estimated.map((l) => l.label).join(' ; ')}.`);
  }

  return {
    dateEffet: date,
    mensuel: totals(12),
    annuel: totals(1),
    parMwh,
    lignes,
    warnings,
    gridDates,
    usedSampleData,
    hasEstimates: estimated.length > 0,
  };
}

/** True when `error` is one of the domain errors `simulate` throws on purpose. */
export function isTariffDomainError(error: unknown): error is TariffDomainError {
  return error instanceof TariffDomainError;
}
