/**
 * Cross-checks of what was read (ADR 0062), before any check compares the invoice with the grids: the CJA against
 * the capacity lines, the CAR and the consumption against the energy lines, each line's amount against quantity ×
 * price, the lines against the printed total HT. A disagreement — a ×1000 (a header cell read in kWh as MWh), a
 * dropped row — is a reading problem shown to the user, never an anomaly: nothing doubtful may become a claim.
 */
import { formatNumberFr } from '../money.ts';
import { AMOUNT_TOLERANCE_EUROS, periodDays, prorataOf, roundCents, unverifiableReason } from './grid.ts';
import type { InvoiceLine, InvoiceLineKind, NormalisedInvoice, ReadingProblem, UnverifiableLine } from './types.ts';

/** A ratio this far from 1 (either way) between two values that must agree is a reading error, not a billing one. */
const READING_RATIO = 10;
/** The CAR is a yearly figure and consumption is seasonal: only a far larger gap is a reading error. */
const CAR_RATIO = 100;

const CAPACITY_KINDS: readonly InvoiceLineKind[] = ['tcs', 'tcr', 'tcl', 'capaciteTp'];
const T4_BANDS: readonly InvoiceLineKind[] = ['capaciteT4Jusqua500', 'capaciteT4AuDela500'];
const ENERGY_KINDS: readonly InvoiceLineKind[] = ['termeProportionnel', 'accise'];

const q = (v: number) => formatNumberFr(v, 0, 3);

function far(a: number, b: number, ratio: number): boolean {
  if (a <= 0 || b <= 0) {
    return false;
  }
  return a / b >= ratio || b / a >= ratio;
}

/** Lines of these kinds on the whole period (a line split across a grid change carries only part of it). */
function wholePeriod(invoice: NormalisedInvoice, kinds: readonly InvoiceLineKind[]): InvoiceLine[] {
  return invoice.lines.filter((l) => kinds.includes(l.kind) && l.quantity !== null && l.period === null);
}

/** The lines whose price cannot be compared with the grid, with the reason. */
export function unverifiableLines(invoice: NormalisedInvoice): UnverifiableLine[] {
  return invoice.lines.flatMap((line, lineIndex) => {
    const reason = unverifiableReason(line);
    return reason ? [{ lineIndex, label: line.label, reason }] : [];
  });
}

/** The line's amount disagrees with quantity × price × duration by a power of ten or more: a misread cell. */
export function lineMisread(line: InvoiceLine): boolean {
  if (line.quantity === null || line.unitPrice === null) {
    return false;
  }
  const computed = Math.abs(line.quantity * line.unitPrice * prorataOf(line));
  return Math.abs(line.amount) > 1 && computed > 1 && far(Math.abs(line.amount), computed, READING_RATIO);
}

export function readingProblems(invoice: NormalisedInvoice): ReadingProblem[] {
  const problems: ReadingProblem[] = [];
  const { cja, car, consumptionMwh } = invoice;
  if (cja !== null) {
    const lines = wholePeriod(invoice, CAPACITY_KINDS);
    const bands = wholePeriod(invoice, T4_BANDS);
    const bandTotal = bands.reduce((s, l) => s + (l.quantity ?? 0), 0);
    const off = lines.find((l) => far(l.quantity ?? 0, cja, READING_RATIO));
    if (off || (bands.length > 0 && far(bandTotal, cja, READING_RATIO))) {
      problems.push({
        id: 'lecture:cja',
        field: 'cja',
        message: `CJA lue ${q(cja)} MWh/j, mais la ligne « ${(off ?? bands[0])?.label} » porte ${q(off?.quantity ?? bandTotal)} MWh/j : l’une des deux valeurs a été mal lue (unité kWh/MWh ?).`,
      });
    }
  }
  const energy = wholePeriod(invoice, ENERGY_KINDS);
  const energyMwh = energy[0]?.quantity ?? null;
  if (consumptionMwh !== null && energyMwh !== null && far(consumptionMwh, energyMwh, READING_RATIO)) {
    problems.push({
      id: 'lecture:consommation',
      field: 'consumption',
      message: `Consommation lue ${q(consumptionMwh)} MWh, mais la ligne « ${energy[0]?.label} » porte ${q(energyMwh)} MWh : l’une des deux valeurs a été mal lue (unité kWh/MWh ?).`,
    });
  }
  if (car !== null && energyMwh !== null) {
    const yearly = (energyMwh * 365) / periodDays(invoice.period);
    if (far(car, yearly, CAR_RATIO)) {
      problems.push({
        id: 'lecture:car',
        field: 'car',
        message: `CAR lue ${q(car)} MWh/an, sans commune mesure avec la consommation facturée (${q(energyMwh)} MWh sur ${periodDays(invoice.period)} jours) : valeur probablement mal lue (unité kWh/MWh ?).`,
      });
    }
  }
  invoice.lines.forEach((line, index) => {
    if (lineMisread(line)) {
      problems.push({
        id: `lecture:ligne-${index}`,
        field: `line:${index}`,
        message: `Ligne « ${line.label} » : quantité × prix unitaire${line.prorata === null ? '' : ' × durée'} donne ${formatNumberFr(roundCents((line.quantity ?? 0) * (line.unitPrice ?? 0) * prorataOf(line)), 2, 2)} €, très loin du montant lu (${formatNumberFr(line.amount, 2, 2)} €) : quantité, prix ou unité mal lus.`,
      });
    }
  });
  const sumLines = roundCents(invoice.lines.reduce((s, l) => s + l.amount, 0));
  if (Math.abs(sumLines - invoice.totals.totalHt) > AMOUNT_TOLERANCE_EUROS) {
    problems.push({
      id: 'lecture:total-ht',
      field: 'totalHt',
      message: `La somme des ${invoice.lines.length} lignes lues (${formatNumberFr(sumLines, 2, 2)} €) diffère du total HT imprimé (${formatNumberFr(invoice.totals.totalHt, 2, 2)} €) : une ligne a pu être omise ou mal lue.`,
    });
  }
  return problems;
}
