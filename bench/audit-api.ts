/**
 * Invoice audit API benchmark (issue #14, « Done when »). Script only: the lead runs it, on a quiet machine.
 * (The parse + check median of the 10-page PDF alone is bench/audit.ts, `npm run bench:audit`.)
 *
 *   npx tsx bench/audit-api.ts [--pdf <invoice PDF>] [--audits 10] [--seconds 20]
 *
 * The real app runs in a child process (bench/audit-api-server.ts: jobs polling, local storage, PGlite).
 * `--audits` audits of the corpus's 10-page PDF are uploaded and created through the API (sign → PUT → create);
 * autocannon loads `GET /api/audits/` and `GET /api/health` for `--seconds` with no audit running (the point of
 * comparison), then the audits are started and the same load runs while the worker threads read and check them.
 * The busy run stops when the last audit ends. Prints both p50 / p99 latencies, their ratio, and how long the
 * audits took to finish. `--pdf` may be a scan (PNG, JPEG: read by OCR, ADR 0080), whose audit ends at « À compléter ».
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    pdf: { type: 'string' },
    audits: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '20' },
  },
});
const pdfPath = path.resolve(
  values.pdf ?? path.join(root, 'packages/invoices/fixtures/t4-pitd-fevrier-2026-10-pages.pdf'),
);
const bytes = readFileSync(pdfPath);
// A scan (PNG, JPEG) is read by OCR and ends at « À compléter » (ADR 0080): that is its end here.
const extension = path.extname(pdfPath).toLowerCase();
const mime =
  extension === '.png' ? 'image/png' : extension === '.jpg' || extension === '.jpeg' ? 'image/jpeg' : 'application/pdf';

// ---- API p99 while audits run ------------------------------------------------------------------------------
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
  const filename = `bench-${index}${extension || '.pdf'}`;
  const signed = await post<{ url: string; gcs_uri: string; headers: Record<string, string> }>(
    '/api/audits/sign-upload',
    { filename, mime, size: bytes.length },
  );
  // Relative since issue #25 (an absolute localhost URL failed when the app was opened as 127.0.0.1).
  const target = new URL(signed.url, base);
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
    mime,
  });
  ids.push(id);
}
/** `--seconds` of load, or less when `until` settles first (the busy run stops when the last audit ends). */
function load(until?: Promise<unknown>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: 10,
        duration: Number(values.seconds),
        headers: { cookie: ready.cookie },
        requests: [
          { method: 'GET', path: '/api/audits/?page=1&pageSize=20' },
          { method: 'GET', path: '/api/health' },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    void until?.then(() => instance.stop());
  });
}

const quiet = await load();
console.log(
  `API with no audit running: ${quiet.requests.total} requests, p50 ${quiet.latency.p50} ms, p99 ${quiet.latency.p99} ms, non-2xx ${quiet.non2xx}`,
);

const startedAt = performance.now();
for (const id of ids) {
  await post(`/api/audits/${id}/start/`, {});
}

let finishedAt = 0;
const watcher = (async () => {
  for (;;) {
    const response = await fetch(`${base}/api/audits/?page=1&pageSize=100`, { headers });
    const { items } = (await response.json()) as { items: { status: string }[] };
    if (items.every((item) => ['done', 'failed', 'to_complete'].includes(item.status))) {
      finishedAt = performance.now();
      return items;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
})();

const busy = await load(watcher);
const items = await watcher;
console.log(
  `API while ${auditCount} audits run: ${busy.requests.total} requests, p50 ${busy.latency.p50} ms, p99 ${busy.latency.p99} ms, non-2xx ${busy.non2xx} (p99 × ${(busy.latency.p99 / Math.max(1, quiet.latency.p99)).toFixed(1)} of the quiet run)`,
);
console.log(
  `audits finished in ${((finishedAt - startedAt) / 1000).toFixed(1)} s: ${items.filter((item) => item.status === 'done').length} done, ${items.filter((item) => item.status === 'to_complete').length} to complete, ${items.filter((item) => item.status === 'failed').length} failed`,
);
child.send('close');
