/**
 * Field validation of the simulator form on submit: the contract's `simulatorFormSchema` (spec §5 "Simulator", the
 * server's own rules and messages, every failure at once; issue #22, ADR 0065) applied to the body the form sends.
 * `simulatorResolver` is what react-hook-form runs; `validateSimulatorValues` reads the same issues as field errors.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { simulatorFormSchema, type ValidatedSimulatorForm } from '@pilote/contracts';
import type { FieldError, FieldErrors as FormStateErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { FieldErrors } from './cascade.ts';
import {
  fieldOrder,
  formFieldOf,
  type SimulatorField,
  type SimulatorFormValues,
  toSimulateBody,
} from './form-values.ts';

/** The form's values → the request body (hidden and empty fields left out) → the contract's schema. */
export const simulatorValuesSchema = z
  .custom<SimulatorFormValues>()
  .transform(toSimulateBody)
  .pipe(simulatorFormSchema);

const contractResolver = zodResolver(simulatorValuesSchema);

/**
 * react-hook-form's resolver: the contract's issues under the form's field names (the request's `cjaMwhj` is the
 * CJA input); a filled honeypot stays under `honeypot` (the form-wide message).
 */
export const simulatorResolver: Resolver<SimulatorFormValues, unknown, ValidatedSimulatorForm> = async (
  values,
  context,
  options,
) => {
  const result = await contractResolver(values, context, options);
  if (Object.keys(result.errors).length === 0) {
    return result;
  }
  const errors: Record<string, FieldError> = {};
  for (const [name, error] of Object.entries(result.errors as Record<string, FieldError>)) {
    const field = name === 'honeypot' ? name : formFieldOf(name);
    if (field && !errors[field]) {
      errors[field] = { ...error, ref: options.fields[field]?.ref ?? error.ref };
    }
  }
  return { values: {}, errors: errors as FormStateErrors<SimulatorFormValues> };
};

export type SimulatorValidation =
  | { ok: true }
  | { ok: false; errors: FieldErrors; formError: string | null; firstField: SimulatorField | null };

/** The form-state errors as the form shows them: per field, and the form-wide message (the honeypot). */
export function simulatorErrorsOf(errors: FormStateErrors<SimulatorFormValues>): {
  errors: FieldErrors;
  formError: string | null;
} {
  const fields: FieldErrors = {};
  for (const field of fieldOrder) {
    const message = errors[field]?.message;
    if (typeof message === 'string') {
      fields[field] = message;
    }
  }
  const formError = errors.honeypot?.message;
  return { errors: fields, formError: typeof formError === 'string' ? formError : null };
}

export function validateSimulatorValues(values: SimulatorFormValues): SimulatorValidation {
  const parsed = simulatorValuesSchema.safeParse(values);
  if (parsed.success) {
    return { ok: true };
  }
  const errors: FieldErrors = {};
  let formError: string | null = null;
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? '');
    const field = formFieldOf(name);
    if (name === 'honeypot') {
      formError = issue.message;
    } else if (field) {
      errors[field] ??= issue.message;
    }
  }
  const firstField = fieldOrder.find((field) => errors[field] !== undefined) ?? null;
  return { ok: false, errors, formError, firstField };
}
