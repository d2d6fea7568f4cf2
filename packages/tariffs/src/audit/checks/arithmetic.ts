/** Each line's arithmetic (quantity × unit price × duration), the VAT lines and the totals. */
import { AMOUNT_TOLERANCE_EUROS, prorataOf, roundCents } from '../grid.ts';
import { lineMisread } from '../reading-checks.ts';
import { rule } from '../rules.ts';
import type { AuditFinding } from '../types.ts';
import { type Check, fr } from './context.ts';

function totalFinding(id: string, title: string, billed: number, expected: number, what: string): AuditFinding {
  return {
    id: `arithmetic:${id}`,
    check: 'arithmetic',
    severity: 'anomalie',
    title,
    message: `${what} : facturé ${fr(billed, 2)} €, la somme donne ${fr(expected, 2)} €.`,
    amountEuros: roundCents(billed - expected),
    rule: rule('facture.arithmetique'),
    billed: { label: 'Montant facturé', value: billed, unit: '€' },
    expected: { label: 'Montant recalculé', value: roundCents(expected), unit: '€' },
    lineIndex: null,
    isEstimate: false,
  };
}

export const arithmeticCheck: Check = {
  id: 'arithmetic',
  run({ invoice }) {
    const findings: AuditFinding[] = [];
    invoice.lines.forEach((line, index) => {
      // A power-of-ten gap is a misread cell (a reading problem, ADR 0062), not the supplier's arithmetic.
      if (line.quantity === null || line.unitPrice === null || lineMisread(line)) {
        return;
      }
      const expected = roundCents(line.quantity * line.unitPrice * prorataOf(line));
      const difference = line.amount - expected;
      if (Math.abs(difference) <= AMOUNT_TOLERANCE_EUROS) {
        return;
      }
      const factor = line.prorata === null ? '' : ` × ${fr(line.prorata, 6)}`;
      findings.push({
        id: `arithmetic:${index}`,
        check: 'arithmetic',
        severity: 'anomalie',
        title: `Montant de ligne faux : ${line.label}`,
        message: `${fr(line.quantity, 3)} × ${fr(line.unitPrice)}${factor} = ${fr(expected, 2)} € ; la ligne facture ${fr(line.amount, 2)} €.`,
        amountEuros: roundCents(difference),
        rule: rule('facture.arithmetique'),
        billed: { label: 'Montant facturé', value: line.amount, unit: '€' },
        expected: { label: 'Quantité × prix unitaire', value: expected, unit: '€' },
        lineIndex: index,
        isEstimate: false,
      });
    });
    // The lines against the printed total HT is a cross-check of the reading (a dropped row), not an anomaly:
    // reading-checks.ts.
    const { totalHt, totalTva, totalTtc } = invoice.totals;
    invoice.vat.forEach((vat, index) => {
      const expected = roundCents(vat.base * vat.rate);
      if (Math.abs(vat.amount - expected) > AMOUNT_TOLERANCE_EUROS) {
        findings.push(
          totalFinding(
            `tva-${index}`,
            'Montant de TVA faux',
            vat.amount,
            expected,
            `TVA à ${fr(vat.rate * 100, 2)} % sur ${fr(vat.base, 2)} €`,
          ),
        );
      }
    });
    const sumVatBases = invoice.vat.reduce((sum, v) => sum + v.base, 0);
    if (invoice.vat.length > 0 && Math.abs(sumVatBases - totalHt) > AMOUNT_TOLERANCE_EUROS) {
      findings.push({
        ...totalFinding(
          'tva-base',
          'Bases de TVA différentes du total HT',
          sumVatBases,
          totalHt,
          'Somme des bases de TVA',
        ),
        severity: 'alerte',
        amountEuros: 0,
      });
    }
    const sumVat = invoice.vat.reduce((sum, v) => sum + v.amount, 0);
    if (invoice.vat.length > 0 && Math.abs(totalTva - sumVat) > AMOUNT_TOLERANCE_EUROS) {
      findings.push(
        totalFinding('total-tva', 'Total TVA différent de la somme des lignes de TVA', totalTva, sumVat, 'Total TVA'),
      );
    }
    if (Math.abs(totalTtc - (totalHt + totalTva)) > AMOUNT_TOLERANCE_EUROS) {
      findings.push(
        totalFinding('total-ttc', 'Total TTC différent de HT + TVA', totalTtc, totalHt + totalTva, 'Total TTC'),
      );
    }
    return { findings };
  },
};
