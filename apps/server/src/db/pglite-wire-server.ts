// The PostgreSQL wire protocol served from the PGlite thread (ADR 0042, ADR 0073). It replaces
// @electric-sql/pglite-socket's server, which ran each protocol message (Parse, Bind, Describe, Execute, Sync) in an
// engine call of its own and wrote each answer at once: ≈ 17 socket writes per simulation (ADR 0057). Here the
// messages a client sends are collected up to the one it waits after (Sync, a simple Query, Flush, the end of a COPY,
// a function call…), the batch goes to PGlite in ONE `execProtocolRawStream` — whose loop runs every message of the
// buffer, as PostgreSQL's does, error recovery up to Sync included — and its answer leaves in ONE socket write.
// Several batches already received (pipelining) run in the same engine call. The engine is shared: batches of all
// connections run one at a time, and while a connection's transaction is open only that connection's batches run
// (what pglite-socket's queue did); a connection that closes inside its transaction has it rolled back.
import { EventEmitter } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
/** A startup packet is small; a longer « length » is garbage (PostgreSQL's MAX_STARTUP_PACKET_LENGTH). */
const MAX_STARTUP_LENGTH = 10_000;

/**
 * Messages after which the client does not wait for anything (the server answers them later, at Sync or Flush):
 * they join the batch. Every other message ends it — Sync ('S'), Query ('Q'), Flush ('H'), CopyDone ('c'),
 * CopyFail ('f'), FunctionCall ('F'), a password ('p') — and Terminate ('X') ends the connection.
 */
const JOINS_BATCH = new Set(['P', 'B', 'D', 'E', 'C', 'd'].map((c) => c.charCodeAt(0)));
const TERMINATE = 'X'.charCodeAt(0);

/** Counters of the server's work (tests: an answer split again into several writes fails them). */
export interface PgliteWireStats {
  /** `execProtocolRawStream` calls (startup packets and batches). */
  engineCalls: number;
  /** Socket writes of answers. */
  writes: number;
}

interface Batch {
  readonly connection: Connection;
  /** Protocol bytes for the engine, or a rollback of the connection's open transaction (it has closed). */
  readonly bytes: Uint8Array | 'rollback';
}

class Connection {
  /** Bytes received and not yet handed to the engine (an unfinished batch, or an incomplete message). */
  #pending: Buffer = Buffer.alloc(0);
  /** Where the next message of #pending starts (messages before it join the unfinished batch). */
  #scanned = 0;
  #startup = true;
  closed = false;

  constructor(
    readonly socket: Socket,
    private readonly server: PgliteWireServer,
  ) {}

  receive(chunk: Buffer): void {
    this.#pending = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    const buffer = this.#pending;
    let batchStart = 0;
    let offset = this.#scanned;
    while (!this.closed) {
      if (this.#startup) {
        if (buffer.length - offset < 8) {
          break;
        }
        const length = buffer.readInt32BE(offset);
        const code = buffer.readInt32BE(offset + 4);
        if (length < 8 || length > MAX_STARTUP_LENGTH) {
          this.server.drop(this);
          return;
        }
        if (buffer.length - offset < length) {
          break;
        }
        const end = offset + length;
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          // No encryption on a private unix socket: « N », and the client goes on in clear.
          this.socket.write('N');
        } else if (code === CANCEL_REQUEST) {
          // PGlite has no other backend to signal: nothing to answer, and the connection ends (as PostgreSQL's).
          this.server.drop(this);
          return;
        } else if (code === PROTOCOL_3) {
          this.#startup = false;
          this.server.enqueue({ connection: this, bytes: buffer.subarray(offset, end) });
        } else {
          this.server.drop(this);
          return;
        }
        offset = end;
        batchStart = end;
        continue;
      }
      if (buffer.length - offset < 5) {
        break;
      }
      const type = buffer[offset] as number;
      const length = buffer.readInt32BE(offset + 1);
      if (length < 4) {
        this.server.drop(this);
        return;
      }
      if (buffer.length - offset < 1 + length) {
        break;
      }
      const end = offset + 1 + length;
      if (type === TERMINATE) {
        if (offset > batchStart) {
          this.server.enqueue({ connection: this, bytes: buffer.subarray(batchStart, offset) });
        }
        this.server.drop(this, { afterPending: true });
        return;
      }
      offset = end;
      if (!JOINS_BATCH.has(type)) {
        // Everything received up to here: one engine call (several batches when the client pipelines).
        const next = this.#nextEnd(buffer, offset);
        offset = next;
        this.server.enqueue({ connection: this, bytes: buffer.subarray(batchStart, offset) });
        batchStart = offset;
      }
    }
    this.#pending = batchStart === buffer.length ? Buffer.alloc(0) : buffer.subarray(batchStart);
    this.#scanned = offset - batchStart;
  }

  /**
   * The end of the last complete batch that follows `from` in `buffer` (pipelined batches received together), or
   * `from`: they go to the engine with the batch that ends at `from`. Stops before a Terminate.
   */
  #nextEnd(buffer: Buffer, from: number): number {
    let offset = from;
    let end = from;
    while (buffer.length - offset >= 5) {
      const type = buffer[offset] as number;
      const length = buffer.readInt32BE(offset + 1);
      if (length < 4 || type === TERMINATE || buffer.length - offset < 1 + length) {
        break;
      }
      offset += 1 + length;
      if (!JOINS_BATCH.has(type)) {
        end = offset;
      }
    }
    return end;
  }
}

