/**
 * A server under benchmark as users run it (issue 21 §2): the bundle `npm start` runs (apps/server/dist/server.mjs,
 * built by the tree's own apps/server/scripts/build.ts), started with node in its own process with NODE_ENV=production
 * and every other variable at its default — request logging on at LOG_LEVEL=info (JSON lines to stdout, here a
 * file), PGlite on disk in DATA_DIR in its worker thread — or with DATABASE_URL pointing at a PostgreSQL database
 * created for the run and dropped after it.
 *
 * Each target is a git commit (`BENCH_AFTER`, default HEAD, and `BENCH_BASELINE`): its sources are extracted from
 * git into bench/.baseline/<sha>-bundle/ and built there once, so the shared apps/server/dist and the uncommitted
 * edits of a shared working tree are never involved. Only the port, the interface (127.0.0.1) and DATA_DIR are set;
 * `BENCH_ENV_<NAME>=value` passes NAME=value to both servers (e.g. `BENCH_ENV_LOG_LEVEL=warn` to measure what
 * request logging costs).
 *
 * The server's CPU time (user + system of every thread of its process, PGlite's included; PostgreSQL's backends
 * are other processes) is read from /proc/<pid>/stat.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import pg from 'pg';
import { SIMULATE_BODY } from './api-target.ts';

const repo = path.resolve(import.meta.dirname, '..');
const EMAIL = 'bench@exemple.fr';
const PASSWORD = 'Correct-Horse-9';

export type DatabaseKind = 'pglite' | 'postgres';

export interface ShippedTarget {
  readonly label: string;
  readonly url: string;
  /** pe_csrf + the session cookie (a browser). */
  readonly cookie: string;
  /** pe_csrf alone: what an API client keeps for the CSRF token of its state-changing calls (docs/api.md). */
  readonly csrfCookie: string;
  readonly csrfToken: string;
  /** The `set-auth-token` of the sign-in (an API client). */
  readonly bearer: string;
  /** The acceptance case of issue 4 with the PITD code this commit knows (see simulateBody). */
  readonly simulateBody: string;
  readonly logFile: string;
  readonly child: ChildProcess;
  readonly cleanUp: () => Promise<void>;
}

export type ShippedRoute = 'health' | 'me' | 'meBearer' | 'simulate' | 'simulateBearer';

/** Extracts commit `ref` into bench/.baseline/<sha>-bundle/ and builds its server bundle there (once). */
export function buildCommit(ref: string): { root: string; label: string; sha: string } {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: repo })
    .toString()
    .trim();
  const root = path.join(repo, 'bench', '.baseline', `${sha.slice(0, 12)}-bundle`);
  const label = sha.startsWith(ref) || ref === 'HEAD' ? sha.slice(0, 7) : `${ref} ${sha.slice(0, 7)}`;
  if (existsSync(path.join(root, 'apps/server/dist/server.mjs'))) {
    return { root, label, sha };
  }
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const archive = spawnSync(
    'git',
    ['archive', sha, '--', 'tsconfig.base.json', 'apps/server', 'packages', ':(exclude)apps/server/test'],
    {
      cwd: repo,
      maxBuffer: 1 << 30,
    },
  );
  if (archive.status !== 0) {
    throw new Error(`git archive ${sha}: ${archive.stderr}`);
  }
  execFileSync('tar', ['-x', '-C', root], { input: archive.stdout });
  // Workspace packages resolve to the extracted copies; every other dependency to this worktree's node_modules.
  mkdirSync(path.join(root, 'node_modules', '@pilote'), { recursive: true });
  for (const name of readdirSync(path.join(root, 'packages'))) {
    symlinkSync(path.join(root, 'packages', name), path.join(root, 'node_modules', '@pilote', name));
  }
  symlinkSync(path.join(repo, 'apps', 'server', 'node_modules'), path.join(root, 'apps', 'server', 'node_modules'));
  const build = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/scripts/build.ts')], {
    cwd: repo,
    env: { ...process.env, GIT_REVISION: sha },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) {
    throw new Error(`build of ${sha} failed`);
  }
  return { root, label, sha };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Variables passed to both servers: BENCH_ENV_<NAME>=value → NAME=value. */
