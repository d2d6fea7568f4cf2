// The PGlite thread's wire server (ADR 0073): a batch of messages up to Sync costs one engine call and one socket
// write, and what a client reads is byte for byte what @electric-sql/pglite-socket's server (one engine call per
// message, the previous server of the thread) answers to the same bytes — errors in the middle of a batch,
// pipelined batches, Flush, notices, the transaction status — on the same PGlite.
import { mkdtemp, readFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PgliteWireServer } from '../src/db/pglite-wire-server.ts';

// --- A raw protocol client: messages as bytes, answers as [type, body] ---
const cstring = (value: string) => Buffer.from(`${value}\0`);
function message(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}
const int16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const parse = (sql: string, name = '') => message('P', cstring(name), cstring(sql), int16(0));
const bind = (params: string[] = [], statement = '') =>
  message(
    'B',
    cstring(''),
    cstring(statement),
    int16(0),
    int16(params.length),
    ...params.flatMap((p) => [int32(Buffer.byteLength(p)), Buffer.from(p)]),
    int16(0),
  );
const describePortal = () => message('D', Buffer.from('P'), cstring(''));
const execute = () => message('E', cstring(''), int32(0));
const sync = () => message('S');
const flush = () => message('H');
const query = (sql: string) => message('Q', cstring(sql));
/** One extended-protocol statement as node-postgres sends it. */
const statement = (sql: string, params: string[] = []) => [parse(sql), bind(params), describePortal(), execute()];

interface Answer {
  type: string;
  body: string;
}

class RawClient {
  readonly #socket: Socket;
  #buffer = Buffer.alloc(0);
  readonly answers: Answer[] = [];
  #waiter: (() => void) | undefined;

  constructor(socketPath: string) {
    this.#socket = connect(socketPath);
    // A server that stops resets its connections: the test reads answers, not the end.
    this.#socket.on('error', () => {});
    this.#socket.on('data', (chunk: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      while (this.#buffer.length >= 5 && this.#buffer.length >= 1 + this.#buffer.readInt32BE(1)) {
        const end = 1 + this.#buffer.readInt32BE(1);
        this.answers.push({
          type: String.fromCharCode(this.#buffer[0] as number),
          body: this.#buffer.subarray(5, end).toString('latin1'),
        });
        this.#buffer = this.#buffer.subarray(end);
      }
      this.#waiter?.();
    });
  }

  /** Sends `bytes` (as separate writes when several) and waits for `readyCount` ReadyForQuery (or `until`). */
  async send(parts: Buffer[], until: (answers: Answer[]) => boolean): Promise<Answer[]> {
    const start = this.answers.length;
    for (const part of parts) {
      this.#socket.write(part);
    }
    await new Promise<void>((resolve) => {
      const check = () => {
        if (until(this.answers.slice(start))) {
          this.#waiter = undefined;
          resolve();
        }
      };
      this.#waiter = check;
      check();
    });
    return this.answers.slice(start);
  }

  static async open(socketPath: string): Promise<RawClient> {
    const client = new RawClient(socketPath);
    const startup = Buffer.concat([int32(196608), cstring('user'), cstring('postgres'), cstring('database')]);
    const body = Buffer.concat([startup, cstring('postgres'), Buffer.from([0])]);
    await client.send([Buffer.concat([int32(body.length + 4), body])], readies(1));
    return client;
  }

  close(): void {
    this.#socket.end(message('X'));
  }
}

const readies =
  (n: number) =>
  (answers: Answer[]): boolean =>
    answers.filter((a) => a.type === 'Z').length >= n;
const types = (answers: Answer[]) => answers.map((a) => a.type).join('');
/** The text of a one-column DataRow. */
const value = (answers: Answer[]) => answers.find((a) => a.type === 'D')?.body.slice(6);

