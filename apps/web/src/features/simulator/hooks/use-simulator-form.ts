/**
 * The simulator form's state (issue #22, ADR 0065): react-hook-form holds the values and the errors; the
 * contract's `simulatorFormSchema` validates on submit through `simulatorResolver` (every failing field at once).
 * The cascade's transitions stay the pure `simulatorFormReducer` (spec §4: a new point resets the form, a new code
 * clears the commune, an options answer is reconciled by the shared reconciler, a field's error clears when it
 * changes): `dispatch` applies its result to the form (changed values set, errors cleared or set).
 *
 * Prefill: `useSimulatorForm(initialValues)` starts from given values, and `prefill(values)` replaces the form's
 * values at any time (`reset` of react-hook-form); the options cascade then reconciles them like typed ones.
 */
import type { ValidatedSimulatorForm } from '@pilote/contracts';
import { useCallback } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import {
  type FieldErrors,
  type SimulatorFormAction,
  type SimulatorFormState,
  simulatorFormReducer,
} from '../utils/cascade.ts';
import {
  emptySimulatorValues,
  fieldOrder,
  type SimulatorField,
  type SimulatorFormValues,
} from '../utils/form-values.ts';
import { simulatorErrorsOf, simulatorResolver } from '../utils/validation.ts';

export type SimulatorForm = {
  form: UseFormReturn<SimulatorFormValues, unknown, ValidatedSimulatorForm>;
  /** Values and errors as the form component shows them. */
  state: SimulatorFormState;
  dispatch: (action: SimulatorFormAction) => void;
  /** Replaces every value (the fields not given are emptied) and clears the errors. */
  prefill: (values: Partial<SimulatorFormValues>) => void;
  /**
   * Validates with the contract; valid → `onValid` with the values as typed; invalid → the errors shown and
   * `onInvalid` with the first failing field in the screen's order (null for the honeypot).
   */
  submit: (
    onValid: (values: SimulatorFormValues) => void,
    onInvalid: (firstField: SimulatorField | null) => void,
  ) => Promise<void>;
};

function stateOf(form: UseFormReturn<SimulatorFormValues, unknown, ValidatedSimulatorForm>): SimulatorFormState {
  return { values: { ...form.getValues() }, ...simulatorErrorsOf(form.formState.errors) };
}

export function useSimulatorForm(initialValues: Partial<SimulatorFormValues> = {}): SimulatorForm {
  const form = useForm<SimulatorFormValues, unknown, ValidatedSimulatorForm>({
    defaultValues: { ...emptySimulatorValues, ...initialValues },
    resolver: simulatorResolver,
    // Errors appear on submit and clear when their field changes (the reducer's rule); the page moves the focus.
    mode: 'onSubmit',
    shouldFocusError: false,
  });
  // Subscriptions: every value (the cascade reads them all) and the errors.
  const values = form.watch();
  const shown = simulatorErrorsOf(form.formState.errors);

  const dispatch = useCallback(
    (action: SimulatorFormAction) => {
      const before = stateOf(form);
      const after = simulatorFormReducer(before, action);
      if (after === before) {
        return;
      }
      for (const field of Object.keys(after.values) as SimulatorField[]) {
        if (after.values[field] !== before.values[field]) {
          form.setValue(field, after.values[field], { shouldDirty: true });
        }
      }
      applyErrors(form, before.errors, after.errors);
      if (after.formError !== before.formError) {
        if (after.formError) {
          form.setError('honeypot', { type: 'validate', message: after.formError });
        } else {
          form.clearErrors('honeypot');
        }
      }
    },
    [form],
  );

  const prefill = useCallback(
    (prefilled: Partial<SimulatorFormValues>) => form.reset({ ...emptySimulatorValues, ...prefilled }),
    [form],
  );

  const submit = useCallback<SimulatorForm['submit']>(
    (onValid, onInvalid) =>
      form.handleSubmit(
        () => onValid(form.getValues()),
        (errors) => onInvalid(fieldOrder.find((field) => errors[field] !== undefined) ?? null),
      )(),
    [form],
  );

  return { form, state: { values, ...shown }, dispatch, prefill, submit };
}

function applyErrors(
  form: UseFormReturn<SimulatorFormValues, unknown, ValidatedSimulatorForm>,
  before: FieldErrors,
  after: FieldErrors,
) {
  for (const field of Object.keys(before) as SimulatorField[]) {
    if (after[field] === undefined) {
      form.clearErrors(field);
    }
  }
  for (const [field, message] of Object.entries(after) as [SimulatorField, string][]) {
    if (before[field] !== message) {
      form.setError(field, { type: 'validate', message });
    }
  }
}
