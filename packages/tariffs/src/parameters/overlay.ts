/**
 * Dated values added outside a release (the admin panel's « Données tarifaires », ADR 0025), laid over the
 * packaged parameters. Pure: the caller reads the stored values and passes them in as data; nothing here does IO.
 *
 * Precedence: for a parameter and an effective date present in both, the overlay entry wins (it is the newer
 * decision: typically the published grid replacing a packaged estimate); other dates of both are merged in date
 * order.
 */
import { compareIsoDates, type IsoDate, isIsoDate } from '../dates.ts';
import type { DatedEntry, EstimateBasis, Parameter, ParameterUnit, SourceReference, ValueStatus } from './types.ts';

/** One stored dated value, as the server passes it. */
export interface OverlayValue {
  readonly parameterId: string;
  readonly from: IsoDate;
  /** `null` ends the parameter from that date (as in the packaged grids). */
  readonly value: number | null;
  /** Must equal the parameter's unit (checked by {@link createParameterOverlay}). */
  readonly unit: ParameterUnit;
  readonly references: readonly SourceReference[];
  readonly status: ValueStatus;
  readonly notes?: string | null;
}

/** An entry that came from the overlay (so the UI and the changelog can tell it from a packaged one). */
export interface OverlayEntry extends DatedEntry {
  readonly origin: 'overlay';
}

/** Checked, frozen overlay: extra entries per parameter id, in date order. */
export interface ParameterOverlay {
  readonly byParameter: ReadonlyMap<string, readonly OverlayEntry[]>;
  /** An opaque label of the stored state it was built from (e.g. the server's last row id), for caches and logs. */
  readonly version: string;
}

/** Thrown when an overlay value does not fit the registry (unknown id, unit, date, duplicate). French message. */
export class ParameterOverlayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParameterOverlayError';
  }
}

/** The problem with one overlay value against its parameter, or null when it fits. French. */
export function overlayValueProblem(value: OverlayValue, param: Parameter | undefined): string | null {
  if (!param) {
    return `paramètre inconnu : « ${value.parameterId} ».`;
  }
  if (!isIsoDate(value.from)) {
    return `date d’effet invalide « ${value.from} » pour ${param.id}.`;
  }
  if (value.unit !== param.unit) {
    return `unité « ${value.unit} » incompatible avec le paramètre ${param.id} (unité attendue : « ${param.unit} »).`;
  }
  if (value.value !== null && !Number.isFinite(value.value)) {
    return `valeur non numérique pour ${param.id} au ${value.from}.`;
  }
  if (value.references.length === 0) {
    return `aucune référence pour ${param.id} au ${value.from}.`;
  }
  for (const ref of value.references) {
    if (!ref.title.trim() || !ref.url.trim()) {
      return `référence incomplète (titre ou URL) pour ${param.id} au ${value.from}.`;
    }
  }
  return null;
}

/**
 * Checks and freezes a set of stored values against `registry`. Throws {@link ParameterOverlayError} on the first
 * value that does not fit (unknown parameter, unit other than the parameter's, bad date, no reference, two values
 * for the same parameter and date).
 */
export function createParameterOverlay(
  values: readonly OverlayValue[],
  registry: readonly Parameter[],
  version = '0',
): ParameterOverlay {
  const params = new Map(registry.map((p) => [p.id, p]));
  const byParameter = new Map<string, OverlayEntry[]>();
  for (const value of values) {
    const problem = overlayValueProblem(value, params.get(value.parameterId));
    if (problem) {
      throw new ParameterOverlayError(problem);
    }
    const list = byParameter.get(value.parameterId) ?? [];
    if (list.some((entry) => entry.from === value.from)) {
      throw new ParameterOverlayError(`deux valeurs pour ${value.parameterId} au ${value.from}.`);
    }
    const references = Object.freeze(value.references.map((ref) => Object.freeze({ ...ref })));
    list.push(
      Object.freeze({
        from: value.from,
        value: value.value,
        reference: references,
        status: value.status,
        origin: 'overlay' as const,
        ...(value.notes ? { notes: value.notes } : {}),
      }),
    );
    byParameter.set(value.parameterId, list);
  }
  for (const [id, list] of byParameter) {
    byParameter.set(id, Object.freeze([...list].sort((a, b) => compareIsoDates(a.from, b.from))) as OverlayEntry[]);
  }
  return Object.freeze({ byParameter, version });
}

/** The empty overlay (packaged values only). */
export const EMPTY_OVERLAY: ParameterOverlay = Object.freeze({ byParameter: new Map(), version: 'package' });

const overlaid = new WeakMap<ParameterOverlay, Map<string, Parameter>>();

