import { NUL_BYTE_MESSAGE } from '@pilote/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVerifiedUser } from '../src/modules/admin/repository.ts';
import { createPasswordHasher } from '../src/modules/auth/password.ts';
import { HttpClient } from './helpers/http-client.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDatabaseKinds } from './helpers/test-database.ts';

const PASSWORD = 'Correct-Horse-9';
const NUL = '\u0000';

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
};

interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/**
 * A value the schema accepts as far as a generator can tell, every string carrying a NUL byte: the probe wants
 * each route to reach as deep as it would with a real request (a database statement, a library call).
 */
function sample(schema: JsonSchema | undefined, resolve: (ref: string) => JsonSchema, depth = 0): unknown {
  if (!schema || depth > 8) {
    return `x${NUL}`;
  }
  if (schema.$ref) {
    return sample(resolve(schema.$ref), resolve, depth + 1);
  }
  if (schema.const !== undefined) {
    return schema.const;
  }
  if (schema.enum) {
    return schema.enum[0];
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const chosen = alternatives.find((alternative) => alternative.type !== 'null') ?? alternatives[0];
    return sample(chosen, resolve, depth + 1);
  }
  if (schema.allOf?.[0]) {
    return sample(schema.allOf[0], resolve, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        value[key] = sample(property, resolve, depth + 1);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, resolve, depth + 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    default: {
      if (schema.format === 'email') {
        return `nul${NUL}@exemple.fr`;
      }
      const length = Math.min(schema.maxLength ?? 12, Math.max(schema.minLength ?? 0, 12));
      return `a${NUL}${'b'.repeat(Math.max(0, length - 2))}`;
    }
  }
}

interface Probe {
  name: string;
  method: string;
  url: string;
  body?: unknown;
}

/** Every route of the OpenAPI document, with a NUL in each path parameter, in its query, and in its JSON body. */
function probes(document: {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
}): Probe[] {
  const resolve = (ref: string) =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document) as JsonSchema;
  const result: Probe[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) {
        continue;
      }
      const upper = method.toUpperCase();
      const parameters = operation.parameters ?? [];
      const pathParameters = parameters.filter((parameter) => parameter.in === 'path').map((p) => p.name);
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const body = bodySchema ? sample(bodySchema, resolve) : undefined;
      const fill = (nulIn: string | undefined) =>
        template.replace(/\{([^}]+)\}/g, (_, name: string) =>
          name === nulIn ? 'nul%00id' : name === '*' ? 'x' : '00000000-0000-4000-8000-000000000000',
        );
      for (const name of pathParameters) {
        result.push({ name: `${upper} ${template} (path ${name})`, method: upper, url: fill(name), body });
      }
      const query = parameters.filter((parameter) => parameter.in === 'query');
      if (query.length > 0) {
        const search = query.map((parameter) => `${encodeURIComponent(parameter.name)}=x%00y`).join('&');
        result.push({ name: `${upper} ${template} (query)`, method: upper, url: `${fill(undefined)}?${search}` });
      }
      if (body !== undefined && JSON.stringify(body).includes('\\u0000')) {
        result.push({ name: `${upper} ${template} (body)`, method: upper, url: fill(undefined), body });
      }
    }
  }
  return result;
}

describe.each(testDatabaseKinds())('NUL bytes in ids and JSON strings (%s)', (kind) => {
  let t: TestApp;
  let admin: HttpClient;
  let anonymous: HttpClient;
  let all: Probe[];

  beforeAll(async () => {
    t = await createTestApp(kind, {}, (app) => {
      // The safety net: a statement that reaches the database with a NUL byte (no route lets one through today).
      app.get('/api/test/nul-statement', async () => {
        await t.database.handle.db.execute(sql`select ${`a${NUL}b`}::text as value`);
        return {};
      });
    });
    const passwordHash = await createPasswordHasher(10).hash(PASSWORD);
    await insertVerifiedUser(t.database.handle.db, {
      email: 'nul-admin@exemple.fr',
      name: 'Admin',
      role: 'admin',
      passwordHash,
    });
    admin = new HttpClient(t.app);
    const signIn = await admin.post('/api/auth/sign-in/email', { email: 'nul-admin@exemple.fr', password: PASSWORD });
    expect(signIn.statusCode).toBe(200);
    anonymous = new HttpClient(t.app);
    all = probes((await anonymous.get('/api/openapi.json')).json());
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The probes that did not get the French 400 (a 500 on 31 routes before, issue #21 §1.6). */
  async function wrongAnswers(client: HttpClient): Promise<string[]> {
    const wrong: string[] = [];
    for (const probe of all) {
      const response = await client.request(probe.method as 'GET', probe.url, probe.body);
      const body = response.json<{ error?: string; code?: string }>();
      if (probe.url === '/api/payments/webhook/') {
        // Its raw body is read only once the provider's signature matches (ADR 0027): refused before that.
        expect([response.statusCode, body.code], probe.name).toEqual([400, 'WEBHOOK_SIGNATURE_INVALID']);
        continue;
      }
      if (response.statusCode !== 400 || body.error !== NUL_BYTE_MESSAGE || body.code !== 'VALIDATION_FAILED') {
        wrong.push(`${probe.name}: ${response.statusCode} ${body.code}`);
      }
    }
    return wrong;
  }

  it('answers a French 400 to a NUL in every path parameter, query and JSON body of the OpenAPI document (administrator)', async () => {
    expect(all.length).toBeGreaterThan(60);
    expect(all.filter((probe) => probe.name.includes('(path ')).length).toBeGreaterThan(30);
    expect(all.filter((probe) => probe.name.endsWith('(body)')).length).toBeGreaterThan(20);
    expect(await wrongAnswers(admin)).toEqual([]);
  });

  it('answers the same French 400 to an anonymous caller, before authentication', async () => {
    expect(await wrongAnswers(anonymous)).toEqual([]);
  });

  it('answers 400 to a NUL in a page path, an unknown route, a query string or an object key', async () => {
    for (const url of ['/private/nul%00', '/api/health?x=%00', '/api/account/me%00']) {
      const response = await anonymous.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ error: NUL_BYTE_MESSAGE, code: 'VALIDATION_FAILED' });
    }
    const key = await anonymous.post('/api/contact/', { [`na${NUL}me`]: 'x' });
    expect(key.statusCode).toBe(400);
    expect(key.json().error).toBe(NUL_BYTE_MESSAGE);
    // The same words escaped twice are text, not a NUL byte: validated as usual.
    const escaped = await admin.get('/api/simulator/options/%2500/');
    expect(escaped.statusCode).toBe(400);
    expect(escaped.json().error).not.toBe(NUL_BYTE_MESSAGE);
  });

  it('answers 400, not 500, when a NUL byte reaches the database anyway (PostgreSQL 22021)', async () => {
    const response = await anonymous.get('/api/test/nul-statement');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: NUL_BYTE_MESSAGE, code: 'VALIDATION_FAILED' });
  });
});
