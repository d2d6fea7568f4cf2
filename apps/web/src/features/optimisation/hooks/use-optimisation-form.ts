/**
 * The optimisation form's state (issue #22, ADR 0065): react-hook-form holds the values and the errors; the
 * contract's `optimisationFormSchema` validates on submit through `optimisationResolver` (every failing field at
 * once). The cascade's transitions stay the pure functions of `utils/optimisation-form.ts` (`withPoint`,
 * `withCode`, `withCommune`, `reconcileWithOptions`): `update` applies their result to the form, setting the
 * changed values and clearing their errors (a field's error clears when it changes).
 *
 * Prefill: `useOptimisationForm(initialValues)` starts from given values, and `prefill(values)` replaces the form's
 * values at any time (`reset` of react-hook-form); the options cascade then reconciles them like typed ones.
 */
import type { ValidatedOptimisationForm } from '@pilote/contracts';
import { useCallback } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import {
  emptyOptimisationForm,
  type OptimisationFormValues,
  optimisationResolver,
} from '../utils/optimisation-form.ts';

export type OptimisationFormState = {
  form: UseFormReturn<OptimisationFormValues, unknown, ValidatedOptimisationForm>;
  values: OptimisationFormValues;
  /** Applies a transition of the values (changed fields set, their errors cleared). */
  update: (next: (current: OptimisationFormValues) => OptimisationFormValues) => void;
  /** Replaces every value (the fields not given are emptied) and clears the errors. */
  prefill: (values: Partial<OptimisationFormValues>) => void;
};

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => item === b[index]);
  }
  return a === b;
}

export function useOptimisationForm(initialValues: Partial<OptimisationFormValues> = {}): OptimisationFormState {
  const form = useForm<OptimisationFormValues, unknown, ValidatedOptimisationForm>({
    defaultValues: { ...emptyOptimisationForm(), ...initialValues },
    resolver: optimisationResolver,
    // Errors appear on submit (with the spec's toast) and clear when their field changes; the form moves the focus.
    mode: 'onSubmit',
    shouldFocusError: false,
  });
  const values = form.watch();

  const update = useCallback<OptimisationFormState['update']>(
    (next) => {
      const current = form.getValues();
      const before = { ...current, capacitesMensuelles: [...current.capacitesMensuelles] };
      const after = next(before);
      for (const key of Object.keys(after) as (keyof OptimisationFormValues)[]) {
        if (!sameValue(after[key], before[key])) {
          form.setValue(key, after[key], { shouldDirty: true });
          form.clearErrors(key);
        }
      }
    },
    [form],
  );

  const prefill = useCallback<OptimisationFormState['prefill']>(
    (prefilled) => form.reset({ ...emptyOptimisationForm(), ...prefilled }),
    [form],
  );

  return { form, values, update, prefill };
}
