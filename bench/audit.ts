/**
 * Benchmark of the invoice audit (issue #14): read the 10-page T4 PDF of the fixture corpus with `readInvoice`
 * (@pilote/invoices) and check it with `auditInvoice` (@pilote/tariffs), BENCH_AUDIT_RUNS times (default 30) after
 * 3 warm-up runs; prints the median, 10th and 90th percentile of each step and of the total, with the machine.
 * Run with `npm run bench:audit`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readInvoice } from '@pilote/invoices';
import { type AuditReferenceData, auditInvoice } from '@pilote/tariffs';
import { machine } from './machine.ts';

const FILE = path.resolve(import.meta.dirname, '../packages/invoices/fixtures/t4-pitd-fevrier-2026-10-pages.pdf');
const RUNS = Number(process.env.BENCH_AUDIT_RUNS ?? 30);
const WARM_UP = 3;
const REFERENCE: AuditReferenceData = {
  point: { pointDeReseau: 'PITD', code: 'GI060012', ntr: 2, tso: 'NaTran', isSample: false },
};

function quantile(sorted: readonly number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))));
  return sorted[i] ?? Number.NaN;
}

const ms = (v: number) => v.toFixed(1).replace('.', ',');

async function main(): Promise<void> {
  const bytes = new Uint8Array(readFileSync(FILE));
  const read: number[] = [];
  const check: number[] = [];
  const total: number[] = [];
  for (let run = 0; run < WARM_UP + RUNS; run += 1) {
    const t0 = performance.now();
    const result = await readInvoice(bytes, path.basename(FILE));
    const t1 = performance.now();
    if (!result.ok) {
      throw new Error(`lecture refusée : ${result.refusal.message}`);
    }
    const report = auditInvoice(result.invoice, REFERENCE);
    const t2 = performance.now();
    if (report.findings.length !== 0) {
      throw new Error(`la facture correcte donne ${report.findings.length} constat(s)`);
    }
    if (run >= WARM_UP) {
      read.push(t1 - t0);
      check.push(t2 - t1);
      total.push(t2 - t0);
    }
  }
  const m = machine();
  console.log(`Audit d'une facture PDF de 10 pages (${path.basename(FILE)}, ${bytes.length} octets), ${RUNS} passages`);
  console.log(`Machine : ${m.cpuModel}, ${m.nproc} cœurs, Node ${m.node}, charge ${m.load}, ${m.date}`);
  for (const [name, values] of [
    ['lecture (readInvoice)', read],
    ['contrôles (auditInvoice)', check],
    ['total', total],
  ] as const) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `${name.padEnd(26)} médiane ${ms(quantile(sorted, 0.5))} ms  (p10 ${ms(quantile(sorted, 0.1))} ; p90 ${ms(quantile(sorted, 0.9))})`,
    );
  }
}

await main();
