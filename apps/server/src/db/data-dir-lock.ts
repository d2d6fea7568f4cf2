// One process at a time on a PGlite directory (ADR 0017). PGlite keeps the whole database in the memory of the
// process that opened it and writes it back to the folder: a second process on the same folder (an operator
// command while the server runs) works on its own copy, and whichever writes last wins or the files tear.
//
// The lock is a file next to the directory (`<dir>.lock`, e.g. DATA_DIR/pglite.lock) holding who owns it:
// pid, process start time, host name, what the process is. It is created atomically with its full content
// (written to a private temporary file, then hard-linked to the lock name: link() fails if the name exists), so a
// reader never sees a half-written lock. A lock whose holder is dead (same host, pid gone or reused) is stale and
// is taken over; the take-over itself is serialised by a `mkdir` so two processes cannot both take it.
import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

export interface LockOwner {
  pid: number;
  hostname: string;
  /** When the holding process started (ms since epoch): tells a reused pid from the real holder. */
  processStartedAt: number;
  acquiredAt: string;
  /** What holds it: `serveur`, `admin:create`, `db:migrate`… */
  purpose: string;
}

export interface DataDirLock {
  readonly path: string;
  readonly owner: LockOwner;
  release(): Promise<void>;
}

/** The directory is in use by another live process (or one on another host that we cannot check). */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly owner: LockOwner | undefined,
  ) {
    super(
      `La base de données embarquée (${lockPath.replace(/\.lock$/, '')}) est déjà ouverte par un autre processus${
        owner ? ` (${describeOwner(owner)})` : ''
      }. Deux processus ne peuvent pas ouvrir le même dossier PGlite : arrêtez d'abord le serveur (ou la commande en cours), puis relancez cette commande.${
        owner && owner.hostname !== hostname()
          ? ` Le verrou a été pris sur une autre machine (${owner.hostname}) : si aucun processus ne l'utilise plus, supprimez ${lockPath}.`
          : ''
      }${owner ? '' : ` Le verrou ${lockPath} est illisible : si aucun processus n'utilise ce dossier, supprimez-le.`}`,
    );
    this.name = 'DataDirLockedError';
  }
}

export function describeOwner(owner: LockOwner): string {
  return `${owner.purpose}, pid ${owner.pid} sur ${owner.hostname}, depuis le ${owner.acquiredAt}`;
}

export function lockPathFor(directory: string): string {
  return `${path.resolve(directory)}.lock`;
}

/** Start time of this process, stable for its whole life. */
const thisProcessStartedAt = Math.round(Date.now() - process.uptime() * 1000);

/** Linux: start time of another process from /proc (ticks after boot + boot time); undefined elsewhere. */
function processStartTime(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime) counted after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    const bootLine = readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .find((line) => line.startsWith('btime '));
    const bootSeconds = Number(bootLine?.split(' ')[1]);
    // USER_HZ is 100 on every Linux ABI Node supports.
    return Number.isFinite(ticks) && Number.isFinite(bootSeconds) ? bootSeconds * 1000 + ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Linux: the state letter of a process from /proc/<pid>/stat (`R`, `S`, `D`, `Z` zombie, `X` dead…); undefined
 * when it cannot be read (no such process, or not Linux).
 */
export function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 3, after the command name, which is in parentheses and may contain spaces or parentheses.
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state ? state : undefined;
  } catch {
    return undefined;
  }
}

/** True when the lock's holder is certainly gone: same host and the pid is dead or now another process. */
export function isStale(owner: LockOwner): boolean {
  if (owner.hostname !== hostname()) {
    return false;
  }
  if (owner.pid === process.pid) {
    return owner.processStartedAt !== thisProcessStartedAt;
  }
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: alive, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  // A process killed (kill -9) but not yet reaped by its parent still answers kill(pid, 0): it is a zombie, whose
  // pid stays taken until the parent waits for it (`npm start`'s launcher may take a moment). It holds nothing.
  const state = processState(owner.pid);
  if (state === 'Z' || state === 'X' || state === 'x') {
    return true;
  }
  const started = processStartTime(owner.pid);
  // /proc is read with a 10 ms tick and our own clock reading may drift by a second or two.
  return started !== undefined && Math.abs(started - owner.processStartedAt) > 5_000;
}

async function readOwner(lockPath: string): Promise<LockOwner | undefined> {
  try {
    const value = JSON.parse(await readFile(lockPath, 'utf8')) as Partial<LockOwner>;
    if (typeof value.pid === 'number' && typeof value.hostname === 'string') {
      return value as LockOwner;
    }
    return undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw error;
    }
    return undefined;
  }
}

/** Current holder of the lock of `directory`, or undefined when free (or unreadable). */
export async function readLockOwner(directory: string): Promise<LockOwner | undefined> {
  try {
    return await readOwner(lockPathFor(directory));
  } catch {
    return undefined;
  }
}

async function tryCreate(lockPath: string, content: string): Promise<boolean> {
  const temporary = `${lockPath}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, content, { mode: 0o644, flag: 'wx' });
  try {
    await link(temporary, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return false;
    }
    throw error;
  } finally {
    await unlink(temporary).catch(() => {});
  }
}

