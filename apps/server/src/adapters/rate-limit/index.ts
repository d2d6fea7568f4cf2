import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import { type CounterStore, createRedisClient, MemoryCounterStore, RedisCounterStore } from './counter-store.ts';

export type { CounterHit, CounterStore } from './counter-store.ts';
export { MemoryCounterStore, RedisCounterStore } from './counter-store.ts';

/**
 * @fastify/rate-limit, registered without a global limit: routes opt in with `config.rateLimit`.
 * The store is chosen by RATE_LIMIT_STORE: 'memory' (one instance) or 'redis' (REDIS_URL; every instance
 * behind the load balancer counts in the same keys, prefixed with RATE_LIMIT_KEY_PREFIX). A refusal is our
 * 429 `RATE_LIMITED` with `Retry-After`. Returns the counter store of the same kind (same Redis connection)
 * for limits that are not a route option (ADR 0018); it is closed with the app.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<CounterStore> {
  const { kind, redisUrl, keyPrefix } = config.rateLimitStore;
  let counters: CounterStore;
  let redis: ReturnType<typeof createRedisClient> | undefined;
  if (kind === 'redis') {
    if (!redisUrl) {
      throw new Error('RATE_LIMIT_STORE=redis needs REDIS_URL');
    }
    redis = createRedisClient(redisUrl);
    redis.on('error', (error) => app.log.error({ err: error }, 'rate-limit: Redis error'));
    counters = new RedisCounterStore(redis, `${keyPrefix}c:`);
  } else if (kind === 'memory') {
    counters = new MemoryCounterStore(`${keyPrefix}c:`);
  } else {
    throw new Error(`rate-limit store not supported: ${String(kind)}`);
  }
  app.addHook('onClose', async () => {
    await counters.close();
    // quit() waits for Redis to answer; a client that is not connected is just dropped.
    if (redis?.status === 'ready') {
      await redis.quit();
    } else {
      redis?.disconnect();
    }
  });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${keyPrefix}r:` } : {}),
    skipOnError: false,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError('RATE_LIMITED', `Trop de requêtes. Veuillez réessayer dans ${seconds} s.`);
    },
  });
  return counters;
}

/**
 * Route option (`config`) for a limit counted per client IP: `max` requests per `windowMs`, in the store chosen by
 * RATE_LIMIT_STORE (shared by every instance on Redis).
 */
export function perIpRateLimit({ max, windowMs }: { max: number; windowMs: number }) {
  return { rateLimit: { max, timeWindow: windowMs, keyGenerator: (request: { ip: string }) => request.ip } };
}

/** Route option for one auth endpoint: AUTH_RATE_LIMIT_MAX requests per window, per client IP. */
export function authRateLimit(config: Config) {
  return perIpRateLimit({ max: config.authRateLimit.max, windowMs: config.authRateLimit.windowSeconds * 1000 });
}

/** Route option for the simulation PDF: PDF_RATE_LIMIT_MAX downloads per window, per client IP (ADR 0018). */
export function pdfRateLimit(config: Config) {
  return perIpRateLimit({ max: config.pdf.rateLimitMax, windowMs: config.pdf.rateLimitWindowSeconds * 1000 });
}
