export * from './account.ts';
export * from './admin.ts';
export * from './auth.ts';
export * from './common.ts';
export * from './consumption.ts';
export * from './errors.ts';
export * from './optimisation.ts';
export * from './simulator.ts';
