/**
 * Builds the numeric {@link CapacityCostModel} of a T4/TP point at a date from the dated, sourced parameters
 * (reusing the simulator's lookups), and lists every value used with its provenance.
 */
import type { IsoDate } from '../dates.ts';
import { ParameterLookupError, TariffDataUnavailableError } from '../errors.ts';
import { ATRD7_GRDF } from '../parameters/atrd7-grdf.ts';
import { ATRT8, type Tso } from '../parameters/atrt8.ts';
import { ATRT8_TRANSPORT_CONSUMER } from '../parameters/atrt8-transport-consumer.ts';
import { type ResolvedValue, resolveAt } from '../parameters/lookup.ts';
import type { ParameterOverlay } from '../parameters/overlay.ts';
import { PENALTIES } from '../parameters/penalties.ts';
import { TAXES } from '../parameters/taxes.ts';
import type { Parameter } from '../parameters/types.ts';
import { ctaRatesAt, transportRatesAt } from '../simulator/capacity-costs.ts';
import type { CapacityCostModel, ParametreUtilise } from './types.ts';

const TAX_CTA = {
  distribution: TAXES.cta.tauxDistribution,
  transport: TAXES.cta.tauxTransport,
  coefficient: TAXES.cta.coefficientProportionnalite,
} as const;

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

function used(param: Parameter, resolved: ResolvedValue): ParametreUtilise {
  return {
    id: param.id,
    libelle: param.description,
    valeur: resolved.value,
    unite: param.unit,
    statut: resolved.entry.status,
    sources: resolved.sources,
    ...(resolved.entry.notes ? { notes: resolved.entry.notes } : {}),
  };
}

function resolveUsed(
  param: Parameter,
  date: IsoDate,
  out: ParametreUtilise[],
  overlay: ParameterOverlay | undefined,
): number {
  const resolved = lookup(param.description, () => resolveAt(param, date, overlay));
  out.push(used(param, resolved));
  return resolved.value;
}

export interface ModelContext {
  readonly tarif: 'T4' | 'TP';
  readonly tso: Tso;
  readonly ntr: number;
  readonly date: IsoDate;
  /** Storage modulation (MWh/j) already net of the interruptible capacity. */
  readonly modulation: number;
  /** Overrides the (estimated, default 0) transport penalty coefficient. */
  readonly transportPenaltyCoefficient?: number;
  /** Stored dated values laid over the packaged parameters (ADR 0025). */
  readonly overlay?: ParameterOverlay;
}

export interface BuiltModel {
  readonly model: CapacityCostModel;
  readonly params: readonly ParametreUtilise[];
  readonly warnings: readonly string[];
}

/** A built model without its storage term (the only part that depends on the site's modulation). */
interface ModelBase {
  readonly model: Omit<CapacityCostModel, 'storageAnnual'>;
  /** Storage price TTS (€/MWh/j/an): storageAnnual = modulation × tts. */
  readonly tts: number;
  readonly params: readonly ParametreUtilise[];
  readonly warnings: readonly string[];
}

/**
 * Models already built, by key (PITD: tariff, TSO, NTR, date, transport coefficient; LI / PIC: TSO, NTR, date), one
 * table per set of values: the packaged
 * parameters are constants of the code, and a stored overlay (ADR 0025) is an immutable object the server replaces
 * when a value changes, so a model built once for a given overlay is its model for good (ADR 0028: ~40 dated
 * lookups and their provenance list per site were a tenth of a portfolio's time). The overlay's table is held
 * weakly: it goes with the overlay. Bounded: cleared when full. Entries are frozen, as they are shared by every
 * result built from them. One cache per kind of point: the packaged grids' table, and one table per overlay.
 */
interface ModelCache {
  readonly packaged: Map<string, ModelBase>;
  readonly byOverlay: WeakMap<ParameterOverlay, Map<string, ModelBase>>;
}

const newModelCache = (): ModelCache => ({ packaged: new Map(), byOverlay: new WeakMap() });
/** A table is cleared when it holds this many models. */
const MODEL_CACHE_LIMIT = 512;