export interface PgliteWireServerOptions {
  readonly db: PGlite;
  /** The unix socket's path. */
  readonly path: string;
  /** Connections at once; more are closed at once (default 4). */
  readonly maxConnections?: number;
}

/**
 * Serves `db` over the PostgreSQL wire protocol on a unix socket. Events: `held` (a batch waits because another
 * connection's transaction is open; tests).
 */
export class PgliteWireServer extends EventEmitter {
  readonly stats: PgliteWireStats = { engineCalls: 0, writes: 0 };
  readonly #db: PGlite;
  readonly #path: string;
  readonly #maxConnections: number;
  readonly #connections = new Set<Connection>();
  readonly #queue: Batch[] = [];
  /** The connection whose transaction is open: only its batches run until it ends. */
  #owner: Connection | undefined;
  #draining: Promise<void> | undefined;
  #server: Server | undefined;

  constructor(options: PgliteWireServerOptions) {
    super();
    this.#db = options.db;
    this.#path = options.path;
    this.#maxConnections = options.maxConnections ?? 4;
  }

  async start(): Promise<void> {
    await this.#db.waitReady;
    const server = createServer((socket) => this.#accept(socket));
    this.#server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#path, () => {
        server.off('error', reject);
        resolve();
      });
    });
  }

  /** No new connection; the open ones are closed (an open transaction rolled back) and the engine left idle. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const connection of [...this.#connections]) {
      this.drop(connection);
    }
    await this.#draining;
    if (server) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  #accept(socket: Socket): void {
    if (!this.#server || this.#connections.size >= this.#maxConnections) {
      socket.destroy();
      return;
    }
    const connection = new Connection(socket, this);
    this.#connections.add(connection);
    socket.on('data', (chunk: Buffer) => connection.receive(chunk));
    socket.on('error', () => this.drop(connection));
    socket.on('close', () => this.drop(connection));
  }

  /** @internal A batch of `connection`, run after those before it. */
  enqueue(batch: Batch): void {
    this.#queue.push(batch);
    if (this.#owner && this.#owner !== batch.connection) {
      this.emit('held');
    }
    this.#draining ??= this.#drain().finally(() => {
      this.#draining = undefined;
    });
  }

  /**
   * @internal Ends `connection`: its batches not yet run are dropped (with `afterPending`, after they have run: a
   * Terminate), its open transaction rolled back.
   */
  drop(connection: Connection, { afterPending = false } = {}): void {
    if (connection.closed) {
      return;
    }
    if (afterPending && this.#queue.some((batch) => batch.connection === connection)) {
      // Terminate after a batch: close once it has run (its answer written first).
      this.#queue.push({ connection, bytes: 'rollback' });
      this.#draining ??= this.#drain().finally(() => {
        this.#draining = undefined;
      });
      return;
    }
    connection.closed = true;
    this.#connections.delete(connection);
    if (afterPending) {
      // A Terminate: the connection ends as PostgreSQL ends it.
      connection.socket.end();
    } else {
      connection.socket.destroy();
    }
    for (let i = this.#queue.length - 1; i >= 0; i -= 1) {
      if (this.#queue[i]?.connection === connection) {
        this.#queue.splice(i, 1);
      }
    }
    if (this.#owner === connection) {
      // Run before anything else: the owner's batches are the only ones that may run now.
      this.#queue.unshift({ connection, bytes: 'rollback' });
      this.#draining ??= this.#drain().finally(() => {
        this.#draining = undefined;
      });
    }
  }

  async #drain(): Promise<void> {
    for (;;) {
      const owner = this.#owner;
      const index = owner ? this.#queue.findIndex((batch) => batch.connection === owner) : 0;
      const batch = index >= 0 ? this.#queue[index] : undefined;
      if (!batch) {
        return;
      }
      this.#queue.splice(index, 1);
      await this.#run(batch);
    }
  }

  async #run({ connection, bytes }: Batch): Promise<void> {
    if (bytes === 'rollback') {
      if (!connection.closed) {
        // A Terminate that waited for its connection's batches.
        connection.closed = true;
        this.#connections.delete(connection);
        connection.socket.end();
      }
      if (this.#owner === connection) {
        if (this.#db.isInTransaction()) {
          await this.#db.exec('rollback');
        }
        this.#owner = undefined;
      }
      return;
    }
    const chunks: Buffer[] = [];
    try {
      await this.#db.runExclusive(() =>
        this.#db.execProtocolRawStream(bytes, {
          // A view into the engine's memory, reused by the next call: copied.
          onRawData: (data) => chunks.push(Buffer.from(data)),
        }),
      );
    } catch {
      // The engine itself failed (not an SQL error, which is an ErrorResponse in the answer): end this connection.
      this.stats.engineCalls += 1;
      this.drop(connection);
      await this.#settle(connection);
      return;
    }
    this.stats.engineCalls += 1;
    await this.#settle(connection);
    if (chunks.length > 0 && !connection.closed && connection.socket.writable) {
      connection.socket.write(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
      this.stats.writes += 1;
    }
  }

  /** After a batch: its connection owns the engine while its transaction is open; closed meanwhile, rolled back. */
  async #settle(connection: Connection): Promise<void> {
    if (connection.closed && this.#db.isInTransaction()) {
      await this.#db.exec('rollback');
    }
    this.#owner = this.#db.isInTransaction() ? connection : undefined;
  }
}
