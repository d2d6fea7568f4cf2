import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fetchCsrf, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

describe.each(testDatabaseKinds())('foundation API on %s', (kind) => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'pe-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    await writeFile(
      path.join(webDist, 'build-info.json'),
      JSON.stringify({
        service: 'web',
        revision: 'abc123',
        version: '0.1.0',
        env: 'x',
        builtAt: '2026-11-21T10:00:00.000Z',
      }),
    );
    t = await createTestApp(kind, { WEB_DIST_DIR: webDist, APP_ENV: 'ci', SUPPORT_EMAIL: 'aide@exemple.fr' }, (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('connection string postgres://secret@db leaked?');
      });
      app.post('/api/test/echo', async (request) => ({ received: request.body }));
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the health check after pinging the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown /api paths with 404 in the JSON error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Route inconnue : GET /api/does-not-exist', code: 'NOT_FOUND' });
  });

  it('never leaks the internals of a 5xx', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
      code: 'INTERNAL_ERROR',
    });
    expect(response.body).not.toContain('secret');
  });

  describe('CSRF', () => {
    it('refuses a state-changing request without X-CSRFToken with 403 mentioning CSRF', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { a: 1 } });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('CSRF_INVALID');
      expect(response.json().error).toContain('CSRF');
    });

    it('lets a request with a valid token through', async () => {
      const { token, cookie } = await fetchCsrf(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'x-csrftoken': token, cookie },
        payload: { a: 1 },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: { a: 1 } });
    });

    it('refuses a token that belongs to another cookie, a forged token, or a token without its cookie', async () => {
      const first = await fetchCsrf(t.app);
      const second = await fetchCsrf(t.app);
      expect(first.cookie).not.toBe(second.cookie);
      const attempts = [
        { 'x-csrftoken': first.token, cookie: second.cookie },
        { 'x-csrftoken': `${first.token.slice(0, -1)}${first.token.endsWith('A') ? 'B' : 'A'}`, cookie: first.cookie },
        { 'x-csrftoken': first.token },
      ];
      for (const headers of attempts) {
        const response = await t.app.inject({ method: 'DELETE', url: '/api/test/echo', headers });
        expect(response.statusCode).toBe(403);
      }
    });

    it('reuses the cookie already set and marks the token response as not cacheable', async () => {
      const { token, cookie } = await fetchCsrf(t.app);
      const again = await t.app.inject({ method: 'GET', url: '/api/common/get-csrf-token/', headers: { cookie } });
      expect(again.json().csrfToken).toBe(token);
      expect(again.cookies).toHaveLength(0);
      expect(again.headers['cache-control']).toBe('no-store');
    });
  });

  it('answers malformed JSON with a French 400', async () => {
    const { token, cookie } = await fetchCsrf(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'x-csrftoken': token, cookie, 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Le corps de la requête n’est pas un JSON valide.', code: 'BAD_REQUEST' });
  });

  it('serves backend and frontend build info and the runtime info file', async () => {
    const backend = (await t.app.inject({ method: 'GET', url: '/api/info/backend/' })).json();
    expect(backend).toMatchObject({ service: 'server', version: '0.1.0', env: 'ci' });
    expect(backend.revision).toMatch(/^([0-9a-f]{40}|unknown)$/);
    expect(Date.parse(backend.builtAt)).not.toBeNaN();

    const frontend = (await t.app.inject({ method: 'GET', url: '/api/info/frontend/' })).json();
    expect(frontend).toEqual({
      service: 'web',
      revision: 'abc123',
      version: '0.1.0',
      env: 'ci',
      builtAt: '2026-11-21T10:00:00.000Z',
    });

    const runtime = await t.app.inject({ method: 'GET', url: '/runtime-info.json' });
    // SUPPORT_EMAIL: the address of the user menu's « Support » link, read by the web app at run time.
    expect(runtime.json()).toEqual({ revision: 'abc123', env: 'ci', supportEmail: 'aide@exemple.fr' });
  });

  it('serves the SPA with a history fallback, long-cached assets and a CSP', async () => {
    const deepLink = await t.app.inject({ method: 'GET', url: '/faq', headers: { accept: 'text/html' } });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.body).toContain('<div id="root">');
    expect(deepLink.headers['cache-control']).toBe('no-cache');
    expect(deepLink.headers['content-security-policy']).toContain("script-src 'self'");
    expect(deepLink.headers['x-content-type-options']).toBe('nosniff');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);

    const apiAsHtml = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(apiAsHtml.statusCode).toBe(404);
    expect(apiAsHtml.json().code).toBe('NOT_FOUND');
  });

  describe('with its database closed', () => {
    // A second app of its own (a database copy and buildApp: 1.5 s of CPU, 2.2 s of a test's 5 s beside two CPU-bound
    // processes, ADR 0056): built in a hook.
    let broken: TestApp;
    beforeAll(async () => {
      broken = await createTestApp(kind);
      await broken.database.handle.close();
    });
    afterAll(async () => {
      await broken?.app.close();
    });

    it('reports a degraded health with 503 when the database is gone', async () => {
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', database: 'error' });
    });
  });
});
