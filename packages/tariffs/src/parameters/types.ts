import type { IsoDate } from '../dates.ts';

/**
 * How much a value can be trusted:
 * - `official`: read in a CRE / Légifrance / JORF text;
 * - `secondary`: taken from a secondary public source (vendor page, open-source code, invoice reproduction);
 * - `estimate`: derived by us (arithmetic on other values); it must be shown as an estimate.
 */
export type ValueStatus = 'official' | 'secondary' | 'estimate';

/**
 * Why an `estimate` is one (ADR 0050), shown in its label:
 * - `secondarySource`: the value in force was observed in a secondary source (e.g. a published simulator's data)
 *   but not read in the official text; « estimation (source secondaire) »;
 * - `atrd7Formula`: derived by us with the yearly update formula of délib. CRE 2024-40 (reference grid × Y, official
 *   rounding); « estimation (formule de la délibération 2024-40) »;
 * - `carriedOver`: the value in force was not found; the previous one is carried over; « estimation (valeur
 *   précédente reconduite) ».
 * An estimate without a basis is labelled « estimation ».
 */
export type EstimateBasis = 'secondarySource' | 'atrd7Formula' | 'carriedOver';

export const ESTIMATE_BASES: readonly EstimateBasis[] = ['secondarySource', 'atrd7Formula', 'carriedOver'];

const STATUS_LABELS: Readonly<Record<ValueStatus, string>> = {
  official: 'officielle',
  secondary: 'source secondaire',
  estimate: 'estimation',
};

const BASIS_LABELS: Readonly<Record<EstimateBasis, string>> = {
  secondarySource: 'estimation (source secondaire)',
  atrd7Formula: 'estimation (formule de la délibération 2024-40)',
  carriedOver: 'estimation (valeur précédente reconduite)',
};

/**
 * The French label of a value's status, lower case as it reads inside a sentence (« officielle », « source
 * secondaire », « estimation (source secondaire) »…); the basis only qualifies an `estimate`.
 */
export function statusLabel(status: ValueStatus, basis?: EstimateBasis | null): string {
  return status === 'estimate' && basis ? BASIS_LABELS[basis] : STATUS_LABELS[status];
}

/** Where a value comes from. `publishedOn` is the publication date (JO for official texts) when known. */
export interface SourceReference {
  readonly title: string;
  readonly url: string;
  readonly publishedOn: IsoDate | null;
}

/** A source reference together with the confidence of the value it supports (what result lines carry). */
export interface LineSource extends SourceReference {
  readonly status: ValueStatus;
  /** Present on an `estimate` whose kind is known (see {@link EstimateBasis}). */
  readonly basis?: EstimateBasis;
}

/** Units used by the grids. */
export type ParameterUnit =
  | '€/an'
  | '€/MWh'
  | '€/MWh/j/an'
  | '€/m/an'
  | '€/Nm³/h/an'
  | 'MWh/j'
  | 'Nm³/h'
  | 'ratio'
  | 'coefficient';

/** One dated value. `value: null` ends the parameter from that date (OpenFisca convention). */
export interface ParameterEntry {
  readonly value: number | null;
  /** One or more references for this date. A date without a reference fails the registry test. */
  readonly reference: SourceReference | readonly SourceReference[];
  readonly status: ValueStatus;
  /** Only with `status: 'estimate'`: why it is one (its label, see {@link statusLabel}). */
  readonly basis?: EstimateBasis;
  readonly notes?: string;
}

/** Grid a parameter belongs to (used for grouping in the UI, the changelog and `gridDates`). */
export type ParameterGrid = 'ATRD7 GRDF' | 'ATRT8' | 'CTA' | 'Accise' | 'TVA' | 'CEE';

/** What a data module declares. */
export interface ParameterDefinition {
  /** Stable dotted identifier, e.g. `atrd7.grdf.t4.abonnement`. */
  readonly id: string;
  readonly grid: ParameterGrid;
  /** French description shown in the UI. */
  readonly description: string;
  readonly unit: ParameterUnit;
  /** Values keyed by effective date (`YYYY-MM-DD`), in increasing order. */
  readonly values: Readonly<Record<IsoDate, ParameterEntry>>;
  /** Date someone last checked the latest value is still the one in force. */
  readonly lastCheckedOn: IsoDate;
}

/** A dated entry in chronological order, as used by lookups. */
export interface DatedEntry extends ParameterEntry {
  readonly from: IsoDate;
}

/** A defined parameter: the declaration plus its entries in declaration order. */
export interface Parameter extends ParameterDefinition {
  readonly entries: readonly DatedEntry[];
}

/** Identity helper that types a parameter declaration and precomputes its entry list. */
export function defineParameter(definition: ParameterDefinition): Parameter {
  const entries = Object.entries(definition.values).map(([from, entry]) => Object.freeze({ from, ...entry }));
  return Object.freeze({ ...definition, entries: Object.freeze(entries) });
}

/** The references of an entry as an array. */
export function referencesOf(entry: ParameterEntry): readonly SourceReference[] {
  return Array.isArray(entry.reference)
    ? (entry.reference as readonly SourceReference[])
    : [entry.reference as SourceReference];
}
