import type { IsoDate } from '../dates.ts';
import type { ParameterOverlay } from '../parameters/overlay.ts';
import type { LineSource, ValueStatus } from '../parameters/types.ts';
import type { ProfilCode } from '../reference/types.ts';

/** Quality of one daily reading, as in the GRDF daily exports: measured, estimated by the operator, or missing. */
export type QualiteJour = 'mesure' | 'estime' | 'manquant';

/** One day of consumption (MWh/day). `mwh` is ignored (may be null) when the day is `manquant`. */
export interface JourConsommation {
  readonly date: IsoDate;
  readonly mwh: number | null;
  readonly qualite: QualiteJour;
}

/** A year of daily consumption and where it comes from. */
export interface SerieJournaliere {
  readonly jours: readonly JourConsommation[];
  /** `mesures`: imported readings; `synthese`: typical year synthesised from the annual consumption (an estimate). */
  readonly origine: 'mesures' | 'synthese';
}

/**
 * Penalty rule of the distribution operator for overruns of the subscribed daily capacity (options T4 and TP),
 * per billing month (délib. CRE n° 2024-40 §5.1.7; see docs/optimiser.md):
 *
 *   D = max_d (Q_d − K)⁺ + othersShare × Σ_{d ≠ d*, Q_d − K > othersThreshold × K} (Q_d − K)
 *   penalty = Σ_k (multiple_k − multiple_{k−1}) × monthlyTerm × (D − from_k × K)⁺
 *
 * where d* is the day of the month's largest consumption, K the capacity subscribed for the month and
 * monthlyTerm = referenceAnnualRate × monthly fraction of the month.
 */
export interface DistributionPenaltyRule {
  /** €/MWh/j/an: annual capacity term the monthly term of the penalty is computed from. */
  readonly referenceAnnualRate: number;
  readonly othersShare: number;
  readonly othersThreshold: number;
  /** Sorted by `from`; `multiple` is the multiple of the monthly term applied to the part of D above `from × K`. */
  readonly tiers: readonly { readonly from: number; readonly multiple: number }[];
  /** Monthly fractions of the annual term (index 0 = January) used for the penalty's monthly term. */
  readonly monthlyFractions: readonly number[];
}

/**
 * The terms of a final consumer connected to the transport network (LI / PIC points, ADR 0024, 0052): no ATRD
 * term, the per-poste fixed term and the CTA on the fixed transport terms, and the ATRT8 daily overrun penalty
 * Σ_d penaltyPerMwh[m(d)] × (Q_d − (1 + tolerance) × K)⁺.
 */
export interface TransportConsumerTerms {
  /** Share of the subscribed capacity a day may exceed it by without penalty (ATRT8: 3 %). */
  readonly tolerance: number;
  /** € per MWh/j of daily overrun above the tolerance, per calendar month (index 0 = January, 12 values). */
  readonly penaltyPerMwh: readonly number[];
  /** Fixed term per delivery poste (€/an, one poste): does not depend on the capacity. */
  readonly posteAnnual: number;
  /** CTA rate on the fixed transport terms (capacity terms + per-poste term; storage excluded). */
  readonly ctaRate: number;
}

/**
 * Everything the exact optimiser needs, as plain numbers (built from the dated parameters by
 * {@link capacityCostModelAt}, or by hand in tests). All rates are yearly €/MWh/j unless stated.
 */
