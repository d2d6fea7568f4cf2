import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * @fastify/rate-limit, registered without a global limit: routes opt in with `config.rateLimit`.
 * The store is chosen by RATE_LIMIT_STORE: 'memory' (one instance) today; a Redis store (several instances)
 * plugs in here with `redis:` when we need it. A refusal is our 429 `RATE_LIMITED` with `Retry-After`.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  const store = config.authRateLimit.store;
  if (store !== 'memory') {
    throw new Error(`rate-limit store not supported: ${String(store)}`);
  }
  await app.register(fastifyRateLimit, {
    global: false,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError('RATE_LIMITED', `Trop de requêtes. Veuillez réessayer dans ${seconds} s.`);
    },
  });
}

/** Route option for one auth endpoint: AUTH_RATE_LIMIT_MAX requests per window, per client IP. */
export function authRateLimit(config: Config) {
  return {
    rateLimit: {
      max: config.authRateLimit.max,
      timeWindow: config.authRateLimit.windowSeconds * 1000,
      keyGenerator: (request: { ip: string }) => request.ip,
    },
  };
}
