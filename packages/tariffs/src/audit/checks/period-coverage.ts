/**
 * A period billed twice (against the other invoices of the point, and the same fixed term twice within the
 * invoice) or not at all (a gap before or after the neighbouring invoices).
 */
import { addDays } from '../../dates.ts';
import { AMOUNT_TOLERANCE_EUROS, linePeriod, overlapDays, periodDays, roundCents } from '../grid.ts';
import { rule } from '../rules.ts';
import type { AuditFinding, InvoiceLineKind } from '../types.ts';
import { type Check, frDate, frPeriod } from './context.ts';

/** Terms billed once per day of the period: two lines of the same kind may not cover the same day. */
const TIME_BASED: readonly InvoiceLineKind[] = [
  'abonnement',
  'capaciteT4Jusqua500',
  'capaciteT4AuDela500',
  'capaciteTp',
  'distanceTp',
  'debitNormalise',
  'tcs',
  'tcr',
  'tcl',
  'termeFixePoste',
  'compensationStockage',
];

export const periodCoverageCheck: Check = {
  id: 'periodCoverage',
  run({ invoice, reference }) {
    const findings: AuditFinding[] = [];
    // Within the invoice: the same time-based term twice on the same days.
    for (const kind of TIME_BASED) {
      const lines = invoice.lines.map((line, index) => ({ line, index })).filter(({ line }) => line.kind === kind);
      for (let i = 0; i < lines.length; i += 1) {
        for (let j = i + 1; j < lines.length; j += 1) {
          const a = lines[i];
          const b = lines[j];
          if (!a || !b) {
            continue;
          }
          const shared = overlapDays(linePeriod(invoice, a.line), linePeriod(invoice, b.line));
          if (shared === 0) {
            continue;
          }
          const bDays = periodDays(linePeriod(invoice, b.line));
          const amount = b.line.amount * (shared / bDays);
          if (Math.abs(amount) <= AMOUNT_TOLERANCE_EUROS) {
            continue;
          }
          findings.push({
            id: `periodCoverage:ligne-${b.index}`,
            check: 'periodCoverage',
            severity: 'anomalie',
            title: `Terme facturé deux fois : ${b.line.label}`,
            message: `Les lignes « ${a.line.label} » et « ${b.line.label} » couvrent toutes deux ${shared} jour(s) ${frPeriod(linePeriod(invoice, b.line))}.`,
            amountEuros: roundCents(amount),
            rule: rule('facture.double-facturation'),
            billed: { label: 'Jours facturés deux fois', value: shared, unit: 'jours' },
            expected: { label: 'Jours facturés deux fois', value: 0, unit: 'jours' },
            lineIndex: b.index,
            isEstimate: false,
          });
        }
      }
    }
    const others = reference.otherPeriods ?? [];
    if (others.length === 0) {
      return { findings };
    }
    // Overlap with an earlier invoice of the point: a duplicate or a correction, for the user to qualify
    // (report.possibleDuplicates, ADR 0062) — never claimed here.
    // Gap: the latest other period ending before this one, and the earliest starting after it.
    const before = others
      .filter((o) => o.period.lastDay < invoice.period.firstDay)
      .sort((a, b) => (a.period.lastDay < b.period.lastDay ? 1 : -1))[0];
    const after = others
      .filter((o) => o.period.firstDay > invoice.period.lastDay)
      .sort((a, b) => (a.period.firstDay < b.period.firstDay ? -1 : 1))[0];
    const gaps: { from: string; to: string }[] = [];
    if (before && addDays(before.period.lastDay, 1) < invoice.period.firstDay) {
      gaps.push({ from: addDays(before.period.lastDay, 1), to: addDays(invoice.period.firstDay, -1) });
    }
    if (after && addDays(invoice.period.lastDay, 1) < after.period.firstDay) {
      gaps.push({ from: addDays(invoice.period.lastDay, 1), to: addDays(after.period.firstDay, -1) });
    }
    for (const gap of gaps) {
      findings.push({
        id: `periodCoverage:trou-${gap.from}`,
        check: 'periodCoverage',
        severity: 'alerte',
        title: 'Période non facturée',
        message: `Aucune facture ne couvre la période du ${frDate(gap.from)} au ${frDate(gap.to)} : une facture de rattrapage est à attendre.`,
        amountEuros: 0,
        rule: rule('facture.periode-manquante'),
        billed: { label: 'Période non facturée', value: `${frDate(gap.from)} – ${frDate(gap.to)}`, unit: '' },
        expected: { label: 'Période non facturée', value: 'aucune', unit: '' },
        lineIndex: null,
        isEstimate: false,
      });
    }
    return { findings };
  },
};