/** The base under `key` (built by `build` on first use, then kept), with the storage cost of `ctx`'s modulation. */
function cachedModel<Context extends { readonly modulation: number; readonly overlay?: ParameterOverlay }>(
  cache: ModelCache,
  key: string,
  ctx: Context,
  build: (ctx: Context) => ModelBase,
): BuiltModel {
  let table = cache.packaged;
  if (ctx.overlay) {
    table = cache.byOverlay.get(ctx.overlay) ?? new Map();
    cache.byOverlay.set(ctx.overlay, table);
  }
  let base = table.get(key);
  if (!base) {
    base = build(ctx);
    if (table.size >= MODEL_CACHE_LIMIT) {
      table.clear();
    }
    table.set(key, base);
  }
  return {
    model: { ...base.model, storageAnnual: ctx.modulation * base.tts },
    params: base.params,
    warnings: base.warnings,
  };
}

const pitdModels = newModelCache();

/** The cost model of a distribution-connected (PITD) T4/TP point at `date`. */
export function capacityCostModelAt(ctx: ModelContext): BuiltModel {
  const key = `${ctx.tarif}|${ctx.tso}|${ctx.ntr}|${ctx.date}|${ctx.transportPenaltyCoefficient ?? ''}`;
  return cachedModel(pitdModels, key, ctx, buildModelBase);
}