export interface CapacityCostModel {
  /** ATRD capacity term in marginal bands: `rateUpTo` up to `threshold` MWh/j, `rateAbove` above (TP: one rate, threshold +∞). */
  readonly atrd: { readonly threshold: number; readonly rateUpTo: number; readonly rateAbove: number };
  /** CTA rate on the ATRD fixed part (20,80 % + 4,71 % × coefficient). */
  readonly ctaRate: number;
  /** TCS + TCR × NTR + TCL (€/MWh/j/an). */
  readonly transportUnitPrice: number;
  /** Storage compensation (€/an), modulation × TTS: does not depend on the CJA of a subscribed point. */
  readonly storageAnnual: number;
  /** Monthly ATRD subscription term as a fraction of the annual one, index 0 = January (12 values). */
  readonly atrdMonthlyFractions: readonly number[];
  /** Same for the transport capacity terms (12 values). */
  readonly transportMonthlyFractions: readonly number[];
  /** Distribution overrun penalty (null: none). */
  readonly distributionPenalty: DistributionPenaltyRule | null;
  /** Transport overrun penalty, € per MWh of daily overrun (0: none). */
  readonly transportPenaltyPerMwh: number;
  /**
   * Present for a point connected to the transport network (LI / PIC): then `atrd` rates and `ctaRate` are 0,
   * `distributionPenalty` is null, `transportPenaltyPerMwh` is 0, and the plan is solved by
   * `solveTransportConsumerPlan` (ADR 0052).
   */
  readonly transportConsumer?: TransportConsumerTerms;
}

/** A capacity plan: the annual CJA and the monthly subscriptions on top of it (M1 = January … M12 = December). */
export interface CapacityPlan {
  readonly cja: number;
  /** 12 values ≥ 0 (MWh/j) or null when no monthly subscription. */
  readonly mensuelles: readonly number[] | null;
}

/** Cost of a plan, by the buckets of the API (spec §3) plus details. Unrounded (€/an). */
export interface CapacityCostBreakdown {
  /** ATRD capacity terms (annual + monthly) + CTA on them. */
  readonly distribution_fixe: number;
  /**
   * Transport capacity terms (annual + monthly): (TCS + TCR × NTR + TCL) × capacity; for a transport-connected
   * point also the per-poste fixed term and the CTA on those fixed terms.
   */
  readonly transport_fixe: number;
  /** Storage compensation (modulation × TTS). */
  readonly transport_stockage: number;
  /** All overrun penalties (distribution operator + transport), see details. */
  readonly transport_penalites: number;
  readonly total_annuel: number;
  readonly details: {
    readonly atrdCapaciteAnnuelle: number;
    readonly atrdCapaciteMensuelle: number;
    readonly ctaCapacite: number;
    readonly transportCapaciteAnnuelle: number;
    readonly transportCapaciteMensuelle: number;
    readonly penalitesDistribution: number;
    readonly penalitesTransport: number;
    /** Penalty per billing month (`YYYY-MM`). */
    readonly penalitesParMois: Readonly<Record<string, number>>;
    /** Days with an overrun (Q > capacity of the month). */
    readonly joursEnDepassement: number;
    /** Transport-connected point: fixed term per delivery poste (€/an); 0 for a PITD. */
    readonly termeFixePoste: number;
  };
}

/** A unit price or coefficient used, with its provenance (what the UI lists under « paramètres »). */
export interface ParametreUtilise {
  readonly id: string;
  readonly libelle: string;
  readonly valeur: number;
  readonly unite: string;
  readonly statut: ValueStatus;
  readonly sources: readonly LineSource[];
  readonly notes?: string;
}

