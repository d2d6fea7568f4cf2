import { compareIsoDates, type IsoDate, isIsoDate } from '../dates.ts';
import { ParameterLookupError } from '../errors.ts';
import { ATRD7_GRDF_PARAMETERS } from './atrd7-grdf.ts';
import { ATRT8_PARAMETERS } from './atrt8.ts';
import { ATRT8_TRANSPORT_CONSUMER_PARAMETERS } from './atrt8-transport-consumer.ts';
import { resolveAt } from './lookup.ts';
import { PENALTY_PARAMETERS } from './penalties.ts';
import { TAX_PARAMETERS } from './taxes.ts';
import type { EstimateBasis, LineSource, Parameter, ParameterGrid, ParameterUnit, ValueStatus } from './types.ts';
import { ESTIMATE_BASES, referencesOf, statusLabel } from './types.ts';

/** Every dated parameter of the package (tests check each one; the UI lists current values from it). */
export const PARAMETER_REGISTRY: readonly Parameter[] = [
  ...ATRD7_GRDF_PARAMETERS,
  ...ATRT8_PARAMETERS,
  ...TAX_PARAMETERS,
  ...PENALTY_PARAMETERS,
  ...ATRT8_TRANSPORT_CONSUMER_PARAMETERS,
];

/** Looks a parameter up by id. */
export function getParameter(id: string): Parameter {
  const found = PARAMETER_REGISTRY.find((p) => p.id === id);
  if (!found) {
    throw new RangeError(`Paramètre inconnu : ${id}`);
  }
  return found;
}

/** Problems found in a parameter declaration (empty when valid). French messages. */
export function validateParameter(param: Parameter): string[] {
  const problems: string[] = [];
  if (!param.id) {
    problems.push('identifiant manquant');
  }
  if (!param.description.trim()) {
    problems.push(`${param.id} : description manquante`);
  }
  if (!isIsoDate(param.lastCheckedOn)) {
    problems.push(`${param.id} : lastCheckedOn invalide (${param.lastCheckedOn})`);
  }
  if (param.entries.length === 0) {
    problems.push(`${param.id} : aucune valeur`);
  }
  const seen = new Set<string>();
  let previous: IsoDate | undefined;
  for (const entry of param.entries) {
    if (!isIsoDate(entry.from)) {
      problems.push(`${param.id} : date invalide « ${entry.from} »`);
    }
    if (seen.has(entry.from)) {
      problems.push(`${param.id} : date en double ${entry.from}`);
    }
    seen.add(entry.from);
    if (previous !== undefined && compareIsoDates(previous, entry.from) >= 0) {
      problems.push(`${param.id} : dates non triées (${previous} puis ${entry.from})`);
    }
    const before = param.entries[param.entries.indexOf(entry) - 1];
    if (entry.basis === 'carriedOver' && (!before || before.value !== entry.value)) {
      problems.push(`${param.id} : valeur reconduite au ${entry.from} différente de la valeur précédente`);
    }
    previous = entry.from;
    const refs = entry.reference === undefined || entry.reference === null ? [] : referencesOf(entry);
    if (refs.length === 0) {
      problems.push(`${param.id} : aucune référence au ${entry.from}`);
    }
    for (const ref of refs) {
      if (!ref?.title?.trim() || !ref.url?.trim()) {
        problems.push(`${param.id} : référence incomplète (titre ou URL) au ${entry.from}`);
      }
      if (ref && ref.publishedOn !== null && !isIsoDate(ref.publishedOn)) {
        problems.push(`${param.id} : date de publication invalide au ${entry.from}`);
      }
    }
    if (!['official', 'secondary', 'estimate'].includes(entry.status)) {
      problems.push(`${param.id} : statut inconnu au ${entry.from}`);
    }
    if (entry.basis !== undefined && (entry.status !== 'estimate' || !ESTIMATE_BASES.includes(entry.basis))) {
      problems.push(`${param.id} : nature d’estimation « ${entry.basis} » invalide au ${entry.from}`);
    }
    if (entry.value !== null && !Number.isFinite(entry.value)) {
      problems.push(`${param.id} : valeur non numérique au ${entry.from}`);
    }
  }
  const first = param.entries[0];
  if (first && first.value === null) {
    problems.push(`${param.id} : la première valeur ne peut pas être null`);
  }
  return problems;
}

/** Problems across the whole registry, including duplicate ids. */
export function validateRegistry(registry: readonly Parameter[] = PARAMETER_REGISTRY): string[] {
  const problems = registry.flatMap(validateParameter);
  const ids = new Set<string>();
  for (const p of registry) {
    if (ids.has(p.id)) {
      problems.push(`identifiant en double : ${p.id}`);
    }
    ids.add(p.id);
  }
  return problems;
}

/** A parameter's value on a date, for display (UI page of current values). */
export interface ParameterSnapshot {
  readonly id: string;
  readonly grid: ParameterGrid;
  readonly description: string;
  readonly unit: ParameterUnit;
  /** null when no sourced value exists on that date. */
  readonly value: number | null;
  readonly from: IsoDate | null;
  readonly status: ValueStatus | null;
  /** Why the value is an estimate, when known (ADR 0050). */
  readonly basis: EstimateBasis | null;
  /** French label of the status (« officielle », « estimation (source secondaire) »…), null without a value. */
  readonly statusLabel: string | null;
  readonly isEstimate: boolean;
  readonly notes: string | null;
  readonly sources: readonly LineSource[];
  readonly lastCheckedOn: IsoDate;
}

/** Values of every parameter on `date` (parameters without a value are listed with `value: null`). */
export function snapshotAt(date: IsoDate, registry: readonly Parameter[] = PARAMETER_REGISTRY): ParameterSnapshot[] {
  return registry.map((param) => {
    const base = {
      id: param.id,
      grid: param.grid,
      description: param.description,
      unit: param.unit,
      lastCheckedOn: param.lastCheckedOn,
    };
    try {
      const resolved = resolveAt(param, date);
      return {
        ...base,
        value: resolved.value,
        from: resolved.from,
        status: resolved.entry.status,
        basis: resolved.entry.status === 'estimate' ? (resolved.entry.basis ?? null) : null,
        statusLabel: statusLabel(resolved.entry.status, resolved.entry.basis),
        isEstimate: resolved.isEstimate,
        notes: resolved.entry.notes ?? null,
        sources: resolved.sources,
      };
    } catch (error) {
      if (!(error instanceof ParameterLookupError)) {
        throw error;
      }
      return {
        ...base,
        value: null,
        from: null,
        status: null,
        basis: null,
        statusLabel: null,
        isEstimate: false,
        notes: null,
        sources: [],
      };
    }
  });
}
