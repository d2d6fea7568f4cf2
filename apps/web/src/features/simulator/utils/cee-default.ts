/**
 * The default CEE cost (€/MWh) the server applies when the form leaves the override empty: the same dated
 * parameter of @pilote/tariffs (`cee.cout-defaut`), an estimate (docs/tariff-sources.md#cee). Lazy chunk only.
 */
import { ceeCoutDefaut, resolveAt } from '@pilote/tariffs';

export type CeeDefault = { value: number; date: string; isEstimate: boolean };

/** For the month of effect (YYYY-MM), else the current month; null when no value is known for that date. */
export function defaultCeeFor(month: string, today: Date = new Date()): CeeDefault | null {
  const date = /^\d{4}-(0[1-9]|1[0-2])$/.test(month)
    ? `${month}-01`
    : `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-01`;
  try {
    const resolved = resolveAt(ceeCoutDefaut, date);
    return { value: resolved.value, date, isEstimate: resolved.isEstimate };
  } catch {
    return null;
  }
}
