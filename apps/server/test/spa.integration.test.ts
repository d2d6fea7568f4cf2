import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SPA_ROUTES_FILE } from '@pilote/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSpaRoutes } from '../src/plugins/spa.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const INDEX = '<!doctype html><title>SPA</title><div id="root"></div>';
/** What the web build writes (vite.config.ts listAppRoutes), trimmed to a few of each kind. */
const ROUTES = ['/', '/faq', '/blog', '/blog/un-article', '/login', '/private', '/private/:energy/:page', '/private/*'];

describe('the SPA route matcher', () => {
  const isAppRoute = compileSpaRoutes(ROUTES);
  it.each([
    ['/', true],
    ['/faq', true],
    ['/faq/', true],
    ['/FAQ', true],
    ['/blog/un-article', true],
    ['/blog/un-autre', false],
    ['/private/gas/dashboard', true],
    ['/private/account/settings', true],
    ['/private', true],
    ['/privateer', false],
    ['/faq/extra', false],
    ['/nope', false],
  ])('%s → %s', (pathname, known) => {
    expect(isAppRoute(pathname)).toBe(known);
  });
});

describe('serving the SPA like a site (fake dist with routes.json)', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'pe-spa-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), INDEX);
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    await writeFile(path.join(webDist, 'robots.txt'), 'User-agent: *\n');
    await writeFile(path.join(webDist, SPA_ROUTES_FILE), JSON.stringify({ routes: ROUTES }));
    t = await createTestApp('pglite', { WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, accept?: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') =>
    t.app.inject({ method, url, headers: accept === undefined ? {} : { accept } });

  it.each([['*/*'], ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'], [undefined]])(
    'answers a known page with the app and 200 (Accept: %s)',
    async (accept) => {
      for (const url of [
        '/faq',
        '/faq/',
        '/blog/un-article',
        '/private/gas/dashboard',
        '/private/x/y/z',
        '/login?x=1',
      ]) {
        const response = await get(url, accept);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toContain('text/html');
        expect(response.body, url).toBe(INDEX);
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      }
    },
  );

  it('answers an unknown page with the app and 404 (the SPA shows its not-found page)', async () => {
    for (const url of ['/nope', '/blog/inconnu', '/faq/extra', '/tarifs-energie-typo']) {
      const response = await get(url, '*/*');
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toBe(INDEX);
    }
    expect((await get('/nope', 'text/html', 'HEAD')).statusCode).toBe(404);
  });

  it('keeps files as files: existing ones served, missing ones a plain JSON 404 (never index.html)', async () => {
    const asset = await get('/assets/app-abc123.js', '*/*');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await get('/robots.txt', '*/*')).statusCode).toBe(200);

    for (const url of ['/assets/missing.js', '/assets/chunk', '/missing.png', '/favicon.ico', '/private/logo.svg']) {
      const response = await get(url, 'text/html,*/*');
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(response.json(), url).toEqual({ error: 'Ressource introuvable.', code: 'NOT_FOUND' });
    }
  });

  it('answers JSON 404 to /api paths and to non-HTML clients; a POST without CSRF token is refused first', async () => {
    const api = await get('/api/nope', 'text/html');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Route inconnue : GET /api/nope', code: 'NOT_FOUND' });

    const json = await get('/faq', 'application/json');
    expect(json.statusCode).toBe(404);
    expect(json.json().code).toBe('NOT_FOUND');

    // Every state-changing request passes the CSRF check whatever its path (ADR 0015), before the 404.
    const post = await get('/faq', 'text/html', 'POST');
    expect(post.statusCode).toBe(403);
    expect(post.headers['content-type']).toContain('application/json');
    expect(post.json().code).toBe('CSRF_INVALID');
  });
});
