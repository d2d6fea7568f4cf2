// PGlite in a worker thread (ADR 0042). The thread (pglite-thread-entry.ts) owns the database and serves the
// PostgreSQL wire protocol on a unix socket inside a private temporary folder (mode 0700: only this user can reach
// it); this side connects to it with a node-postgres pool of ONE connection: PGlite has a single session, so a
// transaction, a named prepared statement (ADR 0038) and every other statement share one connection, in order,
// exactly as with the in-process PGlite.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

/** @internal What the thread is started with. */
export interface PgliteThreadData {
  /** Folder of the database (DATA_DIR/pglite); in memory when absent. */
  dataDir?: string | undefined;
  /**
   * A tarball of a data directory to start from (tests' migrated snapshot, ADR 0019): in memory, or into `dataDir`
   * when that folder holds no database yet (instead of an initdb).
   */
  loadDataDirFile?: string | undefined;
  /** Where the thread listens: `<private dir>/.s.PGSQL.5432`, the name node-postgres derives from host + port. */
  socketPath: string;
}

/** @internal Main thread → PGlite thread. */
export type PgliteThreadRequest = { type: 'dump'; id: number } | { type: 'close' };
/** @internal PGlite thread → main thread. */
export type PgliteThreadReply =
  | { type: 'ready' }
  | { type: 'dumped'; id: number; bytes: ArrayBuffer }
  | { type: 'closed' }
  | { type: 'failed'; id?: number; message: string };

export interface PgliteThread {
  /** The node-postgres pool (max 1) connected to the thread's socket. */
  readonly pool: pg.Pool;
  readonly threadId: number;
  /** Settles with the thread's exit code when it has ended (after close(), or if it died). */
  readonly exited: Promise<number>;
  /** `PGlite.dumpDataDir('none')`, run in the thread (tests). */
  dumpDataDir(): Promise<Blob>;
  /** Ends the pool, closes PGlite (the folder is written back), then the thread ends. */
  close(): Promise<void>;
}

const SOCKET_PORT = 5432;

/**
 * Beside the bundle (dist/pglite-thread.mjs next to dist/server.mjs), or from source under tsx (tests, `npm run
 * dev`, the bench): a worker does not inherit tsx's loader, so a small script registers it first (as
 * workers/pool.ts does).
 */
function startWorker(workerData: PgliteThreadData): Worker {
  const options = { name: 'pglite', workerData };
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./pglite-thread.mjs', import.meta.url), options);
  }
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL('./pglite-thread-entry.ts', import.meta.url).href;
  const script = `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(script, { ...options, eval: true });
}

export async function startPgliteThread(options: {
  dataDir?: string | undefined;
  loadDataDirFile?: string | undefined;
  connectTimeoutMs: number;
}): Promise<PgliteThread> {
  const socketDir = await mkdtemp(path.join(tmpdir(), 'pe-pglite-'));
  const worker = startWorker({
    dataDir: options.dataDir,
    loadDataDirFile: options.loadDataDirFile,
    socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
  });
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  const pending = new Map<number, { resolve: (blob: Blob) => void; reject: (error: Error) => void }>();
  let closed: (() => void) | undefined;
  let failure: Error | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (message: PgliteThreadReply) => {
        if (message.type === 'ready') {
          resolve();
        } else if (message.type === 'dumped') {
          pending.get(message.id)?.resolve(new Blob([message.bytes]));
          pending.delete(message.id);
        } else if (message.type === 'closed') {
          closed?.();
        } else if (message.type === 'failed') {
          const error = new Error(message.message);
          if (message.id === undefined) {
            reject(error);
          } else {
            pending.get(message.id)?.reject(error);
            pending.delete(message.id);
          }
        }
      });
      worker.on('error', (error) => {
        // PGlite aborted (out of memory, a WebAssembly trap): every later statement fails on a closed socket.
        failure = error;
        reject(error);
      });
      void exited.then((code) => reject(new Error(`le thread PGlite s'est arrêté (code ${code})`)));
    });
  } catch (error) {
    await worker.terminate();
    await rm(socketDir, { recursive: true, force: true });
    throw error;
  }

  const pool = new pg.Pool({
    host: socketDir,
    port: SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
    // One session (see above). Kept open: a new connection would find the previous one's prepared statements.
    max: 1,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: options.connectTimeoutMs,
    // A reconnection after an error must start from a clean session, like a new PostgreSQL connection: PGlite's
    // single backend still holds the previous connection's named prepared statements and settings. The pool
    // awaits this before handing the client out.
    onConnect: async (client) => {
      await client.query('discard all');
    },
  });
  pool.on('error', () => {});

  let nextId = 0;
  let closing: Promise<void> | undefined;
  return {
    pool,
    threadId: worker.threadId,
    exited,
    dumpDataDir: () =>
      new Promise<Blob>((resolve, reject) => {
        if (failure) {
          reject(failure);
          return;
        }
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ type: 'dump', id } satisfies PgliteThreadRequest);
      }),
    close: () => {
      closing ??= (async () => {
        try {
          await pool.end();
        } finally {
          const done = new Promise<void>((resolve) => {
            closed = resolve;
          });
          worker.postMessage({ type: 'close' } satisfies PgliteThreadRequest);
          // PGlite closed (or the thread already died): nothing is left to write.
          await Promise.race([done, exited]);
          await worker.terminate();
          await rm(socketDir, { recursive: true, force: true });
        }
      })();
      return closing;
    },
  };
}
