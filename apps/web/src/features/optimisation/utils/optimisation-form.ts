/**
 * The optimisation form (spec §2.9, §3 request, §5 "Optimisation"): its values as typed, the request they give,
 * and how they follow the options cascade. Pure functions, unit-tested.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type OptimisationBody,
  optimisationFormSchema,
  type SimulatorOptionsResponse,
  type ValidatedOptimisationForm,
  validateOptimisationForm,
} from '@pilote/contracts';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { monthOf } from '../../../lib/month.ts';
import { latestCoveredMonth, OPTIMISATION_CASCADE_RULE, reconcileCascade } from '../../../lib/options-cascade.ts';
import type { NetworkOptionsParams } from '../../network-options/index.ts';

export const MONTHS_IN_YEAR = 12;
export const networkPoints = ['PITD', 'LI', 'PIC'] as const;
export type NetworkPoint = (typeof networkPoints)[number];

/** What the inputs hold: text as typed (French numbers accepted), the monthly toggle and the series choice. */
export type OptimisationFormValues = {
  pointDeReseau: NetworkPoint | '';
  code: string;
  commune: string;
  tso: string;
  tarif: string;
  profil: string;
  assiette: string;
  cjsInterruptible: string;
  cpl: string;
  /** YYYY-MM, or '' (the server uses the current month). */
  dateEffetMonth: string;
  cjaActuelle: string;
  capacitesMensuellesActives: boolean;
  /** M1 (January) … M12, MWh/j on top of the CJA. */
  capacitesMensuelles: string[];
  /** A consumption dataset id, or '' = the estimated typical year. */
  datasetId: string;
};

export const ESTIMATED_YEAR = '';

export function emptyOptimisationForm(): OptimisationFormValues {
  return {
    pointDeReseau: '',
    code: '',
    commune: '',
    tso: '',
    tarif: '',
    profil: '',
    assiette: '',
    cjsInterruptible: '',
    cpl: '',
    dateEffetMonth: '',
    cjaActuelle: '',
    capacitesMensuellesActives: false,
    capacitesMensuelles: Array.from({ length: MONTHS_IN_YEAR }, () => ''),
    datasetId: ESTIMATED_YEAR,
  };
}

/** The JSON body sent to `POST /api/optimisation/` (numbers parsed; optional values left out when empty). */
export type OptimisationRequest = {
  pointDeReseau: NetworkPoint;
  code: string;
  commune: string;
  tarif: string;
  tso: string;
  profil: string;
  assiette: number;
  cjsInterruptible: number;
  cpl: number;
  dateEffetMonth?: string;
  cjaActuelle?: number;
  capacitesMensuelles?: number[];
  datasetId?: string;
};

export type RequestCheck = { ok: true; request: OptimisationRequest } | { ok: false; field: string; message: string };

/** The body of the contract's checks: the form's values as typed (the monthly capacities when the toggle is on). */
export function toOptimisationBody(values: OptimisationFormValues): OptimisationBody {
  return {
    pointDeReseau: values.pointDeReseau,
    code: values.code,
    commune: values.commune,
    tso: values.tso,
    tarif: values.tarif,
    profil: values.profil,
    assiette: values.assiette,
    cjsInterruptible: values.cjsInterruptible,
    cpl: values.cpl,
    dateEffetMonth: values.dateEffetMonth,
    cjaActuelle: values.cjaActuelle,
    capacitesMensuelles: values.capacitesMensuellesActives ? values.capacitesMensuelles : null,
    datasetId: values.datasetId,
  };
}

/**
 * The form's values → the contract's `optimisationFormSchema` (spec §5 "Optimisation", every failure at once, issue
 * #22, ADR 0065): what react-hook-form resolves on submit.
 */
export const optimisationValuesSchema = z
  .custom<OptimisationFormValues>()
  .transform(toOptimisationBody)
  .pipe(optimisationFormSchema);

/** react-hook-form's resolver of the optimisation form (issue paths = the form's fields, `capacitesMensuelles.3`). */
export const optimisationResolver: Resolver<OptimisationFormValues, unknown, ValidatedOptimisationForm> =
  zodResolver(optimisationValuesSchema);

/** The JSON body sent from a validated form (optional values left out when empty). */
export function requestOf(form: ValidatedOptimisationForm): OptimisationRequest {
  const request: OptimisationRequest = {
    pointDeReseau: form.pointDeReseau,
    code: form.code,
    commune: form.commune,
    tarif: form.tarif,
    tso: form.tso,
    profil: form.profil,
    assiette: form.assiette,
    cjsInterruptible: form.cjsInterruptible,
    cpl: form.cpl,
  };
  if (form.dateEffetMonth !== undefined) {
    request.dateEffetMonth = form.dateEffetMonth;
  }
  if (form.cjaActuelle !== undefined) {
    request.cjaActuelle = form.cjaActuelle;
  }
  if (form.capacitesMensuelles !== undefined) {
    request.capacitesMensuelles = form.capacitesMensuelles;
  }
  if (form.datasetId !== undefined) {
    request.datasetId = form.datasetId;
  }
  return request;
}

