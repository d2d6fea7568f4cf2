/**
 * @pilote/tariffs — pure French gas network tariff engine (no IO, no clock).
 * Dated, sourced parameters (ATRD7 GRDF, ATRT8, CTA, accise, VAT, CEE), reference-data types and samples, and the
 * simulator. It only computes: the readers of the files the product takes in (consumption exports, reference tables,
 * invoices) live in @pilote/invoices, which imports this package, never the reverse (ADR 0053).
 */
export * from './audit/index.ts';
export * from './dates.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './numbers.ts';
export * from './optimiser/index.ts';
export * from './parameters/atrd7-grdf.ts';
export * from './parameters/atrd7-indexation.ts';
export * from './parameters/atrt8.ts';
export * from './parameters/atrt8-transport-consumer.ts';
export * from './parameters/lookup.ts';
export * from './parameters/overlay.ts';
export * from './parameters/penalties.ts';
export * from './parameters/references.ts';
export * from './parameters/registry.ts';
export * from './parameters/short-term-fractions.ts';
export * from './parameters/taxes.ts';
export * from './parameters/types.ts';
export * from './reference/profiles.ts';
export * from './reference/sample-data.ts';
export * from './reference/tso.ts';
export * from './reference/types.ts';
export * from './reference/weather-stations.ts';
export * from './simulator/availability.ts';
export * from './simulator/capacity-costs.ts';
export * from './simulator/reference-cases.ts';
export * from './simulator/simulate.ts';
export * from './simulator/types.ts';
