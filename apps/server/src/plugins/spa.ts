import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA (apps/web/dist): hashed assets cached for a year, index.html never cached, and the
 * history fallback — any GET that accepts HTML and is not an /api path gets index.html (the SPA shows its
 * own not-found page).
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<boolean> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDistDir }, 'SPA not built: only the API is served (run `npm run build`)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: true,
    index: false,
    // The web build writes .br and .gz next to each text file (apps/web/vite.config.ts): sent when accepted.
    preCompressed: true,
    // Cache-Control is set per file below (hashed assets vs index.html).
    cacheControl: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'no-cache');
      }
    },
  });
  app.get('/', (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
  return true;
}
