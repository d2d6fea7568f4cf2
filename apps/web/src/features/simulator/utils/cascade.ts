/**
 * The options cascade of the simulator form (spec §4 "Simulator", §7, §9), as pure functions:
 * - changing the point type resets every other field; reset clears everything;
 * - choosing a code clears the commune;
 * - a list with a single option selects it; a value no longer listed is cleared;
 * - the default TSO (PITD, PIC) is the network operator of the code's first commune;
 * - a field's error clears when the field changes.
 */
import type { SimulatorOptionsResponse } from '@pilote/contracts';
import { monthOf } from '../../../lib/month.ts';
import { ntrChoicesOf, reconcileCascade, SIMULATOR_CASCADE_RULE } from '../../../lib/options-cascade.ts';
import {
  emptySimulatorValues,
  formFieldOf,
  type PointChoice,
  type SimulatorField,
  type SimulatorFormValues,
} from './form-values.ts';

export type FieldErrors = Partial<Record<SimulatorField, string>>;

export type SimulatorFormState = {
  values: SimulatorFormValues;
  errors: FieldErrors;
  /** A message for the whole form (e.g. the honeypot), or null. */
  formError: string | null;
};

export const initialSimulatorFormState: SimulatorFormState = {
  values: emptySimulatorValues,
  errors: {},
  formError: null,
};

export type SimulatorFormAction =
  | { type: 'setPoint'; point: PointChoice }
  | { type: 'setField'; field: Exclude<SimulatorField, 'pointDeReseau'>; value: string }
  /** The address search found the commune's PITD (issue #23 §4): code, commune, TSO, DSO at once. */
  | { type: 'prefill'; values: Pick<SimulatorFormValues, 'code' | 'commune' | 'tso' | 'dso'> }
  | { type: 'options'; options: SimulatorOptionsResponse }
  | { type: 'setErrors'; errors: FieldErrors; formError?: string | null }
  | { type: 'reset' };

/** Query of `GET /api/simulator/options/{point}/`: only non-empty values; the first call sends `point` alone. */
export function optionsQueryParams(values: SimulatorFormValues): (Record<string, string> & { point: string }) | null {
  if (values.pointDeReseau === '') {
    return null;
  }
  const params: Record<string, string> & { point: string } = { point: values.pointDeReseau.toLowerCase() };
  const add = (key: string, value: string) => {
    const text = value.trim();
    if (text !== '') {
      params[key] = text;
    }
  };
  add('code', values.code);
  add('commune', values.commune);
  if (values.pointDeReseau === 'PITD') {
    add('tso', values.tso);
    add('dso', values.dso);
    add('tarif', values.tarif);
    add('profil', values.profil);
    add('month', values.dateEffetMonth);
  }
  return params;
}

/**
 * Applies an options answer to the form (the answer must be for the form's current query), with the simulator's
 * defaults (ADR 0059). Returns `values` itself when nothing changes, so a React reducer bails out and the cascade
 * settles.
 */
export function reconcileWithOptions(
  values: SimulatorFormValues,
  options: SimulatorOptionsResponse,
  /** The user's current month: chosen by default when the grids can compute it (issue 11). */
  currentMonth: string = monthOf(new Date()),
): SimulatorFormValues {
  return reconcileCascade(values, options, SIMULATOR_CASCADE_RULE, currentMonth);
}

export { ntrChoicesOf };

/** The NTR of `code` × `commune` in the options answer, when the table gives one. */
export function ntrOf(
  options: SimulatorOptionsResponse | undefined,
  code: string,
  commune: string,
): number | undefined {
  const entry = options?.pitdCommunesIndex?.find((item) => item.code === code);
  return entry?.communes.find((item) => item.commune === commune)?.ntr;
}

function withoutErrors(errors: FieldErrors, fields: readonly SimulatorField[]): FieldErrors {
  if (!fields.some((field) => field in errors)) {
    return errors;
  }
  const next = { ...errors };
  for (const field of fields) {
    delete next[field];
  }
  return next;
}

export function simulatorFormReducer(state: SimulatorFormState, action: SimulatorFormAction): SimulatorFormState {
  switch (action.type) {
    case 'reset':
      return initialSimulatorFormState;
    case 'setPoint':
      return { values: { ...emptySimulatorValues, pointDeReseau: action.point }, errors: {}, formError: null };
    case 'setField': {
      const values = { ...state.values, [action.field]: action.value };
      const cleared: SimulatorField[] = [action.field];
      if (action.field === 'code' && action.value !== state.values.code) {
        values.commune = '';
        values.ntr = '';
        cleared.push('commune', 'ntr');
      }
      if (action.field === 'commune' && action.value !== state.values.commune) {
        values.ntr = '';
        cleared.push('ntr');
      }
      return {
        values,
        errors: withoutErrors(state.errors, cleared),
        formError: action.field === 'honeypot' ? state.formError : null,
      };
    }
    case 'prefill': {
      const values = { ...state.values, ...action.values, ntr: '' };
      return {
        values,
        errors: withoutErrors(state.errors, ['code', 'commune', 'tso', 'dso', 'ntr']),
        formError: null,
      };
    }
    case 'options': {
      const values = reconcileWithOptions(state.values, action.options);
      if (values === state.values) {
        return state;
      }
      const changed = (Object.keys(values) as SimulatorField[]).filter((key) => values[key] !== state.values[key]);
      return { ...state, values, errors: withoutErrors(state.errors, changed) };
    }
    case 'setErrors':
      return { ...state, errors: action.errors, formError: action.formError ?? null };
  }
}

/** A server validation answer (`details[0].path = "/commune"`) as a field error, when it names a form field. */
export function fieldErrorFromServer(body: unknown, message: string): FieldErrors | null {
  if (typeof body !== 'object' || body === null || !('details' in body) || !Array.isArray(body.details)) {
    return null;
  }
  const first: unknown = body.details[0];
  if (typeof first !== 'object' || first === null || !('path' in first) || typeof first.path !== 'string') {
    return null;
  }
  const field = formFieldOf(first.path);
  return field ? { [field]: message } : null;
}