/**
 * Spec §5 "Optimisation", in the spec's order (point, code, commune, TSO, tarif, profil, assiette, then the 12
 * monthly capacities when the toggle is on), with the rules the server applies (`validateOptimisationForm` of
 * @pilote/contracts: the first failure, the one the error toast tells): empty optional numbers count as 0, a
 * non-numeric one gives 'Valeur numérique invalide: …', a negative capacity 'Capacité M{n} invalide'. An empty
 * current CJA is left out: the server then takes the year's largest day rounded up (docs/optimiser.md), which a 0
 * would not mean.
 */
export function buildOptimisationRequest(values: OptimisationFormValues): RequestCheck {
  const check = validateOptimisationForm(toOptimisationBody(values));
  return check.ok
    ? { ok: true, request: requestOf(check.value) }
    : { ok: false, field: check.field, message: check.message };
}

// ---- options cascade ------------------------------------------------------------------------------------

/** The query of the cascade: only the values chosen so far (spec §7: the first call sends only the point). */
export function cascadeParams(values: OptimisationFormValues): NetworkOptionsParams | null {
  if (!values.pointDeReseau) {
    return null;
  }
  const params: NetworkOptionsParams = { point: values.pointDeReseau.toLowerCase() };
  for (const key of ['code', 'commune', 'tso', 'tarif'] as const) {
    if (values[key]) {
      params[key] = values[key];
    }
  }
  return params;
}

/** Spec §5: for PITD the tariff choices are limited to T4 and TP (the optimisation's cascade rule, ADR 0059). */
export function tarifChoices(point: NetworkPoint | '', options: SimulatorOptionsResponse | undefined): string[] {
  return options ? [...OPTIMISATION_CASCADE_RULE.tarifs({ ...options, point: point || options.point })] : [];
}

/**
 * Applies what the options say to the values, with the optimisation's defaults (ADR 0059,
 * `OPTIMISATION_CASCADE_RULE`): stale values cleared and single choices taken as in every form; the TSO defaults to
 * the (chosen, else first) commune's operator for PITD and to the first operator for PIC; with several months, the
 * date of effect defaults to the current month when the grids cover it, else the latest month they cover (the
 * server's own default, the current month, fails when the grids stop earlier). Returns the same object when nothing
 * changes.
 */
export function reconcileWithOptions(
  values: OptimisationFormValues,
  options: SimulatorOptionsResponse | undefined,
  currentMonth: string = monthOf(new Date()),
): OptimisationFormValues {
  return reconcileCascade(values, options, OPTIMISATION_CASCADE_RULE, currentMonth);
}

export { monthOf };

/** The only month, else the current month if offered, else the latest offered month before it, else the first. */
export const defaultMonth = latestCoveredMonth;

/** Changing the point type resets every field of the point (code, commune, TSO, tariff, month). */
export function withPoint(values: OptimisationFormValues, point: NetworkPoint | ''): OptimisationFormValues {
  return { ...values, pointDeReseau: point, code: '', commune: '', tso: '', tarif: '', dateEffetMonth: '' };
}

/** Choosing a code clears the commune and the TSO (they depend on the code). */
export function withCode(values: OptimisationFormValues, code: string): OptimisationFormValues {
  return code === values.code ? values : { ...values, code, commune: '', tso: '' };
}

/** Choosing a commune resets the TSO to that commune's operator (PITD) through `reconcileWithOptions`. */
export function withCommune(values: OptimisationFormValues, commune: string): OptimisationFormValues {
  return commune === values.commune ? values : { ...values, commune, tso: '' };
}

const monthFormat = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2025-07" → "juillet 2025". */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) {
    return month;
  }
  return monthFormat.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** The series chosen by default: the newest dataset that covers a year, else the estimated typical year. */
export function defaultDatasetId(datasets: readonly { id: string; anneeComplete: boolean }[]): string {
  return datasets.find((dataset) => dataset.anneeComplete)?.id ?? ESTIMATED_YEAR;
}

/** The name of the input a validation error points at (so the form can focus it). */
export function inputNameOf(field: string): string {
  if (field.startsWith('capacitesMensuelles')) {
    const index = Number(field.split('/')[1] ?? 0);
    return `M${Number.isFinite(index) ? index + 1 : 1}`;
  }
  return field;
}
