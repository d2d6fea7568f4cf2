/**
 * Benchmark of the invoice audit (issue #14): read the 10-page T4 PDF of the fixture corpus with `readInvoice`
 * (@pilote/invoices) and check it with `auditInvoice` (@pilote/tariffs), BENCH_AUDIT_RUNS times (default 30) after
 * 3 warm-up runs; prints the median, 10th and 90th percentile of each step and of the total, with the machine.
 * Also a 10-page text PDF of another layout (written here with pdf-lib: a header, the billed lines' table with its
 * units inside the cells, nine pages of daily readings), read by the layout-free reader `pdf-libre` (ADR 0070),
 * budget 1 s. With BENCH_BASELINE=<commit>, the same files through that commit's reader too (its
 * packages/invoices/src extracted by git archive into bench/.baseline/invoices-<sha>/), side by side.
 * Run with `npm run bench:audit`.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { readInvoice } from '@pilote/invoices';
import { type AuditReferenceData, auditInvoice } from '@pilote/tariffs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
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

type Reader = typeof readInvoice;

/** The February 2026 T4 invoice in another supplier's layout, 10 pages (ADR 0070). */
async function freeLayoutPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  let page = doc.addPage([595, 842]);
  let y = 800;
  const row = (cells: [string, number][], gap = 16) => {
    for (const [s, x] of cells) {
      page.drawText(s, { x, y, size: 8, font });
    }
    y -= gap;
  };
  row([['Energie Exemple SA', 40]], 24);
  for (const [a, b] of [
    ['Facture n° FG-2026-02-0117', 'Date de facture : 06/03/2026'],
    ['Point de livraison (PCE) : 21400000000117', 'Code PITD : GI060012'],
    ['Option tarifaire : T4', 'Transporteur : NaTran'],
    ['Consommation du 01/02/2026 au 28/02/2026', 'NTR : 2'],
    ['CAR : 15 466 800 kWh/an', 'CJA : 109 000 kWh/j'],
    ['Consommation relevée : 2 043 755 kWh', 'Commune : Nice'],
  ]) {
    row([
      [a ?? '', 40],
      [b ?? '', 320],
    ]);
  }
  y -= 10;
  row([
    ['Libellé', 40],
    ['Quantité', 260],
    ['Prix unitaire', 340],
    ['Durée', 440],
    ['Montant HT', 500],
  ]);
  const lines: [string, string, string, string, string][] = [
    ['Abonnement distribution', '1 an', '21 705,72 €/an', '1/12', '1 808,81 €'],
    ['Souscription de capacité journalière T4', '109 MWh/j', '288,00 €/MWh/j/an', '1/12', '2 616,00 €'],
    ['Terme proportionnel distribution', '2 043,755 MWh', '1,18 €/MWh', '', '2 411,63 €'],
    ['Terme de capacité de sortie (TCS)', '109 MWh/j', '123,58 €/MWh/j/an', '1/12', '1 122,52 €'],
    ['Terme de capacité régional (TCR x NTR)', '109 MWh/j', '191,70 €/MWh/j/an', '1/12', '1 741,28 €'],
    ['Terme de capacité de livraison (TCL)', '109 MWh/j', '56,31 €/MWh/j/an', '1/12', '511,48 €'],
    ['Compensation stockage', '29,015 MWh/j', '331,44 €/MWh/j/an', '1/12', '801,39 €'],
    ['CTA part distribution', '4 424,81 €', '20,80 %', '', '920,36 €'],
    ['CTA part transport', '3 681,88 €', '4,71 %', '', '173,42 €'],
    ['Accise sur les gaz naturels', '2 043,755 MWh', '16,39 €/MWh', '', '33 497,14 €'],
    ['Fourniture de gaz naturel', '2 043,755 MWh', '45,80 €/MWh', '', '93 603,98 €'],
  ];
  for (const [label, q, p, d, a] of lines) {
    row([
      [label, 40],
      [q, 260],
      [p, 340],
      [d, 440],
      [a, 500],
    ]);
  }
  y -= 10;
  row([
    ['TVA 20,00 %', 40],
    ['139 208,01 €', 340],
    ['27 841,60 €', 500],
  ]);
  row([
    ['Total HT', 40],
    ['139 208,01 €', 500],
  ]);
  row([
    ['Total TVA', 40],
    ['27 841,60 €', 500],
  ]);
  row([
    ['Total TTC', 40],
    ['167 049,61 €', 500],
  ]);
  for (let p = 2; p <= 10; p += 1) {
    page = doc.addPage([595, 842]);
    y = 800;
    row([[`Annexe ${p - 1} : relevés journaliers (page ${p}/10)`, 40]], 24);
    row([
      ['Jour', 40],
      ['Index début', 160],
      ['Index fin', 280],
      ['Énergie (kWh)', 400],
    ]);
    for (let d = 1; d <= 40; d += 1) {
      const start = 100_000 + (p * 40 + d) * 73;
      row(
        [
          [`${String(((d - 1) % 28) + 1).padStart(2, '0')}/02/2026`, 40],
          [String(start), 160],
          [String(start + 73), 280],
          ['72 991', 400],
        ],
        18,
      );
    }
  }
  return doc.save();
}

