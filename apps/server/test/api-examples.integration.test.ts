import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FORMAT_EXAMPLES, plausibleExamples } from '../src/lib/openapi.ts';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

/**
 * The examples /api/docs shows (Swagger UI draws them from the schemas of /api/openapi.json): plausible, and true
 * to the schemas they illustrate. Without lib/openapi.ts plausibleExamples and the contracts' `.meta({ examples })`,
 * the reference UI showed timestamps in the year 0904 drawn from zod's pattern, ±9007199254740991 for integers and
 * `additionalProp1` keys.
 */

type Schema = Record<string, unknown>;
interface Operation {
  parameters?: { name: string; in: string; schema: Schema; example?: unknown }[];
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: Schema; example?: unknown }>; $ref?: string }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Operation['responses'][string]> };
}

/** Every schema node of the document, with where it is and whether an example is given from outside it. */
function schemaNodes(document: Document): { where: string; node: Schema; outerExample: boolean; inAnswer: boolean }[] {
  const nodes: { where: string; node: Schema; outerExample: boolean; inAnswer: boolean }[] = [];
  const walk = (node: unknown, where: string, outerExample: boolean, inAnswer: boolean) => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => void walk(item, `${where}/${index}`, outerExample, inAnswer));
      return;
    }
    if (!node || typeof node !== 'object') {
      return;
    }
    const schema = node as Schema;
    nodes.push({ where, node: schema, outerExample, inAnswer });
    for (const [key, value] of Object.entries(schema)) {
      if (key !== 'examples' && key !== 'example') {
        walk(value, `${where}/${key}`, false, inAnswer);
      }
    }
  };
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const name = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) {
        // @fastify/swagger moves a parameter schema's examples to the parameter (`example`).
        walk(parameter.schema, `${name} ${parameter.in}:${parameter.name}`, parameter.example !== undefined, false);
      }
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
        // and a body schema's examples to the media type (`example`).
        walk(media.schema, `${name} body ${type}`, media.example !== undefined, false);
      }
      for (const [status, answer] of Object.entries(operation.responses)) {
        for (const [type, media] of Object.entries(answer.content ?? {})) {
          walk(media.schema, `${name} ${status} ${type}`, media.example !== undefined, true);
        }
      }
    }
  }
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    walk(schema, `#/components/schemas/${name}`, false, true);
  }
  return nodes;
}

const hasType = (node: Schema, type: string) =>
  node.type === type || (Array.isArray(node.type) && node.type.includes(type));
const hasExamples = (node: Schema) => Array.isArray(node.examples) && node.examples.length > 0;