function buildModelBase(ctx: Omit<ModelContext, 'modulation'>): ModelBase {
  const params: ParametreUtilise[] = [];
  const warnings: string[] = [];
  const { date, overlay } = ctx;

  // ATRD capacity term (marginal bands for T4, one rate for TP).
  let atrd: CapacityCostModel['atrd'];
  let referenceAnnualRate: number;
  if (ctx.tarif === 'T4') {
    const threshold = resolveUsed(ATRD7_GRDF.T4.seuilCapacite, date, params, overlay);
    const upTo = resolveUsed(ATRD7_GRDF.T4.capaciteJusqua500, date, params, overlay);
    const above = resolveUsed(ATRD7_GRDF.T4.capaciteAuDela500, date, params, overlay);
    atrd = { threshold, rateUpTo: upTo, rateAbove: above };
    referenceAnnualRate = upTo;
  } else {
    const rate = resolveUsed(ATRD7_GRDF.TP.capacite, date, params, overlay);
    atrd = { threshold: Number.POSITIVE_INFINITY, rateUpTo: rate, rateAbove: rate };
    referenceAnnualRate = rate;
  }

  // CTA on the ATRD fixed part.
  const cta = lookup('taux et coefficient de CTA', () => ctaRatesAt(date, overlay));
  params.push(used(TAX_CTA.distribution, cta.distribution));
  params.push(used(TAX_CTA.transport, cta.transport));
  params.push(used(TAX_CTA.coefficient, cta.coefficient));

  // Transport capacity terms at the PITD.
  const transport = lookup(`termes de capacité ATRT8 (${ctx.tso})`, () =>
    transportRatesAt(ctx.tso, ctx.ntr, 'pitd', date, overlay),
  );
  params.push(used(ATRT8.tcs, transport.tcs));
  params.push({ ...used(ATRT8.tcr[ctx.tso], transport.tcr), notes: `Multiplié par le NTR (${ctx.ntr}).` });
  params.push(used(ATRT8.tclPitd[ctx.tso], transport.tcl));

  // Storage.
  const tts = resolveUsed(ATRT8.tts, date, params, overlay);

  // Short-term products and penalties.
  const atrdMonthlyFractions = PENALTIES.atrd.capaciteMensuelle.map((p) => resolveUsed(p, date, params, overlay));
  const transportMonthlyFractions = PENALTIES.atrt.capaciteMensuelle.map((p) => resolveUsed(p, date, params, overlay));
  const seuil1 = resolveUsed(PENALTIES.atrd.seuilDeclenchement, date, params, overlay);
  const seuil2 = resolveUsed(PENALTIES.atrd.seuilTranche2, date, params, overlay);
  const mult1 = resolveUsed(PENALTIES.atrd.multipleTranche1, date, params, overlay);
  const mult2 = resolveUsed(PENALTIES.atrd.multipleTranche2, date, params, overlay);
  const othersShare = resolveUsed(PENALTIES.atrd.partAutresDepassements, date, params, overlay);
  const othersThreshold = resolveUsed(PENALTIES.atrd.seuilAutresDepassements, date, params, overlay);
  let transportCoefficient = resolveUsed(PENALTIES.atrt.penaliteDepassement, date, params, overlay);
  if (ctx.transportPenaltyCoefficient !== undefined) {
    transportCoefficient = ctx.transportPenaltyCoefficient;
    params.push({
      id: `${PENALTIES.atrt.penaliteDepassement.id}.saisie`,
      libelle: `${PENALTIES.atrt.penaliteDepassement.description} — valeur saisie`,
      valeur: transportCoefficient,
      unite: 'coefficient',
      statut: 'estimate',
      sources: [
        {
          title: "Valeur saisie par l'utilisateur",
          url: 'docs/optimiser.md#paramètres-non-sourcés',
          publishedOn: null,
          status: 'estimate',
        },
      ],
    });
  }
  if (transportCoefficient === 0) {
    warnings.push(
      'Pénalités de dépassement de transport (ATRT8) non comptées : leur prix n’a pas été trouvé dans les textes, et au PITD le dépassement est mutualisé entre les points de l’expéditeur (paramètre à 0 par défaut, modifiable).',
    );
  }
  if (ctx.tarif === 'T4') {
    warnings.push(
      'Pénalités T4 : terme mensuel calculé sur le terme annuel de la 1re tranche (≤ 500 MWh/j), lecture prudente non vérifiée pour les CJA au-delà de 500 MWh/j.',
    );
  }

  const model: Omit<CapacityCostModel, 'storageAnnual'> = {
    atrd,
    ctaRate: cta.totalOnAtrdFixed,
    transportUnitPrice: transport.unitPrice,
    atrdMonthlyFractions,
    transportMonthlyFractions,
    distributionPenalty: {
      referenceAnnualRate,
      othersShare,
      othersThreshold,
      tiers: [
        { from: seuil1, multiple: mult1 },
        { from: seuil2, multiple: mult2 },
      ],
      monthlyFractions: atrdMonthlyFractions,
    },
    transportPenaltyPerMwh: (transportCoefficient * transport.unitPrice) / 365,
  };
  for (const p of params) {
    Object.freeze(p);
  }
  return deepFreezeModel({ model, tts, params: Object.freeze(params), warnings: Object.freeze(warnings) });
}

function deepFreezeModel(base: ModelBase): ModelBase {
  const m = base.model;
  Object.freeze(m.atrd);
  Object.freeze(m.atrdMonthlyFractions);
  Object.freeze(m.transportMonthlyFractions);
  if (m.distributionPenalty) {
    for (const tier of m.distributionPenalty.tiers) {
      Object.freeze(tier);
    }
    Object.freeze(m.distributionPenalty.tiers);
    Object.freeze(m.distributionPenalty);
  }
  Object.freeze(m);
  return Object.freeze(base);
}

export interface TransportConsumerModelContext {
  readonly tso: Tso;
  /** NTR of the point (LI / PIC table row). */
  readonly ntr: number;
  readonly date: IsoDate;
  /** Storage modulation (MWh/j) already net of the interruptible capacity. */
  readonly modulation: number;
  readonly overlay?: ParameterOverlay;
}

const transportConsumerModels = newModelCache();

/**
 * The cost model of a point connected to the transport network (LI / PIC, ADR 0024 reading; ADR 0052): the
 * simulator's ATRT8 terms (`transportRatesAt(…, 'transport', …)`: TCS, TCR × NTR, TCL « consommateur raccordé au
 * transport »; the TSO's fixed term per poste; CTA transport rate on those fixed terms; TTS × modulation), the
 * ATRT8 monthly subscription fractions and the ATRT8 daily overrun penalty of a consumer on transport. No ATRD term.
 */
