import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { TEST_SECRET } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/**
 * Routes without a zod contract, on purpose: the generated documentation itself and the SPA's static files
 * (plugins/spa.ts). Every other route must declare its schema and its answers (docs/api.md, ADR 0020).
 */
const ALLOW_LIST: { pattern: RegExp; why: string }[] = [
  { pattern: /^\/api\/docs(\/.*)?$/, why: 'Swagger UI (HTML, JS and CSS files)' },
  { pattern: /^\/api\/openapi\.json$/, why: 'the generated OpenAPI document itself' },
  { pattern: /^\/(\*)?$/, why: 'the SPA: index.html and static files from apps/web/dist' },
];

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface SeenRoute {
  methods: string[];
  url: string;
  schema: RouteOptions['schema'] & { response?: Record<string, unknown>; hide?: boolean };
  signedIn: boolean;
  /** `config: { csrf: false }`: a webhook that checks its own signature instead (ADR 0015, 0027). */
  csrfExempt: boolean;
}

function toSeen(route: RouteOptions): SeenRoute {
  return {
    methods: [route.method].flat().map(String),
    url: route.url,
    schema: route.schema as SeenRoute['schema'],
    signedIn: route.config?.signedIn === true,
    csrfExempt: route.config?.csrf === false,
  };
}

function allowListed(url: string): boolean {
  return ALLOW_LIST.some(({ pattern }) => pattern.test(url));
}

/** What is wrong with the routes' contracts (empty = every route declares its input and its answers). */
function contractProblems(routes: SeenRoute[]): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    const methods = route.methods.filter((method) => method !== 'HEAD');
    if (methods.length === 0 || allowListed(route.url)) {
      continue;
    }
    const name = `${methods.join(',')} ${route.url}`;
    const schema = route.schema;
    if (!schema) {
      problems.push(`${name}: no schema`);
      continue;
    }
    if (schema.hide) {
      problems.push(`${name}: hidden from the documentation`);
    }
    const statuses = Object.keys(schema.response ?? {}).map(Number);
    // A route whose answer is always a redirect (e.g. the e-mail undo link) documents its 3xx as its success.
    if (!statuses.some((status) => status >= 200 && status < 400)) {
      problems.push(`${name}: no success response schema`);
    }
    const needs = (status: number, why: string) => {
      if (!statuses.includes(status)) {
        problems.push(`${name}: no ${status} response declared (${why})`);
      }
    };
    if (schema.params || schema.querystring || schema.body) {
      needs(400, 'it validates input');
    }
    if (route.signedIn) {
      needs(401, 'signed-in scope');
    }
    if (methods.some((method) => STATE_CHANGING.has(method)) && !route.csrfExempt) {
      needs(403, 'CSRF check');
    }
  }
  return problems;
}

/** `/api/x/:id/` → `/api/x/{id}/` (OpenAPI path templates). */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');
}

describe('the route contract checker', () => {
  it('reports a route without schema, without response, or without its error answers', async () => {
    const seen: SeenRoute[] = [];
    const app = Fastify();
    app.addHook('onRoute', (route) => void seen.push(toSeen(route)));
    app.get('/api/bare', async () => ({}));
    app.get('/api/no-response', { schema: { querystring: { type: 'object' } } }, async () => ({}));
    app.post('/api/no-errors', { schema: { body: { type: 'object' }, response: { 200: {} } } }, async () => ({}));
    await app.ready();
    expect(contractProblems(seen)).toEqual([
      'GET /api/bare: no schema',
      'GET /api/no-response: no success response schema',
      'GET /api/no-response: no 400 response declared (it validates input)',
      'POST /api/no-errors: no 400 response declared (it validates input)',
      'POST /api/no-errors: no 403 response declared (CSRF check)',
    ]);
    await app.close();
  });
});

