import { assertIsoDate, compareIsoDates, daysBetween, type IsoDate, isIsoDate } from '../dates.ts';
import { ParameterLookupError } from '../errors.ts';
import { type ParameterOverlay, withOverlay } from './overlay.ts';
import type { DatedEntry, LineSource, Parameter } from './types.ts';
import { referencesOf } from './types.ts';

/** A value found for a date, with what is needed to cite it. */
export interface ResolvedValue {
  readonly parameterId: string;
  readonly value: number;
  /** Effective date of the entry used. */
  readonly from: IsoDate;
  readonly entry: DatedEntry;
  readonly sources: readonly LineSource[];
  readonly isEstimate: boolean;
}

/**
 * Entries by effective date. Memoised per parameter when its entry list is frozen (`defineParameter` freezes it),
 * so the cached order can never go stale; any other (mutable) list is sorted on each call.
 */
const sortedCache = new WeakMap<Parameter, readonly DatedEntry[]>();

function sortedEntries(param: Parameter): readonly DatedEntry[] {
  const cached = sortedCache.get(param);
  if (cached) {
    return cached;
  }
  const sorted = [...param.entries].sort((a, b) => compareIsoDates(a.from, b.from));
  if (Object.isFrozen(param) && Object.isFrozen(param.entries)) {
    sortedCache.set(param, sorted);
  }
  return sorted;
}

/** The (frozen) sources of a frozen entry, built once: every simulation and optimisation cites them. */
const sourcesCache = new WeakMap<DatedEntry, readonly LineSource[]>();

function sourcesOf(entry: DatedEntry): readonly LineSource[] {
  const cached = sourcesCache.get(entry);
  if (cached) {
    return cached;
  }
  const basis = entry.status === 'estimate' && entry.basis ? { basis: entry.basis } : {};
  const sources = Object.freeze(
    referencesOf(entry).map((ref) => Object.freeze({ ...ref, status: entry.status, ...basis })),
  );
  if (Object.isFrozen(entry)) {
    sourcesCache.set(entry, sources);
  }
  return sources;
}

/**
 * The entry in force on `date` (latest effective date ≤ `date`), or a clear error. With an `overlay`, its
 * entries are merged over the packaged ones first (ADR 0025: an overlay entry wins on its date).
 */
export function entryAt(packaged: Parameter, date: IsoDate, overlay?: ParameterOverlay): DatedEntry {
  assertIsoDate(date);
  const param = withOverlay(packaged, overlay);
  const entries = sortedEntries(param);
  const first = entries[0];
  if (!first || compareIsoDates(date, first.from) < 0) {
    throw new ParameterLookupError(param.id, date, `première valeur connue au ${first?.from ?? '(aucune)'}`);
  }
  let current = first;
  for (const entry of entries) {
    if (compareIsoDates(entry.from, date) <= 0) {
      current = entry;
    } else {
      break;
    }
  }
  if (current.value === null) {
    throw new ParameterLookupError(param.id, date, `aucune valeur sourcée à partir du ${current.from}`);
  }
  return current;
}

/** The value of `param` on `date`. Throws {@link ParameterLookupError} before the first date or after a `null`. */
export function valueAt(param: Parameter, date: IsoDate, overlay?: ParameterOverlay): number {
  return resolveAt(param, date, overlay).value;
}

/** Like {@link valueAt} but with the references and confidence of the value. */
export function resolveAt(param: Parameter, date: IsoDate, overlay?: ParameterOverlay): ResolvedValue {
  const entry = entryAt(param, date, overlay);
  const value = entry.value as number;
  return {
    parameterId: param.id,
    value,
    from: entry.from,
    entry,
    sources: sourcesOf(entry),
    isEstimate: entry.status === 'estimate',
  };
}

/** True when `param` has a (non-null) value on `date`. */
export function hasValueAt(param: Parameter, date: IsoDate, overlay?: ParameterOverlay): boolean {
  try {
    entryAt(param, date, overlay);
    return true;
  } catch (error) {
    if (error instanceof ParameterLookupError) {
      return false;
    }
    throw error;
  }
}

/** One piece of a pro-rated period: `days` days at `value`. */
export interface ProrataSegment {
  readonly from: IsoDate;
  /** Exclusive end. */
  readonly to: IsoDate;
  readonly days: number;
  readonly value: number;
  /** Share of the whole period (days / total days). */
  readonly weight: number;
}

/** Result of {@link prorate}: the day-weighted average value over [from, to) and its segments. */
export interface Prorata {
  readonly from: IsoDate;
  readonly to: IsoDate;
  readonly days: number;
  /** Σ value × days / total days. Multiply an annual amount by it, or use the segments. */
  readonly average: number;
  readonly segments: readonly ProrataSegment[];
}

/**
 * Pro-rates a parameter over the period [from, to) (end excluded) by days: each value weighs the number of
 * days it is in force. Summing the pro-ratas of adjacent periods gives the pro-rata of the whole period.
 */
export function prorate(packaged: Parameter, from: IsoDate, to: IsoDate, overlay?: ParameterOverlay): Prorata {
  const param = withOverlay(packaged, overlay);
  assertIsoDate(from);
  assertIsoDate(to);
  const total = daysBetween(from, to);
  if (total <= 0) {
    throw new RangeError(`Période vide ou inversée : du ${from} au ${to} (fin exclue).`);
  }
  const boundaries = sortedEntries(param)
    .map((entry) => entry.from)
    .filter((d) => isIsoDate(d) && compareIsoDates(d, from) > 0 && compareIsoDates(d, to) < 0);
  const cuts = [from, ...boundaries, to];
  const segments: ProrataSegment[] = [];
  for (let i = 0; i + 1 < cuts.length; i += 1) {
    const start = cuts[i] as IsoDate;
    const end = cuts[i + 1] as IsoDate;
    const days = daysBetween(start, end);
    segments.push({ from: start, to: end, days, value: valueAt(param, start), weight: days / total });
  }
  const average = segments.reduce((sum, s) => sum + s.value * s.days, 0) / total;
  return { from, to, days: total, average, segments };
}

/**
 * True when an entry stands for a grid we have: a sourced value (`official`, `secondary`), or an estimate of the grid
 * in force itself — observed in a secondary source or derived by the official formula (ADR 0050). An estimate
 * without a basis, or one that carries a previous value over, extrapolates past it.
 */
export function standsForAKnownGrid(entry: DatedEntry): boolean {
  return entry.status !== 'estimate' || entry.basis === 'secondarySource' || entry.basis === 'atrd7Formula';
}

/**
 * When `entry` continues `param` past its last known grid (an extrapolating `estimate` — no basis, or carried over —
 * after a value that {@link standsForAKnownGrid}, with none after it), the start date of that last value; otherwise
 * null. Estimates that are the only values of a parameter (the default CEE cost) or that precede a sourced value
 * are not past it; nor is an estimate of the grid in force (the ATRD7 grid of 1 July 2026, ADR 0050).
 */
export function lastSourcedBefore(packaged: Parameter, entry: DatedEntry, overlay?: ParameterOverlay): IsoDate | null {
  const param = withOverlay(packaged, overlay);
  if (entry.value === null || standsForAKnownGrid(entry)) {
    return null;
  }
  const entries = sortedEntries(param);
  const sourced = entries.filter((e) => standsForAKnownGrid(e) && e.value !== null);
  const before = sourced.filter((e) => compareIsoDates(e.from, entry.from) < 0);
  const after = sourced.filter((e) => compareIsoDates(e.from, entry.from) > 0);
  const last = before[before.length - 1];
  return last && after.length === 0 ? last.from : null;
}
