/** NTR billed against the point's NTR in the reference table (PITD, LI or PIC). */
import { ATRT8 } from '../../parameters/atrt8.ts';
import type { LineSource } from '../../parameters/types.ts';
import { AMOUNT_TOLERANCE_EUROS, isVerifiable, linePeriod, prorataOf, roundCents, severityFor } from '../grid.ts';
import { rule } from '../rules.ts';
import type { AuditFinding } from '../types.ts';
import { type Check, type CheckContext, tryGridValue } from './context.ts';

/**
 * The NTR the invoice applies: the one printed, else the one implied by the first TCR line (unit price / TCR of
 * the grid, when it is an integer 0–10 to 0,5 %). Null when neither is there.
 */
export function billedNtr(ctx: CheckContext): { value: number; printed: boolean } | null {
  const { invoice, pricing } = ctx;
  if (invoice.ntr !== null) {
    return { value: invoice.ntr, printed: true };
  }
  const tso = pricing.tso;
  const line = invoice.lines.find((l) => l.kind === 'tcr' && l.unitPrice !== null && isVerifiable(l));
  if (!tso || !line || line.unitPrice === null) {
    return null;
  }
  const tcr = tryGridValue(ATRT8.tcr[tso], linePeriod(invoice, line));
  if (!tcr || tcr.value <= 0) {
    return null;
  }
  const ratio = line.unitPrice / tcr.value;
  const rounded = Math.round(ratio);
  return rounded >= 0 && rounded <= 10 && Math.abs(ratio - rounded) <= 0.005 * Math.max(1, rounded)
    ? { value: rounded, printed: false }
    : null;
}

export const ntrCheck: Check = {
  id: 'ntr',
  run(ctx) {
    const { invoice, reference, pricing } = ctx;
    if (!reference.point) {
      return { skipped: 'Point absent de la table de référence : NTR non vérifiable.' };
    }
    const billed = billedNtr(ctx);
    if (!billed) {
      return { skipped: 'Ni NTR imprimé ni terme TCR lisible sur la facture.' };
    }
    if (billed.value === reference.point.ntr) {
      return { findings: [] };
    }
    const tso = pricing.tso;
    let amount = 0;
    let isEstimate = false;
    const sources: LineSource[] = [];
    if (tso) {
      for (const line of invoice.lines) {
        if (line.kind !== 'tcr' || line.quantity === null || !isVerifiable(line)) {
          continue;
        }
        const tcr = tryGridValue(ATRT8.tcr[tso], linePeriod(invoice, line));
        if (!tcr) {
          continue;
        }
        amount += line.quantity * tcr.value * (billed.value - reference.point.ntr) * prorataOf(line);
        isEstimate ||= tcr.isEstimate;
        sources.push(...tcr.sources);
      }
    }
    const finding: AuditFinding = {
      id: 'ntr:facture',
      check: 'ntr',
      severity: Math.abs(amount) > AMOUNT_TOLERANCE_EUROS ? severityFor(isEstimate, ctx.usesSample) : 'alerte',
      title: 'Niveau de tarif régional (NTR) erroné',
      message: `La facture applique un NTR de ${billed.value}${billed.printed ? '' : ' (déduit du prix du TCR)'} ; la table de référence donne ${reference.point.ntr} pour le point ${reference.point.code}.`,
      amountEuros: roundCents(amount),
      rule: rule('atrt8.ntr', sources),
      billed: { label: 'NTR facturé', value: billed.value, unit: '' },
      expected: { label: 'NTR de la table de référence', value: reference.point.ntr, unit: '' },
      lineIndex: null,
      isEstimate,
    };
    return { findings: [finding] };
  },
};
