/**
 * Runs at most `maxConcurrent` tasks at once; at most `maxQueued` more wait in order, and anything beyond is refused
 * at once with the limiter's busy error. Used for password hashes (ADR 0016, modules/auth/hash-limiter.ts) and for
 * simulations (ADR 0038: a bulkhead, so a burst of simulations cannot fill the database queue that light routes
 * share).
 */
export interface ConcurrencyLimiterOptions {
  maxConcurrent: number;
  maxQueued: number;
}

export class ConcurrencyLimiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly options: ConcurrencyLimiterOptions,
    private readonly busy: () => Error = () => new Error('concurrency limiter queue is full'),
  ) {
    if (options.maxConcurrent < 1 || options.maxQueued < 0) {
      throw new Error('ConcurrencyLimiter: maxConcurrent ≥ 1 and maxQueued ≥ 0');
    }
  }

  /** Tasks running now. */
  get running(): number {
    return this.active;
  }

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** True when a new task would be refused. */
  get full(): boolean {
    return this.active >= this.options.maxConcurrent && this.waiting.length >= this.options.maxQueued;
  }

  /** Runs `task` when a slot is free; throws the busy error at once when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.options.maxConcurrent) {
      if (this.waiting.length >= this.options.maxQueued) {
        throw this.busy();
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) {
        // The slot passes straight to the next waiter: `active` stays the same.
        next();
      } else {
        this.active -= 1;
      }
    }
  }
}
