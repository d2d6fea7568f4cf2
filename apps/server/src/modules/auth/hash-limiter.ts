import { ConcurrencyLimiter, type ConcurrencyLimiterOptions } from '../../lib/concurrency-limiter.ts';

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

export type HashLimiterOptions = ConcurrencyLimiterOptions;

export class HashLimiter extends ConcurrencyLimiter {
  constructor(options: HashLimiterOptions) {
    super(options, () => new HashingBusyError());
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's password-hash limiter (tests hold its slots to observe the queue). */
    passwordHashing: HashLimiter;
  }
}