export function transportConsumerCostModelAt(ctx: TransportConsumerModelContext): BuiltModel {
  return cachedModel(transportConsumerModels, `${ctx.tso}|${ctx.ntr}|${ctx.date}`, ctx, buildTransportConsumerBase);
}

function buildTransportConsumerBase(ctx: Omit<TransportConsumerModelContext, 'modulation'>): ModelBase {
  const params: ParametreUtilise[] = [];
  const { date, overlay, tso, ntr } = ctx;
  const transport = lookup(`termes de capacité ATRT8 (${tso})`, () =>
    transportRatesAt(tso, ntr, 'transport', date, overlay),
  );
  params.push(used(ATRT8.tcs, transport.tcs));
  params.push({ ...used(ATRT8.tcr[tso], transport.tcr), notes: `Multiplié par le NTR (${ntr}).` });
  const tclParam = ATRT8.tclConsommateurTransport[tso] as Parameter;
  params.push(used(tclParam, transport.tcl));
  const poste = resolveUsed(ATRT8.termeFixePoste[tso], date, params, overlay);
  const cta = lookup('taux de CTA', () => ctaRatesAt(date, overlay));
  params.push(used(TAX_CTA.transport, cta.transport));
  const tts = resolveUsed(ATRT8.tts, date, params, overlay);
  const monthlyFractions = ATRT8_TRANSPORT_CONSUMER.souscriptionMensuelle.map((p) =>
    resolveUsed(p, date, params, overlay),
  );
  const daily = resolveUsed(ATRT8_TRANSPORT_CONSUMER.souscriptionQuotidienne, date, params, overlay);
  const tolerance = resolveUsed(ATRT8_TRANSPORT_CONSUMER.penaliteTolerance, date, params, overlay);
  const multiple = resolveUsed(ATRT8_TRANSPORT_CONSUMER.penaliteMultiple, date, params, overlay);
  // Price of a firm daily subscription of month m = annual unit price × monthly fraction × daily coefficient.
  const penaltyPerMwh = monthlyFractions.map((f) => multiple * transport.unitPrice * f * daily);
  const warnings = [
    'Point raccordé au transport : un seul poste de livraison est compté (terme fixe par poste) ; le TCL porte sur la capacité souscrite.',
    'CTA d’un consommateur raccordé au transport : 4,71 % de la part fixe du tarif de transport (termes de capacité et terme fixe par poste, compensation stockage exclue) : assiette non vérifiée dans le texte de l’arrêté (estimation).',
    'Pénalité de dépassement journalier ATRT8 d’un consommateur raccordé au transport : 20 fois le prix d’une souscription quotidienne ferme par MWh/j au-delà de la tolérance de 3 % de la capacité souscrite (lecture retenue de la délibération 2026-28 §6.2.9) ; les dépassements horaires ne sont pas modélisés (pas de données horaires).',
  ];
  for (const p of params) {
    Object.freeze(p);
  }
  const model: Omit<CapacityCostModel, 'storageAnnual'> = {
    atrd: Object.freeze({ threshold: Number.POSITIVE_INFINITY, rateUpTo: 0, rateAbove: 0 }),
    ctaRate: 0,
    transportUnitPrice: transport.unitPrice,
    atrdMonthlyFractions: Object.freeze(new Array<number>(12).fill(0)),
    transportMonthlyFractions: Object.freeze(monthlyFractions),
    distributionPenalty: null,
    transportPenaltyPerMwh: 0,
    transportConsumer: Object.freeze({
      tolerance,
      penaltyPerMwh: Object.freeze(penaltyPerMwh),
      posteAnnual: poste,
      ctaRate: cta.transport.value,
    }),
  };
  return Object.freeze({
    model: Object.freeze(model),
    tts,
    params: Object.freeze(params),
    warnings: Object.freeze(warnings),
  });
}
