/** CJA optimiser (issue 5): exact capacity-cost minimisation, daily series, MILP cross-check. */
export * from './cost.ts';
export * from './milp.ts';
export * from './model.ts';
export * from './optimise.ts';
export * from './series.ts';
export * from './solve.ts';
export * from './transport-consumer.ts';
export * from './types.ts';
