import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import {
  acquireDataDirLock,
  DataDirLockedError,
  type LockOwner,
  lockPathFor,
  processState,
} from '../src/db/data-dir-lock.ts';

/** The pid of a process that has exited (and whose pid is, for the next instants, free). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  const pid = child.pid;
  await new Promise((resolve) => child.on('exit', resolve));
  if (!pid) {
    throw new Error('no pid');
  }
  return pid;
}

async function writeLock(directory: string, owner: Partial<LockOwner>): Promise<void> {
  const full: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    processStartedAt: 0,
    acquiredAt: '2026-01-01T00:00:00.000Z',
    purpose: 'serveur',
    ...owner,
  };
  await writeFile(lockPathFor(directory), JSON.stringify(full));
}

describe('PGlite folder lock (ADR 0017)', () => {
  it('openDatabase() refuses a folder locked by another holder, before starting PGlite, with a message to stop the server', async () => {
    const directory = path.join(await mkdtemp(path.join(tmpdir(), 'pe-lock-')), 'pglite');
    const held = await acquireDataDirLock(directory, 'serveur');
    expect(JSON.parse(await readFile(lockPathFor(directory), 'utf8'))).toMatchObject({
      pid: process.pid,
      hostname: hostname(),
      purpose: 'serveur',
    });
    const second = openDatabase({ pgliteDir: directory, purpose: 'admin:create' });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(
      `La base de données embarquée (${directory}) est déjà ouverte par un autre processus (serveur, pid ${process.pid} sur ${hostname()}, depuis le ${held.owner.acquiredAt}). Deux processus ne peuvent pas ouvrir le même dossier PGlite : arrêtez d'abord le serveur (ou la commande en cours), puis relancez cette commande.`,
    );
    // Refused before PGlite created anything in the folder.
    expect(existsSync(directory)).toBe(false);
    await held.release();
    expect(existsSync(lockPathFor(directory))).toBe(false);
    const next = await acquireDataDirLock(directory, 'admin:create');
    await next.release();
  });

  it('takes over a stale lock whose process is dead, or whose pid now belongs to another process', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'pe-lock-'));
    const dead = path.join(base, 'dead');
    await writeLock(dead, { pid: await deadPid() });
    const lock = await acquireDataDirLock(dead, 'admin:create');
    expect(JSON.parse(await readFile(lockPathFor(dead), 'utf8'))).toMatchObject({
      pid: process.pid,
      purpose: 'admin:create',
    });
    await lock.release();
    expect(existsSync(lockPathFor(dead))).toBe(false);

    // Same live pid (the parent of this process) but another start time: the pid was reused.
    const reused = path.join(base, 'reused');
    await writeLock(reused, { pid: process.ppid, processStartedAt: 1_000 });
    const taken = await acquireDataDirLock(reused, 'serveur');
    await taken.release();
  });

  it('refuses a lock held by a live process, one taken on another host (cannot be checked) and an unreadable one', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'pe-lock-'));
    const live = path.join(base, 'live');
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      // The child started just now: its /proc start time matches the one in the lock.
      await writeLock(live, { pid: child.pid ?? 0, processStartedAt: Date.now() });
      await expect(acquireDataDirLock(live, 'admin:role')).rejects.toThrow(`pid ${child.pid}`);
    } finally {
      child.kill();
    }
    const remote = path.join(base, 'remote');
    await writeLock(remote, { hostname: 'autre-machine', pid: await deadPid() });
    await expect(acquireDataDirLock(remote, 'admin:role')).rejects.toThrow(
      `Le verrou a été pris sur une autre machine (autre-machine) : si aucun processus ne l'utilise plus, supprimez ${lockPathFor(remote)}.`,
    );
    // A lock that cannot be read is never taken over; the message says what to do.
    const garbled = path.join(base, 'garbled');
    await writeFile(lockPathFor(garbled), '{"pid":');
    await expect(acquireDataDirLock(garbled, 'admin:role')).rejects.toThrow(
      `Le verrou ${lockPathFor(garbled)} est illisible : si aucun processus n'utilise ce dossier, supprimez-le.`,
    );
  });

  it('takes over a lock whose holder was killed but not yet reaped (a zombie still answers kill(pid, 0))', async () => {
    // The shell starts a child that prints its pid and exits, then becomes `sleep`, which never reaps it.
    const parent = spawn('sh', ['-c', "sh -c 'echo $$' & exec sleep 60 >/dev/null"], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      let output = '';
      parent.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      await new Promise((resolve) => parent.stdout.on('end', resolve));
      const zombie = Number(output.trim());
      expect(zombie).toBeGreaterThan(0);
      await expect.poll(() => processState(zombie)).toBe('Z');
      expect(processState(process.pid)).toMatch(/^[RS]$/);
      expect(processState(await deadPid())).toBeUndefined();

      // Its /proc start time matches the lock's: only its state tells that it is gone.
      const directory = path.join(await mkdtemp(path.join(tmpdir(), 'pe-lock-')), 'pglite');
      await writeLock(directory, { pid: zombie, processStartedAt: Date.now() });
      const lock = await acquireDataDirLock(directory, 'serveur');
      expect(lock.owner.pid).toBe(process.pid);
      await lock.release();
    } finally {
      parent.kill();
    }
  });

  it('lets exactly one of several contenders racing for a stale lock take it', async () => {
    const directory = path.join(await mkdtemp(path.join(tmpdir(), 'pe-lock-')), 'pglite');
    await writeLock(directory, { pid: await deadPid() });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) => acquireDataDirLock(directory, `course-${index}`)),
    );
    const won = results.filter((result) => result.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(5);
    for (const result of won) {
      await result.value.release();
    }
  });
});
