/**
 * CTA rates and base. PITD: distribution part = 20,80 % × the ATRD fixed part; transport part = 4,71 % × (the
 * ATRD fixed part × the coefficient de proportionnalité). Transport-connected point: 4,71 % × the fixed ATRT terms
 * (reading of ADR 0024, an estimate). The expected base is the sum of the ATRD (or ATRT) fixed lines of the CTA
 * line's period, each recomputed at the grid price; without such lines on the invoice the printed base is taken and
 * only the rate is checked.
 */
import { ATRD7_GRDF } from '../../parameters/atrd7-grdf.ts';
import { TAXES } from '../../parameters/taxes.ts';
import type { LineSource } from '../../parameters/types.ts';
import {
  AMOUNT_TOLERANCE_EUROS,
  ATRD_FIXED_KINDS,
  ATRT_FIXED_KINDS,
  dedupeSources,
  gridParameterFor,
  isVerifiable,
  linePeriod,
  prorataOf,
  roundCents,
  severityFor,
  within,
} from '../grid.ts';
import { rule } from '../rules.ts';
import type { AuditFinding, InvoiceLine, InvoicePeriod } from '../types.ts';
import { type Check, type CheckContext, fr, frPeriod, tryGridValue } from './context.ts';
import { billedNtr } from './ntr.ts';

interface ExpectedBase {
  readonly value: number;
  readonly sources: readonly LineSource[];
  readonly isEstimate: boolean;
  /** False when no fixed line is on the invoice: the printed base is used. */
  readonly recomputed: boolean;
}

/** Σ of the fixed lines inside `period`, each at the grid price (the billed amount when no grid applies). */
function expectedBase(ctx: CheckContext, period: InvoicePeriod, printed: number, transport: boolean): ExpectedBase {
  const { invoice } = ctx;
  const kinds = transport ? ATRT_FIXED_KINDS : ATRD_FIXED_KINDS;
  const lines = invoice.lines.filter((l) => kinds.includes(l.kind) && within(linePeriod(invoice, l), period));
  if (lines.length === 0) {
    return { value: printed, sources: [], isEstimate: false, recomputed: false };
  }
  const ntr = billedNtr(ctx);
  let value = 0;
  let isEstimate = false;
  const sources: LineSource[] = [];
  for (const line of lines) {
    value += gridAmount(ctx, line, ntr?.value ?? ctx.reference.point?.ntr ?? null, (g) => {
      isEstimate ||= g.isEstimate;
      sources.push(...g.sources);
    });
  }
  // T4: the capacity is recomputed on the bands of the CJA printed (t4Bands check), a missing upper band added.
  const first = lines.find((l) => l.kind === 'capaciteT4Jusqua500');
  if (invoice.tarif === 'T4' && invoice.cja !== null && first && !lines.some((l) => l.kind === 'capaciteT4AuDela500')) {
    const linePeriodValue = linePeriod(invoice, first);
    const threshold = tryGridValue(ATRD7_GRDF.T4.seuilCapacite, linePeriodValue);
    const rate = tryGridValue(ATRD7_GRDF.T4.capaciteAuDela500, linePeriodValue);
    if (threshold && rate && invoice.cja > threshold.value) {
      value += roundCents((invoice.cja - threshold.value) * rate.value * prorataOf(first));
      isEstimate ||= rate.isEstimate;
      sources.push(...rate.sources);
    }
  }
  return { value: roundCents(value), sources: dedupeSources(sources), isEstimate, recomputed: true };
}

/** The capacity a T4 band line should carry given the CJA printed, or the line's own quantity. */
function bandQuantity(ctx: CheckContext, line: InvoiceLine): number | null {
  const { invoice } = ctx;
  const upper = line.kind === 'capaciteT4Jusqua500';
  if ((!upper && line.kind !== 'capaciteT4AuDela500') || invoice.tarif !== 'T4' || invoice.cja === null) {
    return line.quantity;
  }
  const threshold = tryGridValue(ATRD7_GRDF.T4.seuilCapacite, linePeriod(invoice, line));
  if (!threshold) {
    return line.quantity;
  }
  return upper ? Math.min(invoice.cja, threshold.value) : Math.max(0, invoice.cja - threshold.value);
}

