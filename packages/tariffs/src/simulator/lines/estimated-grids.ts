/** The grids a simulation reads past their last sourced value (the « grille estimée » banner). */
import { lastSourcedBefore, type ResolvedValue } from '../../parameters/lookup.ts';
import type { ParameterOverlay } from '../../parameters/overlay.ts';
import { getParameter } from '../../parameters/registry.ts';
import type { EstimatedGrid } from '../types.ts';

/** One entry per grid, with the latest « last sourced » date among its estimated parameters, in first-seen order. */
export function estimatedGrids(resolved: readonly ResolvedValue[], overlay?: ParameterOverlay): EstimatedGrid[] {
  const byGrid = new Map<EstimatedGrid['grid'], string>();
  for (const value of resolved) {
    const param = getParameter(value.parameterId);
    const lastSourcedOn = lastSourcedBefore(param, value.entry, overlay);
    if (lastSourcedOn === null) {
      continue;
    }
    const known = byGrid.get(param.grid);
    if (known === undefined || lastSourcedOn > known) {
      byGrid.set(param.grid, lastSourcedOn);
    }
  }
  return [...byGrid].map(([grid, lastSourcedOn]) => ({ grid, lastSourcedOn }));
}
