import { getHeapStatistics } from 'node:v8';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';

/** Seconds a shed client is asked to wait (Retry-After). */
export const LOAD_SHED_RETRY_AFTER_SECONDS = 10;
export const LOAD_SHED_MESSAGE = 'Le service est momentanément surchargé. Veuillez réessayer dans quelques secondes.';

/** Routes never shed: the load balancer's health check must keep answering (ADR 0018). */
const EXEMPT_ROUTES = new Set(['/api/health']);

/**
 * Load shedding with @fastify/under-pressure (ADR 0018): when the event loop lags more than
 * PRESSURE_MAX_EVENT_LOOP_DELAY_MS or the heap passes PRESSURE_MAX_HEAP_USED_MB (default 90 % of V8's heap
 * limit), new requests get 503 `SERVICE_UNAVAILABLE` with `Retry-After` and a French message instead of
 * queueing behind the ones in progress. /api/health is exempt: it stays cheap (one `select 1`) and reports
 * the database, and an instance that lags is not dead (taking every instance out of rotation during a spike
 * would turn load into an outage). Measured every PRESSURE_SAMPLE_INTERVAL_MS.
 */
export async function registerLoadShedding(app: FastifyInstance, config: Config): Promise<void> {
  const { maxEventLoopDelayMs, maxHeapUsedMb, sampleIntervalMs } = config.pressure;
  const maxHeapUsedBytes =
    maxHeapUsedMb === undefined ? Math.floor(getHeapStatistics().heap_size_limit * 0.9) : maxHeapUsedMb * 1024 * 1024;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxHeapUsedBytes,
    sampleInterval: sampleIntervalMs,
    retryAfter: LOAD_SHED_RETRY_AFTER_SECONDS,
    pressureHandler: (request, reply, type, value) => {
      if (EXEMPT_ROUTES.has(request.routeOptions.url ?? '')) {
        return undefined;
      }
      request.log.warn({ type, value }, 'load shedding: under pressure, answering 503');
      reply
        .status(503)
        .header('Retry-After', String(LOAD_SHED_RETRY_AFTER_SECONDS))
        .header('Cache-Control', 'no-store');
      // under-pressure sends what the handler returns (its types only admit void).
      return { error: LOAD_SHED_MESSAGE, code: 'SERVICE_UNAVAILABLE' } as unknown as undefined;
    },
  });
}
