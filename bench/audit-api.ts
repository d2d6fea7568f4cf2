/**
 * Invoice audit benchmark (issue #14, « Done when »). Script only: the lead runs it, on a quiet machine.
 *
 *   npx tsx bench/audit-api.ts [--pdf <10-page invoice PDF>] [--runs 15] [--audits 10] [--seconds 20]
 *
 * 1. Parse + check: `readInvoice` then `auditInvoice` of the given PDF (default: the corpus's 10-page fixture),
 *    `--runs` times in this process; prints the median and p90 (ms).
 * 2. API under audit load: the real app in a child process (bench/audit-api-server.ts: jobs polling, local
 *    storage), `--audits` audits of that PDF uploaded and started through the API (sign → PUT → create → start),
 *    then autocannon on `GET /api/audits/` and `GET /api/health` while the worker threads read and check them;
 *    prints the p50 / p99 latencies and how long the audits took to finish.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readInvoice } from '@pilote/invoices';
import { auditInvoice } from '@pilote/tariffs';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    pdf: { type: 'string' },
    runs: { type: 'string', default: '15' },
    audits: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '20' },
  },
});

function defaultPdf(): string {
  const candidates = [
    'packages/invoices/test/fixtures/corpus/facture-10-pages.pdf',
    'packages/invoices/test/fixtures/facture-10-pages.pdf',
  ].map((candidate) => path.join(root, candidate));
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(`no 10-page PDF found (${candidates.join(', ')}): pass --pdf <file>`);
  }
  return found;
}

const pdfPath = values.pdf ? path.resolve(values.pdf) : defaultPdf();
const bytes = readFileSync(pdfPath);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

// ---- 1. parse + check ---------------------------------------------------------------------------------------
const runs = Number(values.runs);
const times: number[] = [];
for (let run = 0; run < runs; run += 1) {
  const started = performance.now();
  const read = await readInvoice(new Uint8Array(bytes), path.basename(pdfPath));
  if (!read.ok) {
    throw new Error(`the benchmark PDF is refused: ${read.refusal.message}`);
  }
  auditInvoice(read.invoice, { point: null });
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(
  `parse + check ${path.basename(pdfPath)} (${(bytes.length / 1024).toFixed(0)} kB), ${runs} runs: median ${percentile(times, 0.5).toFixed(1)} ms, p90 ${percentile(times, 0.9).toFixed(1)} ms`,
);

// ---- 2. API p99 while audits run ------------------------------------------------------------------------------
interface Ready {
  port: number;
  cookie: string;
  csrfToken: string;
}
const child: ChildProcess = fork(new URL('./audit-api-server.ts', import.meta.url), [], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const ready = await new Promise<Ready>((resolve, reject) => {
  child.once('message', (message) => resolve(message as Ready));
  child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
});
const base = `http://127.0.0.1:${ready.port}`;
const headers = { cookie: ready.cookie, 'x-csrftoken': ready.csrfToken, origin: 'http://127.0.0.1' };

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`${url}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

const auditCount = Number(values.audits);
const ids: string[] = [];
for (let index = 0; index < auditCount; index += 1) {
  const filename = `bench-${index}.pdf`;
  const signed = await post<{ url: string; gcs_uri: string; headers: Record<string, string> }>(
    '/api/audits/sign-upload',
    { filename, mime: 'application/pdf', size: bytes.length },
  );
  const target = new URL(signed.url);
  const put = await fetch(`${base}${target.pathname}${target.search}`, {
    method: 'PUT',
    headers: { ...headers, ...signed.headers },
    body: bytes,
  });
  if (!put.ok) {
    throw new Error(`PUT: ${put.status} ${await put.text()}`);
  }
  const { id } = await post<{ id: string }>('/api/audits/create', {
    gcs_uri: signed.gcs_uri,
    filename,
    mime: 'application/pdf',
  });
  ids.push(id);
}
const startedAt = performance.now();
for (const id of ids) {
  await post(`/api/audits/${id}/start/`, {});
}

let finishedAt = 0;
const watcher = (async () => {
  for (;;) {
    const response = await fetch(`${base}/api/audits/?page=1&pageSize=100`, { headers });
    const { items } = (await response.json()) as { items: { status: string }[] };
    if (items.every((item) => item.status === 'done' || item.status === 'failed')) {
      finishedAt = performance.now();
      return items;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
})();

const load = await autocannon({
  url: base,
  connections: 10,
  duration: Number(values.seconds),
  headers: { cookie: ready.cookie },
  requests: [
    { method: 'GET', path: '/api/audits/?page=1&pageSize=20' },
    { method: 'GET', path: '/api/health' },
  ],
});
const items = await watcher;
console.log(
  `API while ${auditCount} audits run: ${load.requests.total} requests, p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, non-2xx ${load.non2xx}`,
);
console.log(
  `audits finished in ${((finishedAt - startedAt) / 1000).toFixed(1)} s: ${items.filter((item) => item.status === 'done').length} done, ${items.filter((item) => item.status === 'failed').length} failed`,
);
child.send('close');
