/**
 * The background lane (ADR 0092): statements of long background work (a portfolio run's reads and writes) go to the
 * database one at a time, each only once no other statement waits for a connection. The embedded PGlite has a single
 * session (ADR 0042): a request's statement queued behind several of a run's statements waited for all of them
 * (GET /api/health p99 × 4 during a 10 000-site run). Through the lane it waits for one at most: the one in flight.
 */

/** What the lane reads of a node-postgres pool (pg.Pool). */
export interface LanePool {
  readonly waitingCount: number;
  readonly idleCount: number;
  readonly totalCount: number;
  readonly options: { max?: number };
  on(event: 'release', listener: () => void): unknown;
  off(event: 'release', listener: () => void): unknown;
}

export interface BackgroundLane {
  /**
   * Runs `statement` (a query builder or a function that awaits one statement) after the lane's earlier statements,
   * once the event loop has had a turn and no other statement waits for the database.
   */
  run<T>(statement: () => PromiseLike<T>): Promise<T>;
  /** Statements asked for and not sent yet. */
  waiting(): number;
}

export interface BackgroundLaneOptions {
  /**
   * Longest wait for a free connection before a statement goes anyway: requests that keep the database busy without
   * a pause slow the background work down, they do not stop it.
   */
  maxWaitMs?: number;
}

export const DEFAULT_LANE_MAX_WAIT_MS = 100;

/** A free connection, and nobody queued for one. */
function isFree(pool: LanePool): boolean {
  return pool.waitingCount === 0 && (pool.idleCount > 0 || pool.totalCount < (pool.options.max ?? 10));
}

/** Resolves when the pool is free (re-read after each release, once the pool has handed the client on), or after maxWaitMs. */
function whenFree(pool: LanePool, maxWaitMs: number): Promise<void> {
  if (isFree(pool)) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        clearTimeout(timer);
        pool.off('release', onRelease);
        resolve();
      }
    };
    // 'release' is emitted before the pool gives the client to the next waiter: read the state a turn later.
    const onRelease = () => {
      setImmediate(() => {
        if (isFree(pool)) {
          finish();
        }
      });
    };
    const timer = setTimeout(finish, maxWaitMs);
    pool.on('release', onRelease);
  });
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A lane over `pool` (the PGlite thread's one-connection pool, or PostgreSQL's pool). Without a pool (PGlite in this
 * thread: operator commands, tests) the lane only keeps its statements one at a time.
 */
export function createBackgroundLane(pool: LanePool | undefined, options: BackgroundLaneOptions = {}): BackgroundLane {
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_LANE_MAX_WAIT_MS;
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return {
    waiting: () => waiting,
    run<T>(statement: () => PromiseLike<T>): Promise<T> {
      waiting += 1;
      const result = tail.then(async () => {
        // A request whose bytes arrived meanwhile is read (and its statement queued) before the check.
        await turn();
        if (pool) {
          await whenFree(pool, maxWaitMs);
        }
        waiting -= 1;
        return await statement();
      });
      tail = result.catch(() => undefined);
      return result;
    },
  };
}