/** Optimiser input (already validated and resolved by the caller: NTR, station…). */
export interface OptimisationInput {
  /**
   * ATRD option. A PITD point: T4 or TP only. A transport-connected point (`raccordement: 'transport'`): any
   * option, which does not enter its price (ADR 0024).
   */
  readonly tarif: 'T1' | 'T2' | 'T3' | 'T4' | 'TP';
  /**
   * `distribution` (default): a PITD point on the GRDF network. `transport`: an LI / PIC point, a final consumer
   * connected to the transport network (ADR 0024, 0052).
   */
  readonly raccordement?: 'distribution' | 'transport';
  /** NaTran / Teréga (GRTgaz, Terega accepted). */
  readonly tso: string;
  readonly ntr: number;
  /** Date the grids are read at (first day of the month of effect). */
  readonly dateEffet: IsoDate;
  /** The year of daily consumption (365/366 days). */
  readonly serie: SerieJournaliere;
  /** Current CJA (MWh/j). Default: the year's max daily consumption rounded up. */
  readonly cjaActuelle?: number;
  /** Monthly mode: current monthly subscriptions M1…M12 (exactly 12 values, 0 allowed). Absent: annual CJA only. */
  readonly capacitesMensuelles?: readonly number[];
  /** Interruptible capacity (MWh/j): deducted from the storage modulation. */
  readonly cjsInterruptible?: number;
  /** Storage modulation (MWh/j) when known (4-year history); default: computed from the series. */
  readonly modulation?: number;
  /** Overrides of the penalty / short-term parameters (e.g. a transport penalty coefficient). */
  readonly surcharges?: {
    readonly transportPenaltyCoefficient?: number;
  };
  /** Stored dated values laid over the packaged parameters (ADR 0025). */
  readonly overlay?: ParameterOverlay;
}

/** One side (avant / après) of the comparison, amounts rounded to the cent. */
export interface CoutsArrondis {
  readonly transport_fixe: number;
  readonly transport_stockage: number;
  readonly transport_penalites: number;
  readonly distribution_fixe: number;
  readonly total_annuel: number;
}

/** Optimiser output: the spec §3 response fields plus what the UI needs to explain them. */
export interface OptimisationResult {
  /** Optimal CJA (integer MWh/j). */
  readonly cjaOptimisee: number;
  readonly cjaActuelle: number;
  /** Monthly mode: optimal monthly subscriptions M1…M12 (integers) and the current ones; null otherwise. */
  readonly capacitesMensuellesOptimisees: readonly number[] | null;
  readonly capacitesMensuellesActuelles: readonly number[] | null;
  readonly couts: { readonly avant: CoutsArrondis; readonly apres: CoutsArrondis };
  /** avant − après (€/an, 2 decimals). */
  readonly economieAnnuelle: number;
  /** Saving / avant × 100 (%, 1 decimal shown by the UI; 2 kept here). */
  readonly pourcentageEconomie: number;
  readonly details: { readonly avant: CapacityCostBreakdown; readonly apres: CapacityCostBreakdown };
  readonly params: readonly ParametreUtilise[];
  readonly warnings: readonly string[];
  readonly serie: {
    readonly origine: 'mesures' | 'synthese';
    readonly consoJournaliere: readonly {
      readonly date: IsoDate;
      readonly mwh: number;
      readonly qualite: QualiteJour;
    }[];
    readonly joursMesures: number;
    readonly joursEstimes: number;
    readonly joursManquants: number;
    readonly maxJournalier: number;
    readonly totalMwh: number;
  };
  /** True when any parameter used, or the series, is an estimate. */
  readonly hasEstimates: boolean;
  /** Solver statistics (candidates evaluated), for the benchmark and the docs. */
  readonly stats: { readonly candidats: number };
}

/** Input of the typical-year synthesis. */
export interface SyntheseInput {
  /** Annual consumption (MWh). */
  readonly assiette: number;
  readonly profil: ProfilCode;
  readonly stationMeteo: string;
  /** First day of the synthesised year (default `${annee}-01-01`). */
  readonly debut: IsoDate;
  /** Override of the heating share (0–1) assumed for the profile. */
  readonly partChauffage?: number;
}

/** Options of the capacity solver (solve.ts and its transport-consumer variant). */
export interface SolveOptions {
  /** Optimise the 12 monthly subscriptions too. */
  readonly monthly: boolean;
}

/** What the capacity solver returns. */
export interface SolveResult {
  readonly plan: CapacityPlan;
  /** Cost of the plan as computed by the solver's sweep (the caller re-evaluates it with evaluatePlan). */
  readonly cost: number;
  /** Number of integer candidates evaluated. */
  readonly candidates: number;
}