describe('the PGlite thread wire server (ADR 0073)', () => {
  let db: PGlite;
  let wire: PgliteWireServer;
  let reference: PGLiteSocketServer;
  let wireClient: RawClient;
  let referenceClient: RawClient;
  let wirePath: string;

  beforeAll(async () => {
    db = new PGlite({ loadDataDir: new Blob([await readFile(inject('pgliteSnapshot'))]) });
    await db.waitReady;
    await db.exec('create table wire_notes (id integer primary key, body text not null)');
    const folder = await mkdtemp(path.join(tmpdir(), 'pe-wire-'));
    wirePath = path.join(folder, 'wire.sock');
    wire = new PgliteWireServer({ db, path: wirePath, maxConnections: 4 });
    await wire.start();
    reference = new PGLiteSocketServer({ db, path: path.join(folder, 'reference.sock'), maxConnections: 4 });
    await reference.start();
    wireClient = await RawClient.open(wirePath);
    referenceClient = await RawClient.open(path.join(folder, 'reference.sock'));
    // The engine's one session reports its changed settings (ParameterStatus) at the next ReadyForQuery after a
    // startup, to whichever connection comes first: taken here, so that both servers answer the same later.
    for (const client of [wireClient, referenceClient]) {
      await client.send([query('select 1')], readies(1));
    }
  });
  afterAll(async () => {
    wireClient?.close();
    referenceClient?.close();
    await wire?.stop();
    await reference?.stop();
    await db?.close();
  });

  type Step = readonly [parts: Buffer[], until: (answers: Answer[]) => boolean];
  interface Outcome {
    answers: Answer[];
    engineCalls: number;
    writes: number;
  }

  /**
   * The same steps to the reference server, then to this one (each run whole: they share the engine's one session):
   * the same answers, and what each step cost this one.
   */
  async function both(...steps: Step[]): Promise<Outcome[]> {
    const expected: Answer[][] = [];
    for (const [parts, until] of steps) {
      expected.push(await referenceClient.send(parts, until));
    }
    const outcomes: Outcome[] = [];
    for (const [parts, until] of steps) {
      const before = { ...wire.stats };
      const answers = await wireClient.send(parts, until);
      outcomes.push({
        answers,
        engineCalls: wire.stats.engineCalls - before.engineCalls,
        writes: wire.stats.writes - before.writes,
      });
    }
    expect(outcomes.map((o) => o.answers)).toEqual(expected);
    return outcomes;
  }

  it('answers an extended-protocol batch (Parse, Bind, Describe, Execute, Sync) with one engine call and ONE write', async () => {
    const [outcome] = await both([
      [Buffer.concat([...statement('select $1::int + 1 as n', ['41']), sync()])],
      readies(1),
    ]);
    expect(types(outcome?.answers ?? [])).toBe('12TDCZ');
    expect(value(outcome?.answers ?? [])).toBe('42');
    expect(outcome?.engineCalls).toBe(1);
    expect(outcome?.writes).toBe(1);
  });

  it('answers a batch that arrives in several pieces, one cut inside a message, with one write', async () => {
    const bytes = Buffer.concat([...statement('select $1::text as t', ['morceaux']), sync()]);
    const [outcome] = await both([[bytes.subarray(0, 7), bytes.subarray(7, 30), bytes.subarray(30)], readies(1)]);
    expect(types(outcome?.answers ?? [])).toBe('12TDCZ');
    expect(value(outcome?.answers ?? [])).toBe('morceaux');
    expect(outcome?.engineCalls).toBe(1);
    expect(outcome?.writes).toBe(1);
  });

  it('after an error in the middle of a batch, skips to Sync and answers the next batches (pipelined) exactly', async () => {
    const [outcome] = await both([
      [
        Buffer.concat([
          ...statement('select 1 / $1::int', ['0']),
          ...statement('insert into wire_notes values (1, $1) returning id', ['jamais']),
          sync(),
          parse('selec 1'),
          bind(),
          execute(),
          sync(),
          ...statement('select count(*)::int as n from wire_notes'),
          sync(),
        ]),
      ],
      readies(3),
    ]);
    const answers = outcome?.answers ?? [];
    // Division by zero (at Bind: the constant is folded when planning): ErrorResponse, the rest of the batch (the
    // insert) skipped up to Sync, ReadyForQuery; a syntax error at Parse the same; then the count.
    expect(types(answers)).toBe('1EZEZ12TDCZ');
    expect(answers[1]?.body).toContain('22012');
    expect(answers[3]?.body).toContain('42601');
    expect(value(answers)).toBe('0');
    // Pipelined batches received together run together: never more writes than batches.
    expect(outcome?.writes).toBeLessThanOrEqual(3);
    expect((await db.query('select count(*)::int as n from wire_notes')).rows).toEqual([{ n: 0 }]);
  });

  it('keeps the transaction status (open, failed, rolled back), simple queries, notices and Flush exact', async () => {
    const insert = (body: string) =>
      Buffer.concat([...statement('insert into wire_notes values (1, $1)', [body]), sync()]);
    const [begun, inserted, failed, rolledBack, notice, flushed, synced] = await both(
      [[query('begin')], readies(1)],
      [[insert('a')], readies(1)],
      [[insert('b')], readies(1)],
      [[query('rollback; select 1 as un; select 2 as deux')], readies(1)],
      [[query(`do $$ begin raise notice 'bonjour'; end $$`)], readies(1)],
      // Flush: the answer so far, without ReadyForQuery; then Sync.
      [[Buffer.concat([...statement('select 3 as trois'), flush()])], (answers) => answers.some((a) => a.type === 'C')],
      [[sync()], readies(1)],
    );
    expect(begun?.answers.at(-1)?.body).toBe('T');
    expect(types(inserted?.answers ?? [])).toBe('12nCZ');
    expect(types(failed?.answers ?? [])).toBe('12nEZ');
    expect(failed?.answers.at(-1)?.body).toBe('E');
    expect(types(rolledBack?.answers ?? [])).toBe('CTDCTDCZ');
    expect(rolledBack?.answers.at(-1)?.body).toBe('I');
    expect(types(notice?.answers ?? [])).toBe('NCZ');
    expect(notice?.answers[0]?.body).toContain('bonjour');
    expect(types(flushed?.answers ?? [])).toBe('12TDC');
    expect(flushed?.writes).toBe(1);
    expect(types(synced?.answers ?? [])).toBe('Z');
    expect((await db.query('select count(*)::int as n from wire_notes')).rows).toEqual([{ n: 0 }]);
  });

  it("runs another connection's batch only after an open transaction ends, and rolls back a closed connection's", async () => {
    const owner = await RawClient.open(wirePath);
    const other = await RawClient.open(wirePath);
    await owner.send([query(`begin; insert into wire_notes values (9, 'pas encore')`)], readies(1));
    const held = new Promise((resolve) => wire.once('held', resolve));
    const read = other.send(
      [Buffer.concat([...statement('select count(*)::int as n from wire_notes'), sync()])],
      readies(1),
    );
    await held;
    // The other connection's count runs after the rollback: it never sees the uncommitted row.
    await owner.send([query('rollback')], readies(1));
    expect(value(await read)).toBe('0');

    // A connection that closes inside its transaction: rolled back, the engine free for the others.
    await owner.send([query(`begin; insert into wire_notes values (10, 'perdue')`)], readies(1));
    const heldAgain = new Promise((resolve) => wire.once('held', resolve));
    const after = other.send([query('select count(*)::int as n from wire_notes')], readies(1));
    await heldAgain;
    owner.close();
    const answers = await after;
    expect(value(answers)).toBe('0');
    expect(answers.at(-1)?.body).toBe('I');
    other.close();
  });
});
