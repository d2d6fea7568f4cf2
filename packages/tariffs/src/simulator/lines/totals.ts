/**
 * From draft lines to the result: per-MWh amounts on the assiette, rounding, sources, yearly and monthly totals.
 *
 * Rounding: every amount (line or total) is computed exactly and rounded once, at output, to the cent
 * (half away from zero). A total can therefore differ by a cent from the sum of its rounded lines; CTA
 * in particular is one rate on one base (20,80 % + 4,71 % × coefficient).
 */
import { roundEuros } from '../../money.ts';
import type { ResolvedValue } from '../../parameters/lookup.ts';
import type { LineSource } from '../../parameters/types.ts';
import type { LineCategory, MontantsFixes, SimulationLine } from '../types.ts';
import { type DraftLine, qty } from './draft-line.ts';

function mergeSources(...values: readonly ResolvedValue[]): LineSource[] {
  const out: LineSource[] = [];
  for (const v of values) {
    for (const s of v.sources) {
      if (!out.some((o) => o.url === s.url && o.title === s.title && o.status === s.status && o.basis === s.basis)) {
        out.push(s);
      }
    }
  }
  return out;
}

/** Unrounded €/an of a line: its fixed amount, or assiette × price; null for a per-MWh line without assiette. */
export function exactAnnual(line: DraftLine, assiette: number | undefined): number | null {
  return line.kind === 'fixe' ? line.annualExact : assiette === undefined ? null : assiette * line.unitPrice;
}

/** The result lines: amounts rounded to the cent, per-MWh formulas on the assiette, sources merged. */
export function finishLines(lines: readonly DraftLine[], assiette: number | undefined): SimulationLine[] {
  return lines.map((l) => {
    const annualExact = exactAnnual(l, assiette);
    return {
      id: l.id,
      category: l.category,
      kind: l.kind,
      label: l.label,
      formula: l.kind === 'parMwh' && assiette !== undefined ? `${qty(assiette)} MWh × ${l.formula}` : l.formula,
      inputs: l.inputs,
      unitPrice: l.unitPrice,
      unit: l.unit,
      annualAmount: annualExact === null ? null : roundEuros(annualExact),
      monthlyAmount: annualExact === null ? null : roundEuros(annualExact / 12),
      sources: [...mergeSources(...l.resolved), ...(l.extraSources ?? [])],
      isEstimate: l.extraEstimate === true || l.resolved.some((r) => r.isEstimate),
    };
  });
}

/** Fixed totals per category, per year (`divisor` 1) or per month (12), each summed exactly then rounded. */
export function fixedTotals(lines: readonly DraftLine[], assiette: number | undefined, divisor: 1 | 12): MontantsFixes {
  const out = (...categories: LineCategory[]) =>
    roundEuros(
      lines
        .filter((l) => categories.includes(l.category))
        .reduce((acc, l) => acc + (exactAnnual(l, assiette) ?? 0), 0) / divisor,
    );
  return {
    abonnement: out('abonnement'),
    termeDistribution: out('termeDistribution'),
    termeTransport: out('termeTransport'),
    compensationStockage: out('compensationStockage'),
    ctaTso: out('ctaTso'),
    ctaDso: out('ctaDso'),
    ctaTotal: out('ctaTso', 'ctaDso'),
    totalFixe: out('abonnement', 'termeDistribution', 'termeTransport', 'compensationStockage', 'ctaTso', 'ctaDso'),
  };
}
