/**
 * `@pilote/invoices/csv` — the CSV readers (ADR 0053): the one tokenizer, the consumption exports reader, the
 * reference tables reader, their result types and the readers' limits. Pure and browser-safe (no node:*, no PDF or
 * spreadsheet library): the server imports it on its main thread, where the invoice readers never load.
 */
export * from '../consumption/csv.ts';
export { LIMITS } from '../limits.ts';
export * from '../reference/csv.ts';
export * from './tokenizer.ts';
