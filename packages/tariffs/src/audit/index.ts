export * from './audit-invoice.ts';
export * from './grid.ts';
export * from './reference-invoice.ts';
export * from './rules.ts';
export * from './types.ts';
