export * from './account.ts';
export * from './admin.ts';
export * from './auth.ts';
export * from './common.ts';
export * from './contact.ts';
export * from './errors.ts';
export * from './simulator.ts';
