import {
  clampMandateDuration,
  MANDATE_LIMITS,
  type MandateEnergyType,
  type MandateFieldIssue,
  type MandateManager,
  type SignedMandateFields,
} from '@pilote/contracts';
import { parseFrenchNumber } from '@pilote/tariffs/numbers';

/**
 * The values of both creation forms (« Formulaire classique » and the wizard). One `number` field holds the PDL or
 * the PCE; `toRequestFields` puts it under `pdl` or `pce` as the API expects (spec §3).
 */
export type MandateFormValues = {
  energy_type: MandateEnergyType | '';
  manager: MandateManager | '';
  manager_name: string;
  number: string;
  delivery_point_address: string;
  delivery_point_postal_code: string;
  delivery_point_city: string;
  authorized_consumption_data: boolean;
  authorized_technical_data: boolean;
  authorized_contractual_data: boolean;
  authorized_load_curve: boolean;
  duration_months: number;
  signature: string | null;
};

export type MandateFormField = keyof MandateFormValues;

export const emptyMandateForm: MandateFormValues = {
  energy_type: '',
  manager: '',
  manager_name: '',
  number: '',
  delivery_point_address: '',
  delivery_point_postal_code: '',
  delivery_point_city: '',
  authorized_consumption_data: true,
  authorized_technical_data: true,
  authorized_contractual_data: true,
  authorized_load_curve: false,
  duration_months: MANDATE_LIMITS.durationDefaultMonths,
  signature: null,
};

/** The request's mandate fields (spec §3): `pdl` for electricity, `pce` for gas; the load curve for electricity only. */
export function toRequestFields(values: MandateFormValues): SignedMandateFields {
  const isElectricity = values.energy_type === 'electricity';
  return {
    energy_type: values.energy_type || null,
    manager: values.manager || null,
    manager_name: values.manager === 'other' ? values.manager_name : null,
    pdl: isElectricity ? values.number : null,
    pce: values.energy_type === 'gas' ? values.number : null,
    delivery_point_address: values.delivery_point_address,
    delivery_point_postal_code: values.delivery_point_postal_code,
    delivery_point_city: values.delivery_point_city,
    authorized_consumption_data: values.authorized_consumption_data,
    authorized_technical_data: values.authorized_technical_data,
    authorized_contractual_data: values.authorized_contractual_data,
    authorized_load_curve: isElectricity ? values.authorized_load_curve : false,
    duration_months: values.duration_months,
  };
}

/** The form field that shows an issue of the shared validation (or of the server's `details[].path`). */
export function fieldOfIssue(issue: Pick<MandateFieldIssue, 'path'>): MandateFormField {
  const path = issue.path.replace(/^\//, '').replace(/^mandate\//, '');
  switch (path) {
    case 'energy_type':
    case 'manager':
      return 'manager';
    case 'pdl':
    case 'pce':
      return 'number';
    case 'authorized_technical_data':
    case 'authorized_contractual_data':
    case 'authorized_load_curve':
      return 'authorized_consumption_data';
    case 'manager_name':
    case 'delivery_point_address':
    case 'delivery_point_postal_code':
    case 'delivery_point_city':
    case 'duration_months':
    case 'signature':
      return path;
    default:
      return 'authorized_consumption_data';
  }
}

/**
 * The number input of the duration (spec §5: clamped to 6–36): an unreadable entry keeps the current value; a
 * readable one is clamped to 6–36 and brought to the nearest 6-month step the slider and the server accept
 * (ADR 0032), 13 → 12, 40 → 36, 2 → 6. Read by the app's one French-number reader (`parseFrenchNumber`): `12,5`
 * is 12.5, `1e1` or `0x18` is unreadable.
 */
export function durationFromInput(raw: string, current: number): number {
  const value = parseFrenchNumber(raw);
  if (value === null) {
    return current;
  }
  const clamped = clampMandateDuration(value);
  const step = MANDATE_LIMITS.durationStepMonths;
  return Math.min(
    MANDATE_LIMITS.durationMaxMonths,
    Math.max(MANDATE_LIMITS.durationMinMonths, Math.round(clamped / step) * step),
  );
}

/** Digits only, at most 14 (spec §5: input capped at 14 characters; step 3 takes digits only). */
export function deliveryPointInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, MANDATE_LIMITS.deliveryPointDigits);
}

/** Digits only, at most 5 (spec §5: postal code capped at 5). */
export function postalCodeInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, MANDATE_LIMITS.postalCodeLength);
}
