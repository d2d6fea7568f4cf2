/**
 * Every regulated unit price against the grid in force on each day of the line's period (day-weighted across a
 * change). TCL (its own check), CTA and accise (their own checks) are left out; the TCR is compared at TCR × the
 * NTR printed (the NTR itself is the `ntr` check, so an error is never counted twice).
 */
import { roundHalfAwayFromZero } from '../../money.ts';
import { ATRT8 } from '../../parameters/atrt8.ts';
import {
  AMOUNT_TOLERANCE_EUROS,
  gridParameterFor,
  isVerifiable,
  linePeriod,
  prorataOf,
  roundCents,
  severityFor,
} from '../grid.ts';
import { rule } from '../rules.ts';
import type { AuditFinding, InvoiceLineKind } from '../types.ts';
import { type Check, type CheckContext, fr, frPeriod, tryGridValue } from './context.ts';
import { billedNtr } from './ntr.ts';

const OWN_CHECK: readonly InvoiceLineKind[] = ['tcl', 'accise', 'ctaDistribution', 'ctaTransport'];
const ATRT_KINDS: readonly InvoiceLineKind[] = ['tcs', 'tcr', 'tcl', 'termeFixePoste', 'compensationStockage'];

export const unitPriceCheck: Check = {
  id: 'unitPrice',
  run(ctx: CheckContext) {
    const { invoice, pricing } = ctx;
    const findings: AuditFinding[] = [];
    const ntr = billedNtr(ctx);
    let regulated = 0;
    let priced = 0;
    invoice.lines.forEach((line, index) => {
      // A price whose unit is not the grid's is « non vérifiable » (report.unverifiableLines), never compared.
      if (OWN_CHECK.includes(line.kind) || line.unitPrice === null || line.quantity === null || !isVerifiable(line)) {
        return;
      }
      const param = gridParameterFor(line.kind, pricing);
      if (!param) {
        return;
      }
      const period = linePeriod(invoice, line);
      regulated += 1;
      const grid = tryGridValue(param, period);
      if (!grid) {
        return;
      }
      priced += 1;
      let expected = grid.value;
      if (line.kind === 'tcr') {
        if (ntr === null) {
          return;
        }
        expected = grid.value * ntr.value;
      }
      const difference = (line.unitPrice - expected) * line.quantity * prorataOf(line);
      if (Math.abs(difference) <= AMOUNT_TOLERANCE_EUROS) {
        return;
      }
      const isAtrt = ATRT_KINDS.includes(line.kind) || param === ATRT8.tts;
      const unit = line.unitPriceUnit ?? '';
      findings.push({
        id: `unitPrice:${index}`,
        check: 'unitPrice',
        severity: severityFor(grid.isEstimate),
        title: `Prix unitaire hors grille : ${line.label}`,
        message: `Facturé ${fr(line.unitPrice)} ${unit} ${frPeriod(period)} ; la grille en vigueur donne ${fr(expected)} ${unit}${grid.spansChange ? ' (moyenne au prorata des jours de chaque grille)' : ''}${line.kind === 'tcr' ? ` (TCR × NTR ${ntr?.value})` : ''}.`,
        amountEuros: roundCents(difference),
        rule: rule(isAtrt ? 'atrt8.prix' : 'atrd7.prix', grid.sources),
        billed: { label: 'Prix unitaire facturé', value: line.unitPrice, unit },
        expected: { label: 'Prix unitaire de la grille', value: roundHalfAwayFromZero(expected, 4), unit },
        lineIndex: index,
        isEstimate: grid.isEstimate,
      });
    });
    if (regulated > 0 && priced === 0) {
      return {
        skipped: `Aucune grille datée connue pour la période ${frPeriod(invoice.period)} : prix unitaires non vérifiables.`,
      };
    }
    return { findings };
  },
};