/** Removes a stale lock, unless another process is already doing so (or has done so) meanwhile. */
async function removeStale(lockPath: string, seen: string): Promise<void> {
  const guard = `${lockPath}.recovery`;
  try {
    await mkdir(guard);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
    // A recovery left behind by a process that died in the middle of it is itself stale after a few seconds.
    const age = await stat(guard).then(
      (info) => Date.now() - info.mtimeMs,
      () => 0,
    );
    if (age > 10_000) {
      await rmdir(guard).catch(() => {});
    }
    return;
  }
  try {
    const current = await readFile(lockPath, 'utf8').catch(() => undefined);
    if (current === seen) {
      await unlink(lockPath).catch(() => {});
    }
  } finally {
    await rmdir(guard).catch(() => {});
  }
}

/**
 * Takes the lock of `directory` for this process, or throws DataDirLockedError naming the holder. The lock is
 * dropped by release(), and on process exit if release() was never called.
 */
export async function acquireDataDirLock(directory: string, purpose: string): Promise<DataDirLock> {
  const lockPath = lockPathFor(directory);
  await mkdir(path.dirname(lockPath), { recursive: true });
  const owner: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    processStartedAt: thisProcessStartedAt,
    acquiredAt: new Date().toISOString(),
    purpose,
  };
  const content = `${JSON.stringify(owner, null, 2)}\n`;
  for (let attempt = 0; attempt < 20; attempt++) {
    if (await tryCreate(lockPath, content)) {
      const onExit = () => {
        try {
          if (readFileSync(lockPath, 'utf8') === content) {
            unlinkSync(lockPath);
          }
        } catch {
          // already gone
        }
      };
      process.once('exit', onExit);
      return {
        path: lockPath,
        owner,
        release: async () => {
          process.removeListener('exit', onExit);
          const current = await readFile(lockPath, 'utf8').catch(() => undefined);
          if (current === content) {
            await unlink(lockPath).catch(() => {});
          }
        },
      };
    }
    let seen: string;
    try {
      seen = await readFile(lockPath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        continue; // released meanwhile
      }
      throw error;
    }
    let holder: LockOwner | undefined;
    try {
      holder = JSON.parse(seen) as LockOwner;
    } catch {
      holder = undefined;
    }
    if (!holder || typeof holder.pid !== 'number' || !isStale(holder)) {
      throw new DataDirLockedError(lockPath, holder);
    }
    await removeStale(lockPath, seen);
    await new Promise((resolve) => setTimeout(resolve, 10 * attempt));
  }
  throw new DataDirLockedError(lockPath, await readOwner(lockPath).catch(() => undefined));
}
