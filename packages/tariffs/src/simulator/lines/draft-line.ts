/**
 * What every line builder shares: the draft line (before rounding and sources), number formats for formulas,
 * the lookup that names a missing dated value, and the input checks.
 */
import { ParameterLookupError, TariffDataUnavailableError, TariffInputError } from '../../errors.ts';
import { formatNumberFr } from '../../money.ts';
import type { ResolvedValue } from '../../parameters/lookup.ts';
import type { LineSource } from '../../parameters/types.ts';
import type { LineCategory } from '../types.ts';

/** A line as a builder produces it: exact amounts and the dated values it read; `finishLines` rounds it. */
export interface DraftLine {
  readonly id: string;
  readonly category: LineCategory;
  readonly kind: 'fixe' | 'parMwh';
  readonly label: string;
  readonly formula: string;
  readonly inputs: Record<string, number | string>;
  readonly unitPrice: number;
  readonly unit: string;
  /** Unrounded €/an for `fixe` lines; null for `parMwh` lines (computed from assiette). */
  readonly annualExact: number | null;
  readonly resolved: readonly ResolvedValue[];
  readonly extraEstimate?: boolean;
  /** Sources that are not dated parameters (e.g. a value entered by the user). */
  readonly extraSources?: readonly LineSource[];
}

/** Quantities (MWh, MWh/j): up to 3 decimals, no trailing zeros. */
export function qty(value: number): string {
  return formatNumberFr(value, 0, 3);
}

/** Unit prices: 2 decimals (up to 5 for small coefficients). */
export function price(value: number): string {
  return formatNumberFr(value, 2, 5);
}

/** Runs a lookup and turns a missing dated value into a domain error that names what is missing. */
export function lookup<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ParameterLookupError) {
      throw new TariffDataUnavailableError(`${what} (${error.message})`);
    }
    throw error;
  }
}

/** A required quantity: `message` when absent, a French error when negative. */
export function requirePositiveNumber(value: number | undefined, field: string, message: string): number {
  if (value === undefined || value === null || !Number.isFinite(value)) {
    throw new TariffInputError(field, message);
  }
  if (value < 0) {
    throw new TariffInputError(field, `La valeur de « ${field} » doit être positive ou nulle.`);
  }
  return value;
}

/** An optional quantity: undefined when absent, a French error when not a finite number ≥ 0. */
export function optionalNonNegative(value: number | undefined, field: string): number | undefined {
  if (value === undefined || value === null) {
    return undefined;
  }
  if (!Number.isFinite(value) || value < 0) {
    throw new TariffInputError(field, `La valeur de « ${field} » doit être un nombre positif ou nul.`);
  }
  return value;
}

/** Inputs of a per-MWh line: the assiette when known (the amount is then assiette × price). */
export function assietteInputs(assiette: number | undefined): Record<string, number> {
  return assiette === undefined ? {} : { assiette };
}
