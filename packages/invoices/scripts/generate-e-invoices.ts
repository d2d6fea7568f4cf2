/**
 * Writes the e-invoices of `fixtures/e-factures/` with `@e-invoice-eu/core` (another tool than ours, ADR 0069): the
 * public February 2026 T4 case, correct and with the six planted errors of `test/e-invoices.test.ts`, as Factur-X
 * (PDF/A-3 with `factur-x.xml`), UBL 2.1 and CII. For the browser test, which cannot load the generator; the package
 * and server tests write their own at run time. `npx tsx scripts/generate-e-invoices.ts` (from packages/invoices).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SIX_ERRORS, T4_FEB_2026, writeEInvoice } from '../test/helpers/e-invoice-eu.ts';

const OUT = path.resolve(import.meta.dirname, '../fixtures/e-factures');
mkdirSync(OUT, { recursive: true });
const files: [string, Parameters<typeof writeEInvoice>[0], Parameters<typeof writeEInvoice>[1]][] = [
  ['t4-fevrier-2026-factur-x.pdf', T4_FEB_2026, 'Factur-X'],
  ['t4-fevrier-2026-ubl.xml', T4_FEB_2026, 'UBL'],
  ['t4-fevrier-2026-six-erreurs-factur-x.pdf', SIX_ERRORS, 'Factur-X'],
  ['t4-fevrier-2026-six-erreurs-cii.xml', SIX_ERRORS, 'CII'],
];
for (const [name, invoice, format] of files) {
  writeFileSync(path.join(OUT, name), await writeEInvoice(invoice, format));
}