describe('plausibleExamples (the served document only)', () => {
  it('drops implied safe-integer bounds and zod’s date-time pattern in answers, keeps every real constraint', () => {
    const dateTime = z.toJSONSchema(z.iso.datetime(), { target: 'draft-2020-12' }) as Schema;
    delete dateTime.$schema;
    expect(dateTime).toMatchObject({ type: 'string', format: 'date-time', pattern: expect.any(String) });
    const document = {
      paths: {
        '/x': {
          post: {
            parameters: [{ name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } }],
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      at: { ...dateTime },
                      n: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
                      day: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
                    },
                    additionalProperties: {},
                  },
                },
              },
            },
            responses: {
              200: {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        at: { ...dateTime },
                        total: { type: 'integer', minimum: 0, maximum: 9007199254740991 },
                        strict: { type: 'object', properties: {}, additionalProperties: false },
                        map: { type: 'object', additionalProperties: { type: 'number' } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    const out = JSON.parse(JSON.stringify(plausibleExamples(document as never))) as typeof document;
    const operation = out.paths['/x'].post;
    expect(operation.parameters[0]?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 100 });
    const body = operation.requestBody.content['application/json'].schema;
    // A request keeps zod's pattern (it is what the server accepts); the answer keeps the format.
    expect(body.properties.at).toEqual({ ...dateTime, examples: [FORMAT_EXAMPLES['date-time']] });
    expect(body.properties.n).toEqual({ type: 'integer' });
    expect(body.properties.day).toEqual({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
    expect(body).not.toHaveProperty('additionalProperties');
    const answer = operation.responses[200].content['application/json'].schema.properties;
    expect(answer.at).toEqual({ type: 'string', format: 'date-time', examples: ['2026-11-25T09:30:00.000Z'] });
    expect(answer.total).toEqual({ type: 'integer', minimum: 0 });
    expect(answer.strict).toEqual({ type: 'object', properties: {}, additionalProperties: false });
    expect(answer.map).toEqual({ type: 'object', additionalProperties: { type: 'number' } });
  });
});

describe.each(testDatabaseKinds())('the examples of /api/openapi.json on %s', (kind) => {
  let t: TestApp;
  let body: string;
  let document: Document;

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'http://localhost:3000', PASSWORD_HASH_LOG_N: '10' });
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    body = response.body;
    document = response.json<Document>();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has no safe-integer bound, no generated pattern or format without an example, no additionalProp', () => {
    expect(body).not.toContain('9007199254740991');
    const problems: string[] = [];
    for (const { where, node, outerExample, inAnswer } of schemaNodes(document)) {
      const example = outerExample || hasExamples(node);
      if (hasType(node, 'string') && !example) {
        if (typeof node.pattern === 'string') {
          problems.push(`${where}: pattern ${node.pattern} without example (Swagger UI draws one at random)`);
        } else if (['date', 'date-time', 'uuid'].includes(node.format as string)) {
          problems.push(`${where}: format ${node.format} without example`);
        }
      }
      if (inAnswer && node.format === 'date-time' && typeof node.pattern === 'string') {
        problems.push(`${where}: zod's date-time pattern left in an answer`);
      }
      const extra = node.additionalProperties;
      if (extra && typeof extra === 'object' && Object.keys(extra).length === 0) {
        problems.push(`${where}: additionalProperties {} (shown as additionalProp1…3)`);
      }
      if (extra && typeof extra === 'object' && !node.properties && !example) {
        problems.push(`${where}: a map without example (shown as additionalProp1…3)`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives only examples that satisfy their own schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ components: document.components }, 'openapi.json');
    const wrong: string[] = [];
    let checked = 0;
    for (const { where, node } of schemaNodes(document)) {
      if (!hasExamples(node)) {
        continue;
      }
      const { examples, ...schema } = node;
      const validate = ajv.compile(withDocumentRefs(schema));
      for (const example of examples as unknown[]) {
        checked += 1;
        if (!validate(example)) {
          wrong.push(`${where}: ${JSON.stringify(example)} — ${ajv.errorsText(validate.errors)}`);
        }
      }
    }
    // The examples @fastify/swagger moved out of their schema, and those of the shared error answers.
    const outside: { where: string; schema: Schema; example?: unknown }[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const parameter of operation.parameters ?? []) {
          outside.push({ where: `${method} ${path} ${parameter.name}`, ...parameter });
        }
        const media = [
          ...Object.values(operation.requestBody?.content ?? {}),
          ...Object.values(operation.responses).flatMap((answer) => Object.values(answer.content ?? {})),
        ];
        for (const { schema, example } of media) {
          outside.push({ where: `${method} ${path}`, schema, example });
        }
      }
    }
    for (const [name, answer] of Object.entries(document.components.responses)) {
      const media = answer.content?.['application/json'];
      expect(media?.example, name).toBeDefined();
      outside.push({ where: name, schema: { $ref: '#/components/schemas/ApiError' }, example: media?.example });
    }
    for (const { where, schema, example } of outside.filter((entry) => entry.example !== undefined)) {
      checked += 1;
      if (!ajv.validate(withDocumentRefs(schema), example)) {
        wrong.push(`${where}: ${JSON.stringify(example)} — ${ajv.errorsText(ajv.errors)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  it('shows French business examples on the main operations', () => {
    const simulate = ['paths', '/api/simulator/simulate/', 'post'];
    expect(dig(document, ...simulate, 'requestBody', 'content', 'application/json', 'example')).toMatchObject({
      pointDeReseau: 'PITD',
      code: 'GD1057',
      dateEffetMonth: '2026-07',
    });
    const result = [...simulate, 'responses', '200', 'content', 'application/json', 'schema', 'properties'];
    const resultat = [...result, 'resultat', 'properties'];
    expect(dig(document, ...resultat, 'dateEffet', 'examples')).toEqual(['2026-07-01']);
    expect(dig(document, ...resultat, 'annuel', 'examples')).toEqual([
      expect.objectContaining({ termeTransport: 41885.43 }),
    ]);
    expect(dig(document, ...resultat, 'referentiel', 'properties', 'ntr', 'examples')).toEqual([2]);
    expect(dig(document, ...result, 'pdfUrlExpiresAt')).toEqual({
      type: 'string',
      format: 'date-time',
      examples: ['2026-11-25T09:30:00.000Z'],
    });

    const me = ['paths', '/api/account/me', 'get', 'responses', '200', 'content', 'application/json', 'schema'];
    expect(dig(document, ...me, 'properties', 'user', 'properties', 'email', 'examples')).toEqual(['alice@exemple.fr']);

    const users = ['paths', '/api/admin/users', 'get', 'responses', '200', 'content', 'application/json', 'schema'];
    expect(dig(document, ...users, 'properties', 'items', 'items', 'properties', 'createdAt')).toEqual({
      type: 'string',
      format: 'date-time',
      examples: ['2026-11-25T09:30:00.000Z'],
    });
    expect(dig(document, ...users, 'properties', 'total')).toEqual({ type: 'integer', minimum: 0, examples: [28] });
    // Real bounds stay: the page size of every list.
    const query = dig(document, 'paths', '/api/admin/users', 'get', 'parameters') as Operation['parameters'];
    expect(query?.find((parameter) => parameter.name === 'pageSize')?.schema).toMatchObject({
      minimum: 1,
      maximum: 100,
    });
    const summary = dig(document, 'paths', '/api/consumption-data/{id}/summary/', 'get', 'parameters');
    expect((summary as Operation['parameters'])?.find((p) => p.name === 'dateEffetMonth')?.example).toBe('2026-07');

    const values = ['paths', '/api/admin/tariff-data/values', 'post', 'requestBody', 'content', 'application/json'];
    expect(dig(document, ...values, 'example', 'validFrom')).toBe('2026-07-01');
    expect(dig(document, 'components', 'responses', 'Error401', 'content', 'application/json', 'example')).toEqual({
      error: 'Authentification requise',
      code: 'UNAUTHENTICATED',
    });
  });

  it('documents a simulation request that the server simulates as written', async () => {
    const example = dig(
      document,
      ...['paths', '/api/simulator/simulate/', 'post', 'requestBody', 'content', 'application/json'],
      'example',
    );
    expect(example).toBeDefined();
    const passwordHash = await createPasswordHasher(10).hash('Correct-Horse-9');
    await insertVerifiedUser(t.database.handle.db, {
      email: 'alice@exemple.fr',
      name: 'Alice',
      role: 'user',
      passwordHash,
    });
    const alice = new HttpClient(t.app);
    const signIn = await alice.post('/api/auth/sign-in/email', {
      email: 'alice@exemple.fr',
      password: 'Correct-Horse-9',
    });
    expect(signIn.statusCode).toBe(200);
    // The security scheme names the session cookie the sign-in sets.
    const scheme = dig(document, 'components', 'securitySchemes', 'session', 'name');
    expect(signIn.cookies.map((cookie) => cookie.name)).toContain(scheme);
    const simulated = await alice.post('/api/simulator/simulate/', example);
    expect(simulated.statusCode, simulated.body).toBe(200);
    expect(simulated.json().resultat).toMatchObject({ dateEffet: '2026-07-01', referentiel: { ntr: 2 } });
  });
});

/** `document.a.b.c`, for reading a JSON document in a test. */
function dig(value: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}

/** A schema of the document, its references resolved against the document added to Ajv as `openapi.json`. */
function withDocumentRefs(schema: Schema): Schema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/')) as Schema;
}