describe('the API contract (OpenAPI generated from the route schemas)', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let webDist: string;
  // Kept as references and read after ready(): the signed-in scope's own onRoute hook runs after this one.
  const registered: RouteOptions[] = [];
  let routes: SeenRoute[] = [];

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'pe-web-dist-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Pilote</title><div id="root"></div>');
    database = await createTestDatabase('pglite');
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data', WEB_DIST_DIR: webDist }),
      database: database.handle,
      secret: TEST_SECRET,
      logger: false,
      onRoute: (route) => void registered.push(route),
    });
    await app.ready();
    routes = registered.map(toSeen);
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('has a schema, a success response and its error responses on every route but the allow-list', () => {
    expect(routes.length).toBeGreaterThan(30);
    // The signed-in scope is used by the private modules.
    const signedIn = routes.filter((route) => route.signedIn).map((route) => route.url);
    expect(signedIn).toEqual(
      expect.arrayContaining([
        '/api/account/me',
        '/api/admin/users',
        '/api/admin/outbox',
        '/api/admin/contact-messages',
        '/api/simulator/simulate/',
        '/api/consumption-data/',
        '/api/optimisation/',
      ]),
    );
    expect(signedIn).not.toContain('/api/simulator/simulations/:id/pdf');
    expect(contractProblems(routes)).toEqual([]);
  });

  it('serves OpenAPI 3.1 listing every route with its declared answers and the shared error schema', async () => {
    const response = await app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { responses: Record<string, unknown>; security?: unknown; parameters?: { name: string; in: string }[] }
        >
      >;
    }>();
    expect(document.openapi).toBe('3.1.0');

    let checked = 0;
    for (const route of routes) {
      const methods = route.methods.filter((method) => method !== 'HEAD');
      if (methods.length === 0 || allowListed(route.url)) {
        continue;
      }
      for (const method of methods) {
        const operation = document.paths[openApiPath(route.url)]?.[method.toLowerCase()];
        expect(operation, `${method} ${route.url} in /api/openapi.json`).toBeDefined();
        expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(
          Object.keys(route.schema?.response ?? {}).sort(),
        );
        if (route.signedIn) {
          expect(operation?.security, `${method} ${route.url}`).toEqual([{ session: [] }]);
        }
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(30);

    // Each error answer is written once and referenced (lib/openapi.ts shareErrorResponses), every reference resolves.
    const resolve = (ref: string): unknown =>
      ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
    for (const ref of response.body.matchAll(/"\$ref":"([^"]+)"/g)) {
      expect(resolve(ref[1] as string), ref[1]).toBeDefined();
    }
    expect(document.paths['/api/consumption-data/{id}/']?.get?.responses['404']).toEqual({
      $ref: '#/components/responses/Error404',
    });
    const notFound = resolve('#/components/responses/Error404') as {
      description: string;
      content: Record<string, { schema: { $ref: string } }>;
    };
    expect(notFound.description).toContain('aussi pour une ressource d’un autre utilisateur');
    expect(notFound.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ApiError' });
    const errorSchema = resolve('#/components/schemas/ApiError') as { properties: object; required: string[] };
    expect(Object.keys(errorSchema.properties)).toEqual(expect.arrayContaining(['error', 'code', 'details']));
    expect(errorSchema.required).toEqual(expect.arrayContaining(['error', 'code']));
    // No inline copy left: the health check's own 503 is the only error answer written in place.
    const inline = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        Object.entries(operation.responses)
          .filter(([status, answer]) => Number(status) >= 400 && !(answer as { $ref?: string }).$ref)
          .map(([status]) => `${method} ${path} ${status}`),
      ),
    );
    expect(inline).toEqual(['get /api/health 503']);
    // Every answer is described in French (no generator's "Default Response" left).
    expect(response.body).not.toContain('Default Response');
    expect(document.paths['/api/consumption-data/{id}/']?.get?.responses['200']).toMatchObject({
      description: 'Succès.',
    });
    // The pagination query is documented from the shared contract.
    const list = document.paths['/api/consumption-data/']?.get;
    expect(list?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['query:page', 'query:pageSize']);
    // The signed PDF link answers a file, documented as such.
    const pdf = document.paths['/api/simulator/simulations/{id}/pdf']?.get?.responses['200'] as {
      content: Record<string, unknown>;
    };
    expect(Object.keys(pdf.content)).toEqual(['application/pdf']);
    // The better-auth bridge: the endpoints the SPA calls, and the documented catch-all.
    for (const authPath of [
      '/api/auth/sign-in/email',
      '/api/auth/sign-out',
      '/api/auth/get-session',
      '/api/auth/reset-password/{token}',
    ]) {
      expect(document.paths[authPath], authPath).toBeDefined();
    }
  });

  // Here rather than in simulator.integration: the document is generated once per app (1–3 s of CPU), and this file
  // has already paid for it (ADR 0049).
  it('documents the shared sources in the generated OpenAPI answer of simulate (ADR 0041)', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    const answer = doc.paths['/api/simulator/simulate/'].post.responses['200'].content['application/json'].schema;
    const resultat = answer.properties.resultat;
    expect(resultat.required).toEqual(expect.arrayContaining(['lignes', 'sources']));
    expect(resultat.properties.sources.items.properties).toHaveProperty('title');
    const line = resultat.properties.lignes.items;
    expect(line.properties.sourceIndices).toMatchObject({ type: 'array', items: { type: 'integer' } });
    expect(line.properties).not.toHaveProperty('sources');
  });

  it('serves the reference UI at /api/docs under the unchanged app CSP, with its own same-origin scripts', async () => {
    const appPage = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    const docs = await app.inject({ url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    expect(docs.headers['content-security-policy']).toBe(appPage.headers['content-security-policy']);
    expect(docs.headers['content-security-policy']).toContain("script-src 'self';");
    expect(docs.body).not.toMatch(/<script>|<script(?![^>]*\bsrc=)[^>]*>/);
    const scripts = [...docs.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] as string);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const src of scripts) {
      expect(src).not.toMatch(/^(https?:)?\/\//);
      const script = await app.inject({ url: new URL(src, 'http://localhost/api/docs/').pathname });
      expect(script.statusCode, src).toBe(200);
      expect(script.headers['content-type'], src).toContain('javascript');
    }
  });
});