function extraEnv(): Record<string, string> {
  const extra: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith('BENCH_ENV_') && value !== undefined) {
      extra[name.slice('BENCH_ENV_'.length)] = value;
    }
  }
  return extra;
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  // A start takes seconds (migrations, keys generated into DATA_DIR): ask until it answers or the process ends.
  for (;;) {
    if (exited) {
      throw new Error(`the server exited during its start; its log: ${logFile}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts the bundle of `root` as `npm start` does, on a prepared database, and signs the bench user in. */
export async function startShipped(
  label: string,
  root: string,
  database: { kind: 'pglite' } | { kind: 'postgres'; adminUrl: string },
  /** Node flags of the server (e.g. `--cpu-prof`): none under `npm start`. */
  nodeFlags: readonly string[] = [],
  /** More arguments of prepare-database.ts (e.g. `--portfolio 10000 365`: sites with a year of readings each). */
  prepareArgs: readonly string[] = [],
): Promise<ShippedTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pe-bench-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (database.kind === 'postgres') {
    const name = `pe_bench_${Math.random().toString(16).slice(2, 10)}`;
    await adminQuery(database.adminUrl, `create database ${name}`);
    const url = new URL(database.adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => adminQuery(database.adminUrl, `drop database if exists ${name} with (force)`);
  }
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dataDir,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extraEnv(),
  };
  const prepare = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'prepare-database.ts'), root, EMAIL, PASSWORD, ...prepareArgs],
    { cwd: repo, env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (prepare.status !== 0) {
    await dropDatabase();
    throw new Error(`${label}: the database could not be prepared`);
  }
  const logFile = path.join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...nodeFlags, path.join(root, 'apps/server/dist/server.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  const cleanUp = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, logFile);
    const csrf = await retryingShedding(() => fetch(`${url}/api/common/get-csrf-token/`));
    const csrfCookie = (csrf.headers.getSetCookie()[0] ?? '').split(';')[0] as string;
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signInOnce = () =>
      fetch(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrftoken': csrfToken, cookie: csrfCookie, origin: url },
        body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      });
    const signIn = await retryingShedding(signInOnce);
    if (signIn.status !== 200) {
      throw new Error(`${label}: sign-in answered ${signIn.status} ${await signIn.text()}`);
    }
    const session = signIn.headers.getSetCookie().map((c) => c.split(';')[0] as string);
    const cookie = [csrfCookie, ...session].join('; ');
    const simulateBody = await acceptedSimulateBody(url, cookie, csrfToken, label);
    return {
      simulateBody,
      label,
      url,
      cookie,
      csrfCookie,
      csrfToken,
      bearer: signIn.headers.get('set-auth-token') ?? '',
      logFile,
      child,
      cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** Just after its start, on a busy machine, the server may shed load (503 + Retry-After): try again when it says. */
export async function retryingShedding(send: () => Promise<Response>): Promise<Response> {
  let answer = await send();
  for (let attempt = 0; answer.status === 503 && attempt < 10; attempt += 1) {
    const seconds = Number(answer.headers.get('retry-after') ?? 1) || 1;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    answer = await send();
  }
  return answer;
}

/**
 * The same simulation on the point table the commit serves: the official PITD table shipped since ADR 0051 (GD1057,
 * Paris, the case's former sample point with the same amounts), or the labelled sample before it (ECH-PITD-0001).
 */
async function acceptedSimulateBody(url: string, cookie: string, csrfToken: string, label: string): Promise<string> {
  for (const code of ['GD1057', 'ECH-PITD-0001']) {
    const body = JSON.stringify({ ...JSON.parse(SIMULATE_BODY), code });
    const answer = await retryingShedding(() =>
      fetch(`${url}/api/simulator/simulate/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrftoken': csrfToken, cookie, origin: url },
        body,
      }),
    );
    if (answer.status === 200) {
      return body;
    }
  }
  throw new Error(`${label}: the acceptance simulation is refused with both point tables`);
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU time (user + system, ms) the server process has used so far, all threads. */
export function cpuMsOf(target: ShippedTarget): number {
  const stat = readFileSync(`/proc/${target.child.pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), from field 3 on: utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

export function shippedRequest(target: ShippedTarget, route: ShippedRoute): autocannon.Options {
  const simulate = (headers: Record<string, string>): autocannon.Options => ({
    url: `${target.url}/api/simulator/simulate/`,
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'x-csrftoken': target.csrfToken },
    body: target.simulateBody,
  });
  switch (route) {
    case 'health':
      return { url: `${target.url}/api/health` };
    case 'me':
      return { url: `${target.url}/api/account/me`, headers: { cookie: target.cookie } };
    case 'meBearer':
      return { url: `${target.url}/api/account/me`, headers: { authorization: `Bearer ${target.bearer}` } };
    case 'simulate':
      // A browser: the session cookie, and the Origin it sends on a POST.
      return simulate({ cookie: target.cookie, origin: target.url });
    case 'simulateBearer':
      // An API client (docs/api.md): the bearer token, the CSRF cookie and token, no Origin.
      return simulate({ authorization: `Bearer ${target.bearer}`, cookie: target.csrfCookie });
  }
}
