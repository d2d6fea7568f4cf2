export * from './common.ts';
export * from './errors.ts';
