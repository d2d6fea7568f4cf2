// The PGlite thread (ADR 0042): owns the embedded database and serves it over the PostgreSQL wire protocol on a
// unix socket in a private folder (pglite-wire-server.ts: one engine call and one socket write per batch of
// messages up to Sync, ADR 0073). The server's main thread talks to
// it with node-postgres, as to PostgreSQL, so the WebAssembly work of every statement runs here, off the event loop.
// Started by pglite-thread.ts; dist/pglite-thread.mjs beside dist/server.mjs once bundled.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { PgliteThreadData, PgliteThreadReply, PgliteThreadRequest } from './pglite-thread.ts';
import { PgliteWireServer } from './pglite-wire-server.ts';

const port = parentPort;
if (!port) {
  throw new Error('pglite-thread-entry.ts runs in a worker thread only');
}
const data = workerData as PgliteThreadData;

/**
 * The tarball to start from: always in memory; for a folder, only while it holds no database yet (PGlite refuses to
 * load over one). Without it a new folder costs an initdb in this thread: 3.8 s of CPU against 1.1 s (ADR 0056).
 */
async function seed(): Promise<Blob | undefined> {
  if (!data.loadDataDirFile || (data.dataDir && existsSync(path.join(data.dataDir, 'PG_VERSION')))) {
    return undefined;
  }
  return new Blob([await readFile(data.loadDataDirFile)]);
}

async function open(): Promise<{ db: PGlite; server: PgliteWireServer }> {
  const loadDataDir = await seed();
  const db = new PGlite({
    ...(data.dataDir ? { dataDir: data.dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  try {
    await db.waitReady;
    // The main thread's pool keeps one connection, but replaces it after a failed query (node-postgres drops a
    // client on any query error): the new connection may come before this side has seen the old one close.
    const server = new PgliteWireServer({ db, path: data.socketPath, maxConnections: 4 });
    await server.start();
    return { db, server };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

const reply = (message: PgliteThreadReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

try {
  const { db, server } = await open();
  port.on('message', async (message: PgliteThreadRequest) => {
    try {
      if (message.type === 'dump') {
        const tarball = await db.dumpDataDir('none');
        const bytes = await tarball.arrayBuffer();
        reply({ type: 'dumped', id: message.id, bytes }, [bytes]);
      } else if (message.type === 'close') {
        // No new connection; the main thread ended its pool first. close() writes the folder back.
        await server.stop();
        await db.close();
        reply({ type: 'closed' });
        port.close();
      }
    } catch (error) {
      reply({ type: 'failed', ...('id' in message ? { id: message.id } : {}), message: String(error) });
    }
  });
  reply({ type: 'ready' });
} catch (error) {
  reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  port.close();
}
