import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const PASSWORD = 'Motdepasse-solide-2026';

/** A local server speaking the BAN search API's GeoJSON (api-adresse.data.gouv.fr/search/). */
function banFeature(label: string, name: string, postcode: string, city: string, type: string) {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [2.29, 49.89] },
    properties: { label, score: 0.9, name, postcode, citycode: '80021', city, type, id: `${postcode}_x` },
  };
}

describe('address search (BAN with communes fallback)', () => {
  let ban: Server;
  let banUrl: string;
  const asked: URL[] = [];
  let failNext = false;
  let t: TestApp;
  let down: TestApp;

  async function signedInClient(app: TestApp) {
    await insertVerifiedUser(app.database.handle.db, {
      email: 'alice@exemple.fr',
      name: 'Alice',
      role: 'user',
      passwordHash: await createPasswordHasher(10).hash(PASSWORD),
    });
    const client = new HttpClient(app.app);
    expect(
      (await client.post('/api/auth/sign-in/email', { email: 'alice@exemple.fr', password: PASSWORD })).statusCode,
    ).toBe(200);
    return client;
  }

  beforeAll(async () => {
    ban = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://ban.local');
      asked.push(url);
      if (failNext) {
        failNext = false;
        response.writeHead(503).end('indisponible');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          type: 'FeatureCollection',
          features: Array.from({ length: 7 }, (_, index) =>
            banFeature(
              `${index + 8} Boulevard du Port 80000 Amiens`,
              `${index + 8} Boulevard du Port`,
              '80000',
              'Amiens',
              'housenumber',
            ),
          ),
        }),
      );
    });
    await new Promise<void>((resolve) => ban.listen(0, '127.0.0.1', resolve));
    banUrl = `http://127.0.0.1:${(ban.address() as AddressInfo).port}/search/`;
    t = await createTestApp('pglite', { ADDRESS_SEARCH_URL: banUrl, AUTH_RATE_LIMIT_MAX: '1000' });
  });
  // A BAN that does not answer: a port nobody listens on. A second app, in a hook of its own (the two in one hook:
  // 2.7 s of CPU, 6.5 s of its 10 s beside two CPU-bound processes, ADR 0056).
  beforeAll(async () => {
    down = await createTestApp('pglite', {
      ADDRESS_SEARCH_URL: 'http://127.0.0.1:9/search/',
      ADDRESS_SEARCH_TIMEOUT_MS: '500',
      AUTH_RATE_LIMIT_MAX: '1000',
    });
  });
  afterAll(async () => {
    await t?.close();
    await down?.close();
    await new Promise((resolve) => ban?.close(resolve));
  });

  it('asks BAN (5 results, autocomplete), maps its GeoJSON and caches the answer', async () => {
    const client = await signedInClient(t);
    const response = await client.get('/api/address/search?q=8%20bd%20du%20port%20amiens');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.source).toBe('ban');
    expect(body.results).toHaveLength(5);
    expect(body.results[0]).toEqual({
      label: '8 Boulevard du Port 80000 Amiens',
      address: '8 Boulevard du Port',
      postal_code: '80000',
      city: 'Amiens',
      citycode: '80021',
      kind: 'housenumber',
    });
    expect(asked.at(-1)?.searchParams.get('q')).toBe('8 bd du port amiens');
    expect(asked.at(-1)?.searchParams.get('limit')).toBe('5');
    const count = asked.length;
    await client.get('/api/address/search?q=8%20BD%20du%20port%20amiens');
    expect(asked.length).toBe(count);
  });

  it('refuses fewer than 3 characters, and falls back to communes when BAN errs', async () => {
    const signedIn = await (async () => {
      const c = new HttpClient(t.app);
      expect(
        (await c.post('/api/auth/sign-in/email', { email: 'alice@exemple.fr', password: PASSWORD })).statusCode,
      ).toBe(200);
      return c;
    })();
    const short = await signedIn.get('/api/address/search?q=am');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toContain('Saisissez au moins 3 caractères.');
    failNext = true;
    const fallback = await signedIn.get('/api/address/search?q=80000');
    expect(fallback.json()).toMatchObject({ source: 'communes' });
    expect(fallback.json().results[0]).toMatchObject({ postal_code: '80000', city: 'Amiens', kind: 'municipality' });
  });

  it('falls back to postal codes and communes when BAN cannot be reached', async () => {
    const client = await signedInClient(down);
    const response = await client.get('/api/address/search?q=abbeville');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.source).toBe('communes');
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBeLessThanOrEqual(5);
    expect(body.results).toContainEqual({
      label: '80100 Abbeville',
      address: '',
      postal_code: '80100',
      city: 'Abbeville',
      citycode: '80001',
      kind: 'municipality',
    });
    expect(body.results.every((result: { city: string }) => result.city.toLowerCase().startsWith('abb'))).toBe(true);
  });
});
