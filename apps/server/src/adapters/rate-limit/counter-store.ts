import { Redis } from 'ioredis';

/** One fixed-window counter after an increment: the count in the window and the time left in it. */
export interface CounterHit {
  count: number;
  /** Milliseconds until the window (and the count) resets. */
  ttlMs: number;
}

/**
 * Fixed-window counters with a TTL, for limits that do not fit a route option of @fastify/rate-limit (e.g.
 * failed sign-ins per account). The memory store counts for this process only; the Redis store is shared by
 * every instance (RATE_LIMIT_STORE=redis, ADR 0018). Keys are prefixed with RATE_LIMIT_KEY_PREFIX.
 */
export interface CounterStore {
  readonly kind: 'memory' | 'redis';
  /** Adds 1 to `key`; the first hit opens a window of `windowMs`. */
  increment(key: string, windowMs: number): Promise<CounterHit>;
  /** The current count without counting (0 and ttl 0 when there is no open window). */
  peek(key: string): Promise<CounterHit>;
  /** Forgets the key (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  readonly kind = 'memory';
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly prefix = '',
    private readonly now: () => number = Date.now,
  ) {
    // Expired windows are dropped once a minute so that the map does not grow with every key ever seen.
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async increment(key: string, windowMs: number): Promise<CounterHit> {
    const fullKey = this.prefix + key;
    const now = this.now();
    let window = this.windows.get(fullKey);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(fullKey, window);
    }
    window.count += 1;
    return { count: window.count, ttlMs: window.resetAt - now };
  }

  async peek(key: string): Promise<CounterHit> {
    const window = this.windows.get(this.prefix + key);
    const now = this.now();
    return window && window.resetAt > now
      ? { count: window.count, ttlMs: window.resetAt - now }
      : { count: 0, ttlMs: 0 };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(this.prefix + key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) {
        this.windows.delete(key);
      }
    }
  }
}

/** INCR, then PEXPIRE on the first hit, in one script so that no key is left without a TTL. */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export class RedisCounterStore implements CounterStore {
  readonly kind = 'redis';

  /** `ownsClient`: close() quits the connection (false when the client is shared with @fastify/rate-limit). */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ownsClient = false,
  ) {}

  async increment(key: string, windowMs: number): Promise<CounterHit> {
    const [count, ttlMs] = (await this.redis.eval(INCREMENT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [
      number,
      number,
    ];
    return { count, ttlMs };
  }

  async peek(key: string): Promise<CounterHit> {
    const fullKey = this.prefix + key;
    const [[, value], [, ttl]] = (await this.redis.multi().get(fullKey).pttl(fullKey).exec()) as [
      [Error | null, string | null],
      [Error | null, number],
    ];
    return value === null || ttl <= 0 ? { count: 0, ttlMs: 0 } : { count: Number(value), ttlMs: ttl };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    if (this.ownsClient) {
      await this.redis.quit();
    }
  }
}

/**
 * A Redis connection for the rate-limit store. A command waits for at most one reconnection, then fails:
 * a limited request answers 500 rather than going through unlimited (the limits fail closed, ADR 0018).
 */
export function createRedisClient(url: string): Redis {
  return new Redis(url, {
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
}
