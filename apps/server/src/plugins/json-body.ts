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

/**
 * Replaces Fastify's JSON body parser by the same parser (prototype and constructor poisoning refused) behind a
 * depth limit, so that no route — the better-auth bridge included — meets a deeply nested body: such a body is
 * a 400 VALIDATION_FAILED before any schema, handler or library recursion sees it (ADR 0015).
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
    parse(request, text, done);
  });
}