/** A fixed line's amount at the grid price (its billed amount when the grid has nothing for it). */
function gridAmount(
  ctx: CheckContext,
  line: InvoiceLine,
  ntr: number | null,
  onGrid: (g: { isEstimate: boolean; sources: readonly LineSource[] }) => void,
): number {
  const param = gridParameterFor(line.kind, ctx.pricing);
  const grid = param ? tryGridValue(param, linePeriod(ctx.invoice, line)) : null;
  const quantity = bandQuantity(ctx, line);
  // A line whose price is « non vérifiable » (unit not the grid's) counts in the base at its billed amount.
  if (!grid || quantity === null || (line.kind === 'tcr' && ntr === null) || !isVerifiable(line)) {
    return line.amount;
  }
  onGrid(grid);
  const price = line.kind === 'tcr' ? grid.value * (ntr ?? 0) : grid.value;
  return roundCents(quantity * price * prorataOf(line));
}

/** « taux erroné », « assiette erronée », « taux et assiette erronés », « montant erroné » (agreement in French). */
export function ctaWhatWrong(rateOff: boolean, baseOff: boolean): string {
  if (rateOff && baseOff) {
    return 'taux et assiette erronés';
  }
  if (baseOff) {
    return 'assiette erronée';
  }
  return rateOff ? 'taux erroné' : 'montant erroné';
}

export const ctaCheck: Check = {
  id: 'cta',
  run(ctx) {
    const { invoice, pricing } = ctx;
    const ctaLines = invoice.lines
      .map((line, index) => ({ line, index }))
      .filter(({ line }) => line.kind === 'ctaDistribution' || line.kind === 'ctaTransport');
    if (ctaLines.length === 0) {
      return { skipped: 'Aucune ligne de CTA sur la facture.' };
    }
    const transportConnected = pricing.pointDeReseau !== 'PITD';
    const findings: AuditFinding[] = [];
    for (const { line, index } of ctaLines) {
      if (line.quantity === null) {
        continue;
      }
      const period = linePeriod(invoice, line);
      const isDistributionPart = line.kind === 'ctaDistribution';
      const rateParam = isDistributionPart ? TAXES.cta.tauxDistribution : TAXES.cta.tauxTransport;
      const rate = tryGridValue(rateParam, period);
      if (!rate) {
        continue;
      }
      const base = expectedBase(ctx, period, line.quantity, transportConnected);
      let expectedBaseValue = base.value;
      const sources: LineSource[] = [...rate.sources, ...base.sources];
      let isEstimate = rate.isEstimate || base.isEstimate || transportConnected;
      let baseText = transportConnected ? 'part fixe du tarif de transport' : 'part fixe ATRD';
      if (!isDistributionPart && !transportConnected) {
        const coefficient = tryGridValue(TAXES.cta.coefficientProportionnalite, period);
        if (!coefficient) {
          continue;
        }
        expectedBaseValue = roundCents(base.value * coefficient.value);
        sources.push(...coefficient.sources);
        isEstimate ||= coefficient.isEstimate;
        baseText = `part fixe ATRD ${fr(base.value, 2)} € × coefficient ${fr(coefficient.value, 4)}`;
      }
      const expected = roundCents(expectedBaseValue * rate.value);
      const difference = line.amount - expected;
      if (Math.abs(difference) <= AMOUNT_TOLERANCE_EUROS) {
        continue;
      }
      const rateOff = line.unitPrice !== null && isVerifiable(line) && Math.abs(line.unitPrice - rate.value) > 0.00005;
      const baseOff = Math.abs(line.quantity - expectedBaseValue) > AMOUNT_TOLERANCE_EUROS;
      findings.push({
        id: `cta:${index}`,
        check: 'cta',
        severity: severityFor(isEstimate),
        title: `CTA ${isDistributionPart ? 'part distribution' : 'part transport'} : ${ctaWhatWrong(rateOff, baseOff)}`,
        message: `Facturé ${fr(line.amount, 2)} € (${line.unitPrice === null ? 'taux non imprimé' : `${fr(line.unitPrice * 100, 2)} %`} × ${fr(line.quantity, 2)} €) ${frPeriod(period)} ; attendu ${fr(rate.value * 100, 2)} % × ${fr(expectedBaseValue, 2)} € (${baseText}${base.recomputed ? ', recalculée aux prix de la grille' : ', assiette imprimée'}) = ${fr(expected, 2)} €.`,
        amountEuros: roundCents(difference),
        rule: rule('cta.taux', dedupeSources(sources)),
        billed: { label: 'CTA facturée', value: line.amount, unit: '€' },
        expected: { label: 'CTA recalculée', value: expected, unit: '€' },
        lineIndex: index,
        isEstimate,
      });
    }
    return { findings };
  },
};
