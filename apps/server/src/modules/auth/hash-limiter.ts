/**
 * Bounds the password hashes running at once (ADR 0016). One scrypt at the production cost takes 128 MiB: a
 * sign-in flood used to start one per request (libuv runs 4, the rest wait holding their buffers and
 * requests), so memory grew from ~400 MB to ~1.1 GB. Here at most `maxConcurrent` hashes run, at most
 * `maxQueued` wait in order, and anything beyond is refused at once with HashingBusyError (the bridge
 * answers 503 + Retry-After).
 */
export class HashingBusyError extends Error {
  constructor() {
    super('password hashing queue is full');
    this.name = 'HashingBusyError';
  }
}

export interface HashLimiterOptions {
  maxConcurrent: number;
  maxQueued: number;
}

export class HashLimiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly options: HashLimiterOptions) {
    if (options.maxConcurrent < 1 || options.maxQueued < 0) {
      throw new Error('HashLimiter: maxConcurrent ≥ 1 and maxQueued ≥ 0');
    }
  }

  /** Hashes running now. */
  get running(): number {
    return this.active;
  }

  /** Hashes waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** True when a new hash would be refused. */
  get full(): boolean {
    return this.active >= this.options.maxConcurrent && this.waiting.length >= this.options.maxQueued;
  }

  /** Runs `task` when a slot is free; throws HashingBusyError at once when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.options.maxConcurrent) {
      if (this.waiting.length >= this.options.maxQueued) {
        throw new HashingBusyError();
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's password-hash limiter (tests hold its slots to observe the queue). */
    passwordHashing: HashLimiter;
  }
}
