import type { IsoDate } from '../dates.ts';
import type { AtrdOption } from '../parameters/atrd7-grdf.ts';
import type { LineSource, ParameterGrid } from '../parameters/types.ts';
import type { ProfilCode } from '../reference/types.ts';

/** Point types (spec §3). */
export type PointDeReseau = 'PITD' | 'LI' | 'PIC';

export const POINTS_DE_RESEAU: readonly PointDeReseau[] = ['PITD', 'LI', 'PIC'];

/** Reference data resolved by the caller (the server looks it up in its tables). */
export interface SimulationReferentiel {
  /** Niveau de tarif régional of the point (0–10). */
  readonly ntr: number;
  /** Zi of the point's weather station × profile (needed for CJN = CAR × Zi × A). */
  readonly zi?: number;
  readonly stationMeteo?: string;
  /** True when the PITD / Zi rows come from the shipped sample, not from an imported official file. */
  readonly isSample: boolean;
  /**
   * PITD in a non-péréqué concession (art. L. 432-6 of the code de l'énergie): its coefficient NIV in force at the
   * date (PITD table, column « Tarif Péréqué (P) ou non péréqué (coef) »). Every ATRD term hors Rf is the péréqué
   * term × NIV, rounded to the cent (délib. CRE 2018-028, 2026-48). Absent or null: péréqué commune (ADR 0050).
   */
  readonly coefficientNiv?: number | null;
  /**
   * The date on which `coefficientNiv` is known to be in force (e.g. the PITD table's version date). A NIV is
   * re-indexed every 1 July by its concession's own formula: from the first 1 July after this date, the NIV lines
   * are marked as estimates and a warning says so. Absent: the NIV is taken as the one in force, with a warning.
   */
  readonly coefficientNivKnownOn?: IsoDate | null;
}

/** One past year of consumption, for the storage modulation of subscribed points. */
export interface ConsumptionYear {
  /** Consumption from 1 Nov (N−1) to 31 Mar (N), 151 days (MWh). */
  readonly consoHiverMwh: number;
  /** Consumption from 1 Nov (N−1) to 31 Oct (N) (MWh). */
  readonly consoAnnuelleMwh: number;
}

/** Simulator input. Field names follow the spec's form (§3), camelCase. */
export interface SimulationInput {
  readonly pointDeReseau: PointDeReseau;
  readonly code: string;
  readonly commune?: string;
  /** NaTran or Teréga (GRTgaz and Terega are accepted). */
  readonly tso: string;
  /**
   * Distribution operator (PITD only). Before 1 July 2026 only GRDF's grid is known; from then on the grid is national
   * (délib. CRE 2026-15) and any distributor is accepted (non-péréqué concessions: `referentiel.coefficientNiv`).
   */
  readonly dso?: string;
  readonly profil: ProfilCode;
  readonly tarif: AtrdOption;
  /** Consommation annuelle de référence (MWh/an). */
  readonly car?: number;
  /** Capacité journalière annuelle souscrite (MWh/j). */
  readonly cja?: number;
  /** Annual consumption (MWh/an): base of the proportional terms and taxes. */
  readonly assiette?: number;
  /** Interruptible daily capacity (MWh/j), arrêté du 17 décembre 2019. */
  readonly cjsInterruptible?: number;
  /** Subscribed daily delivery capacity at the point (MWh/j), base of the TCL of transport-connected points. Defaults to the capacity. */
  readonly cpl?: number;
  /** TP only: distance to the transport network (m). */
  readonly distanceM?: number;
  /**
   * T1–T3 from 1 July 2026: débit normalisé of the meter (Nm³/h) = meter flow (m³/h) × (1 + delivery pressure in
   * bar), base of the terme de débit normalisé (TDN). Without it the TDN is left out with a warning.
   */
  readonly debitNormalise?: number;
  /** CEE cost override (€/MWh). When absent, the dated default (an estimate) is used. */
  readonly cee?: number;
  /** Known storage modulation (MWh/j). */
  readonly modulation?: number;
  /** Consumption history, most recent year last (up to 4 used). */
  readonly historiqueConsommation?: readonly ConsumptionYear[];
  readonly referentiel: SimulationReferentiel;
}

/** Fixed-term amounts (€/an or €/mois). */
export interface MontantsFixes {
  readonly abonnement: number;
  /** ATRD capacity and distance terms. */
  readonly termeDistribution: number;
  /** ATRT capacity terms (TCS + TCR × NTR + TCL). */
  readonly termeTransport: number;
  readonly compensationStockage: number;
  readonly ctaTso: number;
  readonly ctaDso: number;
  readonly ctaTotal: number;
  readonly totalFixe: number;
}

/** Per-MWh amounts (€/MWh). */
export interface MontantsParMwh {
  readonly accise: number;
  readonly cee: number;
  readonly termeProportionnel: number;
}

export type LineCategory =
  | 'abonnement'
  | 'termeDistribution'
  | 'termeTransport'
  | 'compensationStockage'
  | 'ctaTso'
  | 'ctaDso'
  | 'accise'
  | 'cee'
  | 'termeProportionnel';

/** One result line: everything needed to explain and trace an amount. */
export interface SimulationLine {
  readonly id: string;
  readonly category: LineCategory;
  /** `fixe`: yearly amount (monthly = annual / 12). `parMwh`: price per MWh (amounts on `assiette` when given). */
  readonly kind: 'fixe' | 'parMwh';
  readonly label: string;
  /** Readable French formula, e.g. `109 MWh/j × 288,00 €/MWh/j/an`. */
  readonly formula: string;
  readonly inputs: Readonly<Record<string, number | string>>;
  readonly unitPrice: number;
  readonly unit: string;
  /** €/an, rounded to the cent. For `parMwh` lines: assiette × price, or null without assiette. */
  readonly annualAmount: number | null;
  /** €/mois = annual / 12, rounded to the cent. */
  readonly monthlyAmount: number | null;
  readonly sources: readonly LineSource[];
  readonly isEstimate: boolean;
}

/** Effective dates of the grids used. */
export interface GridDates {
  readonly atrd: IsoDate | null;
  readonly atrt: IsoDate;
  readonly stockage: IsoDate;
  readonly cta: IsoDate;
  readonly accise: IsoDate;
  readonly cee: IsoDate | null;
}

export interface SimulationResult {
  readonly dateEffet: IsoDate;
  readonly mensuel: MontantsFixes;
  readonly annuel: MontantsFixes;
  readonly parMwh: MontantsParMwh;
  readonly lignes: readonly SimulationLine[];
  /** French warnings to show with the result. */
  readonly warnings: readonly string[];
  readonly gridDates: GridDates;
  readonly usedSampleData: boolean;
  /** True when at least one line is an estimate. */
  readonly hasEstimates: boolean;
  /**
   * Grids whose value at the date is an estimate past their last sourced (official or secondary) value, with the
   * start date of that last sourced value: the results say so in a banner.
   */
  readonly estimatedGrids: readonly EstimatedGrid[];
}

/** A grid used past its last sourced value (see `SimulationResult.estimatedGrids`). */
export interface EstimatedGrid {
  readonly grid: ParameterGrid;
  /** Start date of the last sourced value of that grid's parameters used here. */
  readonly lastSourcedOn: IsoDate;
}
