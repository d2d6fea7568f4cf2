import { z } from 'zod';

/**
 * Shared pieces of the form validators (simulator, optimisation): a field may arrive as a number or as the
 * text the user typed ("15 466,8"); the form checks (`checkSimulatorForm`, `checkOptimisationForm`) list every
 * failure, each naming its field.
 */
export const formValueSchema = z.union([z.string().max(200), z.number()]).nullish();

export type FormValue = string | number | null | undefined;

/** Trimmed text, or undefined when empty. */
export function formText(value: FormValue): string | undefined {
  if (value === null || value === undefined) {
    return undefined;
  }
  const trimmed = String(value).trim();
  return trimmed === '' ? undefined : trimmed;
}
