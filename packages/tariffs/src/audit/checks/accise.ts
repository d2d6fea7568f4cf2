/** Accise sur les gaz naturels: rate in force on each day of the period, on the quantity delivered. */

import { roundHalfAwayFromZero } from '../../money.ts';
import { TAXES } from '../../parameters/taxes.ts';
import { AMOUNT_TOLERANCE_EUROS, isVerifiable, linePeriod, roundCents, severityFor } from '../grid.ts';
import { rule } from '../rules.ts';
import type { AuditFinding } from '../types.ts';
import { type Check, fr, frPeriod, tryGridValue } from './context.ts';

export const acciseCheck: Check = {
  id: 'accise',
  run({ invoice }) {
    const lines = invoice.lines.map((line, index) => ({ line, index })).filter(({ line }) => line.kind === 'accise');
    if (lines.length === 0) {
      return { skipped: 'Aucune ligne d’accise sur la facture.' };
    }
    const findings: AuditFinding[] = [];
    // With one accise line for the whole period, its quantity must be the energy delivered.
    const single = lines.length === 1 && lines[0]?.line.period === null;
    for (const { line, index } of lines) {
      if (line.quantity === null || line.unitPrice === null || !isVerifiable(line)) {
        continue;
      }
      const period = linePeriod(invoice, line);
      const grid = tryGridValue(TAXES.accise, period);
      if (!grid) {
        continue;
      }
      const quantity = single && invoice.consumptionMwh !== null ? invoice.consumptionMwh : line.quantity;
      const expected = roundCents(quantity * grid.value);
      const difference = line.amount - expected;
      if (Math.abs(difference) <= AMOUNT_TOLERANCE_EUROS) {
        continue;
      }
      const quantityOff = Math.abs(quantity - line.quantity) > 0.0005;
      findings.push({
        id: `accise:${index}`,
        check: 'accise',
        severity: severityFor(grid.isEstimate),
        title: quantityOff ? 'Accise sur une quantité différente de la consommation' : 'Taux d’accise erroné',
        message: `Facturé ${fr(line.quantity, 3)} MWh × ${fr(line.unitPrice)} €/MWh ${frPeriod(period)} ; attendu ${fr(quantity, 3)} MWh × ${fr(grid.value)} €/MWh${grid.spansChange ? ' (moyenne au prorata des jours de chaque tarif)' : ''} = ${fr(expected, 2)} €.`,
        amountEuros: roundCents(difference),
        rule: rule('accise.taux', grid.sources),
        billed: { label: 'Accise facturée', value: line.unitPrice, unit: '€/MWh' },
        expected: { label: 'Tarif d’accise en vigueur', value: roundHalfAwayFromZero(grid.value, 4), unit: '€/MWh' },
        lineIndex: index,
        isEstimate: grid.isEstimate,
      });
    }
    return { findings };
  },
};
