import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { defaultErrorMessages, SPA_ROUTES_FILE, spaRoutesManifestSchema } from '@pilote/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Turns the route patterns of routes.json (`/faq`, `/private/:energy/:page`, `/private/*`) into one matcher.
 * A trailing slash is ignored (`/faq/` is `/faq`), as the SPA's router does.
 */
export function compileSpaRoutes(patterns: readonly string[]): (pathname: string) => boolean {
  const regexes = patterns.map((pattern) => {
    const rest = pattern.endsWith('/*');
    const base = (rest ? pattern.slice(0, -2) : pattern).replace(/\/+$/, '');
    const body = base
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : encodeURI(segment).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return new RegExp(`^${body}${rest ? '(?:/.*)?' : ''}/?$`, 'i');
  });
  return (pathname) => regexes.some((regex) => regex.test(pathname));
}

/** The last segment has a file extension (`/assets/app-1234.js`, `/logo.svg`): a file, never a page. */
function looksLikeFile(pathname: string): boolean {
  return /\.[A-Za-z0-9]{1,8}$/.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

/** Accepts an HTML answer: `text/html`, `*\/*`, `text/*`, or no Accept header at all (curl, crawlers). */
function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  if (accept === undefined || accept.trim() === '') {
    return true;
  }
  return /(^|,)\s*(text\/html|\*\/\*|text\/\*)\s*(;|,|$)/i.test(accept);
}

function readRoutes(app: FastifyInstance, webDistDir: string): ((pathname: string) => boolean) | undefined {
  const file = path.join(webDistDir, SPA_ROUTES_FILE);
  if (!existsSync(file)) {
    app.log.warn({ file }, 'SPA routes manifest missing: every page path answers 200 (rebuild the web app)');
    return undefined;
  }
  const manifest = spaRoutesManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return compileSpaRoutes(manifest.routes);
}

/**
 * Serves the built SPA (apps/web/dist) like a site (ADR 0020):
 * - files as they are: hashed assets cached for a year, everything else (index.html…) `no-cache`;
 * - any other GET/HEAD outside /api that accepts HTML (`text/html` or `*\/*`) gets index.html — with 200 when the
 *   path is one of the app's routes (routes.json, written by the web build), 404 otherwise (the SPA then shows
 *   its not-found page);
 * - a missing file (a path with an extension, or under /assets/) and anything under /api stay a JSON 404.
 * Also installs the app's not-found handler (used with or without a built SPA).
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<boolean> {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  let isAppRoute: ((pathname: string) => boolean) | undefined;
  if (built) {
    isAppRoute = readRoutes(app, webDistDir);
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
  } else {
    app.log.warn({ webDistDir }, 'SPA not built: only the API is served (run `npm run build`)');
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const isPageRequest =
      built &&
      !isApi &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/assets/') &&
      !looksLikeFile(pathname) &&
      acceptsHtml(request);
    if (isPageRequest) {
      const known = isAppRoute === undefined || isAppRoute(pathname);
      return reply
        .status(known ? 200 : 404)
        .header('Cache-Control', 'no-cache')
        .sendFile('index.html');
    }
    return reply.status(404).send({
      error: isApi ? `Route inconnue : ${request.method} ${pathname.slice(0, 200)}` : defaultErrorMessages.NOT_FOUND,
      code: 'NOT_FOUND',
    });
  });
  return built;
}