/** `readInvoice` of a commit's packages/invoices/src (BENCH_BASELINE), or null. */
async function baselineReader(): Promise<{ label: string; read: Reader } | null> {
  const ref = process.env.BENCH_BASELINE;
  if (!ref) {
    return null;
  }
  const repo = path.resolve(import.meta.dirname, '..');
  const sha = execSync(`git rev-parse --verify ${JSON.stringify(`${ref}^{commit}`)}`, { cwd: repo })
    .toString()
    .trim();
  const root = path.join(repo, 'bench', '.baseline', `invoices-${sha.slice(0, 12)}`);
  if (!existsSync(path.join(root, 'packages'))) {
    mkdirSync(root, { recursive: true });
    execSync(`git archive ${sha} packages/invoices/src | tar -x -C ${JSON.stringify(root)}`, { cwd: repo });
  }
  const mod = (await import(pathToFileURL(path.join(root, 'packages/invoices/src/index.ts')).href)) as {
    readInvoice: Reader;
  };
  return { label: sha.slice(0, 7), read: mod.readInvoice };
}

async function measure(read: Reader, bytes: Uint8Array, name: string) {
  const times = { read: [] as number[], check: [] as number[], total: [] as number[] };
  for (let run = 0; run < WARM_UP + RUNS; run += 1) {
    const t0 = performance.now();
    const result = await read(bytes, name);
    const t1 = performance.now();
    if (!result.ok) {
      return { refused: result.refusal.message };
    }
    const report = auditInvoice(result.invoice, REFERENCE);
    const t2 = performance.now();
    if (report.findings.length !== 0) {
      throw new Error(`la facture correcte donne ${report.findings.length} constat(s)`);
    }
    if (run >= WARM_UP) {
      times.read.push(t1 - t0);
      times.check.push(t2 - t1);
      times.total.push(t2 - t0);
    }
  }
  return { times };
}

async function main(): Promise<void> {
  const files: [string, Uint8Array][] = [
    [path.basename(FILE), new Uint8Array(readFileSync(FILE))],
    ['mise-en-page-libre-10-pages.pdf (pdf-libre)', await freeLayoutPdf()],
  ];
  const baseline = await baselineReader();
  const m = machine();
  console.log(`Machine : ${m.cpuModel}, ${m.nproc} cœurs, Node ${m.node}, charge ${m.load}, ${m.date}`);
  for (const [name, bytes] of files) {
    console.log(`\nAudit d'une facture PDF de 10 pages (${name}, ${bytes.length} octets), ${RUNS} passages`);
    for (const [who, read] of [
      ['cet arbre', readInvoice],
      ...(baseline ? ([[`base ${baseline.label}`, baseline.read]] as const) : []),
    ] as const) {
      const r = await measure(read, bytes, name);
      if ('refused' in r) {
        console.log(`  ${who} : refusée (${r.refused})`);
        continue;
      }
      for (const [step, values] of [
        ['lecture (readInvoice)', r.times.read],
        ['contrôles (auditInvoice)', r.times.check],
        ['total', r.times.total],
      ] as const) {
        const sorted = [...values].sort((a, b) => a - b);
        console.log(
          `  ${who.padEnd(14)} ${step.padEnd(26)} médiane ${ms(quantile(sorted, 0.5))} ms  (p10 ${ms(quantile(sorted, 0.1))} ; p90 ${ms(quantile(sorted, 0.9))})`,
        );
      }
    }
  }
}

await main();