/**
 * `param` with the overlay's entries merged in (an overlay entry replaces a packaged entry of the same date).
 * Returns `param` itself when the overlay has nothing for it. Memoised per overlay and parameter: the result is
 * frozen, so the lookups' own memoisation applies (ADR 0022).
 */
export function withOverlay(param: Parameter, overlay: ParameterOverlay | undefined): Parameter {
  const extra = overlay?.byParameter.get(param.id);
  if (!overlay || !extra || extra.length === 0) {
    return param;
  }
  let perOverlay = overlaid.get(overlay);
  if (!perOverlay) {
    perOverlay = new Map();
    overlaid.set(overlay, perOverlay);
  }
  const known = perOverlay.get(param.id);
  if (known) {
    return known;
  }
  const replaced = new Set(extra.map((entry) => entry.from));
  const sorted: DatedEntry[] = [...param.entries.filter((entry) => !replaced.has(entry.from)), ...extra].sort((a, b) =>
    compareIsoDates(a.from, b.from),
  );
  const entries = carryOver(sorted);
  const values = Object.fromEntries(entries.map(({ from, ...entry }) => [from, entry]));
  const merged: Parameter = Object.freeze({ ...param, values: Object.freeze(values), entries: Object.freeze(entries) });
  perOverlay.set(param.id, merged);
  return merged;
}

/**
 * A packaged estimate that carries a value over (basis `carriedOver`: « the value in force is not known, the
 * previous one continues ») continues the entry before it once merged, whatever that entry now is: when an admin
 * stores the published value of the previous date (e.g. the official ATRD7 grid of 1 July 2026), the carry-over of
 * 1 July 2027 continues the published value, not the packaged estimate it replaced (ADR 0050). The registry test
 * checks that, without an overlay, a carried-over value already equals the one before it.
 */
function carryOver(sorted: readonly DatedEntry[]): DatedEntry[] {
  const out: DatedEntry[] = [];
  for (const entry of sorted) {
    const previous = out[out.length - 1];
    const carries = !isOverlayEntry(entry) && entry.status === 'estimate' && entry.basis === 'carriedOver';
    if (previous && carries && entry.value !== null && previous.value !== entry.value) {
      out.push(Object.freeze({ ...entry, value: previous.value }));
    } else {
      out.push(entry);
    }
  }
  return out;
}

/** The registry with the overlay applied to every parameter. */
export function overlaidRegistry(registry: readonly Parameter[], overlay: ParameterOverlay | undefined): Parameter[] {
  return registry.map((param) => withOverlay(param, overlay));
}

/** True when `entry` came from an overlay rather than from the package. */
export function isOverlayEntry(entry: DatedEntry): entry is OverlayEntry {
  return (entry as Partial<OverlayEntry>).origin === 'overlay';
}

/** One change of value in a calendar of grid changes. */
export interface ParameterChange {
  readonly parameterId: string;
  readonly grid: Parameter['grid'];
  readonly description: string;
  readonly unit: ParameterUnit;
  readonly from: IsoDate;
  readonly value: number | null;
  /** The value in force the day before (null when none). */
  readonly previousValue: number | null;
  readonly status: ValueStatus;
  /** Why an `estimate` is one, when known (ADR 0050); null otherwise. */
  readonly basis: EstimateBasis | null;
  readonly origin: 'package' | 'overlay';
}

/**
 * Every dated entry whose effective date is in [from, to] (both inclusive), for the calendar of upcoming and
 * recent changes, in date order then by parameter id. An entry repeating the previous value is still a dated
 * entry (a grid was published or estimated that day) and is listed.
 */
export function changesBetween(registry: readonly Parameter[], from: IsoDate, to: IsoDate): ParameterChange[] {
  const changes: ParameterChange[] = [];
  for (const param of registry) {
    const sorted = [...param.entries].sort((a, b) => compareIsoDates(a.from, b.from));
    sorted.forEach((entry, index) => {
      if (compareIsoDates(entry.from, from) < 0 || compareIsoDates(entry.from, to) > 0) {
        return;
      }
      changes.push({
        parameterId: param.id,
        grid: param.grid,
        description: param.description,
        unit: param.unit,
        from: entry.from,
        value: entry.value,
        previousValue: sorted[index - 1]?.value ?? null,
        status: entry.status,
        basis: entry.status === 'estimate' ? (entry.basis ?? null) : null,
        origin: isOverlayEntry(entry) ? 'overlay' : 'package',
      });
    });
  }
  return changes.sort((a, b) => compareIsoDates(a.from, b.from) || (a.parameterId < b.parameterId ? -1 : 1));
}
