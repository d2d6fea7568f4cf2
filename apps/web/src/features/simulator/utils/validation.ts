/**
 * Field validation of the simulator form on submit, with the server's own rules and messages
 * (`validateSimulatorForm` of @pilote/contracts, spec §5 "Simulator"). The contract stops at the first failure;
 * the form shows every failing field, so each failure is recorded and that field provisionally filled with a valid
 * value before checking again.
 */
import { SIMULATOR_MESSAGES, type SimulateBody, validateSimulatorForm } from '@pilote/contracts';
import type { FieldErrors } from './cascade.ts';
import {
  fieldOrder,
  formFieldOf,
  type SimulatorField,
  type SimulatorFormValues,
  toSimulateBody,
} from './form-values.ts';

/** A valid stand-in per field, used only to look past a failure to the next one. */
const standIns: Record<keyof SimulateBody, string> = {
  pointDeReseau: 'PITD',
  code: 'code',
  commune: 'commune',
  tso: 'NaTran',
  dso: 'GRDF',
  profil: 'P011',
  capacite: '1',
  tarif: 'T1',
  car: '1',
  cja: '1',
  cjaMwhj: '1',
  assiette: '1',
  cjsInterruptible: '0',
  dateEffetMonth: '2026-01',
  honeypot: '',
  cee: '0',
  distanceM: '0',
  debitNormalise: '0',
  ntr: '0',
};

export type SimulatorValidation =
  | { ok: true }
  | { ok: false; errors: FieldErrors; formError: string | null; firstField: SimulatorField | null };

export function validateSimulatorValues(values: SimulatorFormValues): SimulatorValidation {
  if (values.honeypot.trim() !== '') {
    return { ok: false, errors: {}, formError: SIMULATOR_MESSAGES.honeypot, firstField: null };
  }
  const body = toSimulateBody(values);
  const errors: FieldErrors = {};
  for (let attempt = 0; attempt < fieldOrder.length + 2; attempt += 1) {
    const check = validateSimulatorForm(body);
    if (check.ok) {
      break;
    }
    const field = formFieldOf(check.field);
    if (!field || field === 'pointDeReseau') {
      if (field) {
        errors[field] = check.message;
      }
      break; // without a point type nothing else can be told
    }
    errors[field] ??= check.message;
    const key = check.field as keyof SimulateBody;
    if (body[key] === standIns[key]) {
      break;
    }
    body[key] = standIns[key];
  }
  const firstField = fieldOrder.find((field) => errors[field] !== undefined) ?? null;
  return firstField ? { ok: false, errors, formError: null, firstField } : { ok: true };
}
