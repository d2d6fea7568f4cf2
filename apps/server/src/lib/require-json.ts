import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Fastify parses `text/plain` bodies as strings by default; endpoints whose body is a JSON object call this
 * so that any other media type answers our 415 (spec §7: the server always answers JSON, errors included).
 */
export function requireJsonBody(request: FastifyRequest): void {
  if (request.body === undefined || request.method === 'GET' || request.method === 'DELETE') {
    return;
  }
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
}
