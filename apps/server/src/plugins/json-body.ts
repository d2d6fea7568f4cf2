import { NUL_BYTE_MESSAGE } from '@pilote/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** Deepest nesting of objects/arrays accepted in a JSON body (our deepest schema needs about 5). */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = `Le corps JSON de la requête est trop imbriqué (${MAX_JSON_DEPTH} niveaux au plus).`;

/**
 * True when `text` opens more than `max` nested objects/arrays. One pass over the characters, outside strings
 * (escapes honoured); it does not validate the JSON, the parser does that next.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c /* \ */) {
        i += 1;
      } else if (code === 0x22 /* " */) {
        inString = false;
      }
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      depth += 1;
      if (depth > max) {
        return true;
      }
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      depth -= 1;
    }
  }
  return false;
}

/** True when a string of the parsed JSON value, or one of its keys, holds a NUL byte (U+0000). */
export function jsonHoldsNul(value: unknown): boolean {
  if (typeof value === 'string') {
    return value.includes('\u0000');
  }
  if (Array.isArray(value)) {
    return value.some(jsonHoldsNul);
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || jsonHoldsNul(item));
  }
  return false;
}

/**
 * A NUL byte in the address (`%00`, in the path or the query) answers 400 before routing, authentication or any
 * handler: no identifier, page or parameter holds one, and PostgreSQL refuses it in text (a 500 on 31 routes
 * before, issue #21). The JSON parser below refuses it in bodies. ADR 0047.
 */
export function registerNulByteRefusal(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) {
      throw new AppError('VALIDATION_FAILED', NUL_BYTE_MESSAGE);
    }
  });
}

/**
 * Replaces Fastify's JSON body parser by the same parser (prototype and constructor poisoning refused) behind a
 * depth limit, so that no route — the better-auth bridge included — meets a deeply nested body: such a body is
 * a 400 VALIDATION_FAILED before any schema, handler or library recursion sees it (ADR 0015). A body holding a
 * NUL byte in a string or a key is refused the same way (ADR 0047).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new AppError('VALIDATION_FAILED', JSON_TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parse(request, text, (error: Error | null, value?: unknown) => {
      if (!error && jsonHoldsNul(value)) {
        done(new AppError('VALIDATION_FAILED', NUL_BYTE_MESSAGE), undefined);
        return;
      }
      done(error, value);
    });
  });
}
