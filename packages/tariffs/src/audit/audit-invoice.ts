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
import { roundCents } from './grid.ts';
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
  for (const check of AUDIT_CHECKS) {
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
    overBilledEuros: roundCents(anomalies.filter((f) => f.amountEuros > 0).reduce((s, f) => s + f.amountEuros, 0)),
    underBilledEuros: roundCents(-anomalies.filter((f) => f.amountEuros < 0).reduce((s, f) => s + f.amountEuros, 0)),
  };
}
