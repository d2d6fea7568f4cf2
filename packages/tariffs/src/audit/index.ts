/** Public API of the invoice audit (ADR 0033); the check helpers stay internal. */
export { AUDIT_CHECKS, auditInvoice } from './audit-invoice.ts';
export type { Check, CheckContext, CheckOutcome } from './checks/context.ts';
export { AMOUNT_TOLERANCE_EUROS } from './grid.ts';
export { LINE_LABELS, type ReferenceInvoiceSpec, referenceInvoice } from './reference-invoice.ts';
export { RULES, type RuleId } from './rules.ts';
export * from './types.ts';
