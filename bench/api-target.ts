/**
 * A server under benchmark (bench/api.ts, bench/api-cpu.ts): the real app in a child process (bench/api-server.ts),
 * from this worktree or from a baseline extracted by bench/baseline.ts, with the routes of issue 10 §6 and the
 * child's own CPU time (process.cpuUsage over IPC: user + system of the server process, PGlite included; a
 * PostgreSQL server's backends are other processes and are not counted).
 */
import { type ChildProcess, fork } from 'node:child_process';
import type autocannon from 'autocannon';

/** The acceptance case of issue 4 on the official PITD table shipped with the server (GD1057 Paris, ADR 0051). */
export const SIMULATE_BODY = JSON.stringify({
  pointDeReseau: 'PITD',
  code: 'GD1057',
  commune: 'Paris',
  tso: 'NaTran',
  dso: 'GRDF',
  profil: 'P016',
  tarif: 'T4',
  car: '15 466,8',
  cjaMwhj: '109',
  dateEffetMonth: '2026-02',
  honeypot: '',
});

export interface Target {
  readonly label: string;
  readonly child: ChildProcess;
  readonly url: string;
  readonly cookie: string;
  readonly csrfToken: string;
}

export interface StartOptions {
  /** Source tree of a baseline (bench/baseline.ts); this worktree when absent. */
  readonly root?: string;
  /** Extra node flags of the child (e.g. `--cpu-prof`, `--cpu-prof-dir=…`). */
  readonly execArgv?: readonly string[];
}

export async function start(label: string, options: StartOptions = {}): Promise<Target> {
  const child = fork(new URL('./api-server.ts', import.meta.url), options.root ? [options.root] : [], {
    execArgv: [...(options.execArgv ?? []), '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ port: number; cookie: string; csrfToken: string }>((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (m && typeof m === 'object' && 'port' in m) {
        child.off('message', onMessage);
        resolve(m as { port: number; cookie: string; csrfToken: string });
      }
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`${label}: server exited (${code})`)));
  });
  return { label, child, url: `http://127.0.0.1:${ready.port}`, cookie: ready.cookie, csrfToken: ready.csrfToken };
}

export async function stop(target: Target): Promise<void> {
  const exited = new Promise((resolve) => target.child.once('exit', resolve));
  target.child.send('close');
  await exited;
}

/** CPU time (user + system, µs) the server process has used so far. */
export function cpuOf(target: Target): Promise<number> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (m && typeof m === 'object' && 'cpu' in m) {
        target.child.off('message', onMessage);
        const { user, system } = (m as { cpu: { user: number; system: number } }).cpu;
        resolve(user + system);
      }
    };
    target.child.on('message', onMessage);
    if (!target.child.send('cpu')) {
      reject(new Error(`${target.label}: IPC closed`));
    }
  });
}

export type Route = 'health' | 'me' | 'simulate';
export const ROUTES: readonly Route[] = ['health', 'me', 'simulate'];

export function request(target: Target, route: Route): autocannon.Options {
  const auth = { cookie: target.cookie };
  switch (route) {
    case 'health':
      return { url: `${target.url}/api/health` };
    case 'me':
      return { url: `${target.url}/api/account/me`, headers: auth };
    case 'simulate':
      return {
        url: `${target.url}/api/simulator/simulate/`,
        method: 'POST',
        headers: {
          ...auth,
          'content-type': 'application/json',
          'x-csrftoken': target.csrfToken,
          origin: 'http://127.0.0.1',
        },
        body: SIMULATE_BODY,
      };
  }
}
