/**
 * System calls of `POST /api/simulator/simulate/` on the shipped PGlite server, per thread (issue 21 §2, ADR 0057):
 * `npx tsx bench/simulate-syscalls.ts` (needs strace). The bundle of BENCH_AFTER (default HEAD) as bench/api.ts
 * starts it; after a warm-up, strace follows every thread of the server during BENCH_SYSCALL_REQUESTS (default 400)
 * bearer simulations (20 connections) and the count of each call per request is printed by thread (`main`, else
 * the thread id: the PGlite thread is the one that writes the most and calls pwrite64). Counts, not times: they do
 * not move with the machine's load. It showed the PGlite thread writing its answers in ≈ 4 socket writes per
 * statement (one per protocol message), which the main thread reads in ≈ 2.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildCommit, shippedRequest, startShipped } from './shipped-server.ts';

const build = buildCommit(process.env.BENCH_AFTER ?? 'HEAD');
const target = await startShipped(build.label, build.root, { kind: 'pglite' });
try {
  await autocannon({ ...shippedRequest(target, 'simulateBearer'), connections: 20, amount: 500 });
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'pe-strace-')), 'strace.txt');
  const calls = 'trace=read,write,writev,readv,pwrite64,pread64,fsync,fdatasync,futex,epoll_wait';
  // -f with -p: every thread of the process. Attached once a request shows up in its output (an event, not a
  // fixed wait); what it wrote until then is skipped.
  const strace = spawn('strace', ['-f', '-qq', '-e', calls, '-o', out, '-p', String(target.child.pid)], {
    stdio: 'ignore',
  });
  let straceEnded = false;
  strace.once('exit', () => {
    straceEnded = true;
  });
  const written = () => (existsSync(out) ? statSync(out).size : 0);
  while (written() === 0) {
    if (straceEnded) {
      throw new Error('strace ended before tracing (is it installed? apt-get install -y strace)');
    }
    await autocannon({ ...shippedRequest(target, 'health'), connections: 1, amount: 1 });
  }
  const skip = written();
  const N = Number(process.env.BENCH_SYSCALL_REQUESTS ?? 400);
  const res = await autocannon({ ...shippedRequest(target, 'simulateBearer'), connections: 20, amount: N });
  strace.kill('SIGINT');
  await new Promise((resolve) => strace.once('exit', resolve));
  const counts = new Map<string, number>();
  for (const line of readFileSync(out).subarray(skip).toString('utf8').split('\n')) {
    const m = /^(\d+)\s+(\w+)\(/.exec(line);
    if (!m) {
      continue;
    }
    const who = Number(m[1]) === target.child.pid ? 'main' : `tid ${m[1]}`;
    const k = `${who} ${m[2]}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  console.log(`${build.label}, PGlite : ${res.requests.total} simulations par bearer, non-2xx ${res.non2xx}`);
  for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(`${k.padEnd(30)} ${(v / res.requests.total).toFixed(2)} par requête`);
  }
} finally {
  await target.cleanUp();
}
