/**
 * Tariff data administration (ADR 0025): staff and admins read the dated values, the audit log and the
 * calendar; only admins add a value, undo one, import a grid file or a reference table. Every write adds rows
 * (never an update) and one audit entry, in one transaction.
 */
import { createTariffDataContext, type TariffDataServiceDependencies } from './context.ts';
import { createGridImport } from './grid-import.ts';
import { createReferenceTableImport } from './reference-table-import.ts';
import { createTariffValues } from './values.ts';

export type { TariffDataServiceDependencies } from './context.ts';
export { referenceSimulations } from './grid-import.ts';

/** One object for the routes, composed of the use cases: dated values, grid import, reference table import (ADR 0060). */
export function createTariffDataService(dependencies: TariffDataServiceDependencies) {
  const context = createTariffDataContext(dependencies);
  return {
    ...createTariffValues(context),
    ...createGridImport(context),
    ...createReferenceTableImport(context),
  };
}

export type TariffDataService = ReturnType<typeof createTariffDataService>;
