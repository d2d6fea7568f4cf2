/**
 * Runs every check on a normalised invoice with the reference data resolved by the caller (ADR 0033). Pure: the
 * same invoice and data give the same report.
 */

import { acciseCheck } from './checks/accise.ts';
import { arithmeticCheck } from './checks/arithmetic.ts';
import { carCheck } from './checks/car.ts';
import type { Check, CheckContext } from './checks/context.ts';
import { ctaCheck } from './checks/cta.ts';
import { ntrCheck } from './checks/ntr.ts';
import { periodCoverageCheck } from './checks/period-coverage.ts';
import { t4BandsCheck } from './checks/t4-bands.ts';
import { tclCheck } from './checks/tcl.ts';
import { unitPriceCheck } from './checks/unit-price.ts';
import { overlapDays, roundCents } from './grid.ts';
import { readingProblems, unverifiableLines } from './reading-checks.ts';
import type {
  AuditCheckId,
  AuditFinding,
  AuditReferenceData,
  AuditReport,
  NormalisedInvoice,
  SkippedCheck,
} from './types.ts';

/** The checks in the order their findings are listed. */
export const AUDIT_CHECKS: readonly Check[] = [
  ntrCheck,
  tclCheck,
  carCheck,
  unitPriceCheck,
  t4BandsCheck,
  ctaCheck,
  acciseCheck,
  arithmeticCheck,
  periodCoverageCheck,
];

export function auditInvoice(invoice: NormalisedInvoice, reference: AuditReferenceData): AuditReport {
  const ctx: CheckContext = {
    invoice,
    reference,
    pricing: {
      tarif: invoice.tarif,
      tso: reference.point?.tso ?? invoice.tso,
      pointDeReseau: reference.point?.pointDeReseau ?? invoice.point.pointDeReseau,
    },
    usesSample: reference.point?.isSample ?? false,
  };
  const findings: AuditFinding[] = [];
  const checksRun: AuditCheckId[] = [];
  const checksSkipped: SkippedCheck[] = [];
  // A doubtful reading is never checked against the grids (ADR 0062): every check waits for the user to confirm.
  const problems = readingProblems(invoice);
  const blocked = problems.length > 0 && reference.readingConfirmed !== true;
  for (const check of AUDIT_CHECKS) {
    if (blocked) {
      checksSkipped.push({
        check: check.id,
        reason: `Lecture à vérifier (${problems.length} incohérence${problems.length > 1 ? 's' : ''} entre les valeurs lues) : contrôle non effectué pour ne rien réclamer à tort.`,
      });
      continue;
    }
    const outcome = check.run(ctx);
    if ('skipped' in outcome) {
      checksSkipped.push({ check: check.id, reason: outcome.skipped });
    } else {
      checksRun.push(check.id);
      findings.push(...outcome.findings);
    }
  }
  const anomalies = findings.filter((f) => f.severity === 'anomalie');
  return {
    findings,
    checksRun,
    checksSkipped,
    readingProblems: problems,
    unverifiableLines: unverifiableLines(invoice),
    possibleDuplicates: (reference.otherPeriods ?? []).flatMap((other) => {
      const sharedDays = overlapDays(invoice.period, other.period);
      return sharedDays > 0 ? [{ invoiceNumber: other.invoiceNumber, period: other.period, sharedDays }] : [];
    }),
    overBilledEuros: roundCents(anomalies.filter((f) => f.amountEuros > 0).reduce((s, f) => s + f.amountEuros, 0)),
    underBilledEuros: roundCents(-anomalies.filter((f) => f.amountEuros < 0).reduce((s, f) => s + f.amountEuros, 0)),
  };
}
