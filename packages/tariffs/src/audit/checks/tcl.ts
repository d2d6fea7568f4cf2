/**
 * TCL billed against the point type (PITD vs consumer connected to the transport network) and the point's TSO,
 * and the TSO printed against the reference table.
 */

import { roundHalfAwayFromZero } from '../../money.ts';
import { ATRT8, type Tso } from '../../parameters/atrt8.ts';
import { AMOUNT_TOLERANCE_EUROS, isVerifiable, linePeriod, prorataOf, roundCents, severityFor } from '../grid.ts';
import { rule } from '../rules.ts';
import type { AuditFinding, InvoicePeriod } from '../types.ts';
import { type Check, fr, frPeriod, tryGridValue } from './context.ts';

/** Which TCL a price is, among the four of the grid, to name the error. */
function recogniseTcl(price: number, period: InvoicePeriod): string | null {
  const candidates: [string, Tso, 'pitd' | 'transport'][] = [
    ['TCL au PITD de NaTran', 'NaTran', 'pitd'],
    ['TCL au PITD de Teréga', 'Teréga', 'pitd'],
    ['TCL des consommateurs raccordés au transport de NaTran', 'NaTran', 'transport'],
    ['TCL des consommateurs raccordés au transport de Teréga', 'Teréga', 'transport'],
  ];
  for (const [name, tso, kind] of candidates) {
    const param = kind === 'pitd' ? ATRT8.tclPitd[tso] : ATRT8.tclConsommateurTransport[tso];
    const value = param ? tryGridValue(param, period) : null;
    if (value && Math.abs(value.value - price) < 0.005) {
      return name;
    }
  }
  return null;
}

export const tclCheck: Check = {
  id: 'tcl',
  run(ctx) {
    const { invoice, reference, pricing } = ctx;
    const tso = pricing.tso;
    if (!tso) {
      return { skipped: 'Gestionnaire de transport inconnu : ni sur la facture ni dans la table de référence.' };
    }
    const findings: AuditFinding[] = [];
    const isPitd = pricing.pointDeReseau === 'PITD';
    const param = isPitd ? ATRT8.tclPitd[tso] : ATRT8.tclConsommateurTransport[tso];
    const expectedName = `TCL ${isPitd ? 'au PITD' : 'des consommateurs raccordés au transport'} de ${tso}`;
    let priced = false;
    invoice.lines.forEach((line, index) => {
      if (line.kind !== 'tcl' || line.unitPrice === null || line.quantity === null || !param || !isVerifiable(line)) {
        return;
      }
      const period = linePeriod(invoice, line);
      const grid = tryGridValue(param, period);
      if (!grid) {
        return;
      }
      priced = true;
      const difference = (line.unitPrice - grid.value) * line.quantity * prorataOf(line);
      if (Math.abs(difference) <= AMOUNT_TOLERANCE_EUROS) {
        return;
      }
      const recognised = recogniseTcl(line.unitPrice, period);
      const unit = line.unitPriceUnit ?? '€/MWh/j/an';
      findings.push({
        id: `tcl:${index}`,
        check: 'tcl',
        severity: severityFor(grid.isEstimate, ctx.usesSample),
        title: recognised
          ? `${recognised} facturé au lieu du ${expectedName}`
          : 'Terme de capacité de livraison (TCL) erroné',
        message: `Facturé ${fr(line.unitPrice)} ${unit} ${frPeriod(period)}${recognised ? ` (${recognised})` : ''} ; le point est ${isPitd ? 'desservi par la distribution (PITD)' : 'raccordé au réseau de transport'} chez ${tso} : ${fr(grid.value)} ${unit}.`,
        amountEuros: roundCents(difference),
        rule: rule('atrt8.tcl', grid.sources),
        billed: { label: 'TCL facturé', value: line.unitPrice, unit },
        expected: { label: expectedName, value: roundHalfAwayFromZero(grid.value, 4), unit },
        lineIndex: index,
        isEstimate: grid.isEstimate,
      });
    });
    const refTso = reference.point?.tso;
    if (refTso && invoice.tso && invoice.tso !== refTso) {
      findings.push({
        id: 'tcl:tso',
        check: 'tcl',
        severity: findings.length > 0 ? 'information' : 'alerte',
        title: 'Gestionnaire de transport différent de la table de référence',
        message: `La facture indique ${invoice.tso} ; la table de référence rattache le point ${reference.point?.code} à ${refTso}.${findings.length > 0 ? ' L’écart de prix est chiffré sur la ligne TCL.' : ''}`,
        amountEuros: 0,
        rule: rule('atrt8.tso'),
        billed: { label: 'GRT facturé', value: invoice.tso, unit: '' },
        expected: { label: 'GRT de la table de référence', value: refTso, unit: '' },
        lineIndex: null,
        isEstimate: false,
      });
    }
    if (!priced && findings.length === 0 && !invoice.lines.some((l) => l.kind === 'tcl')) {
      return { skipped: 'Aucune ligne TCL sur la facture.' };
    }
    return { findings };
  },
};
