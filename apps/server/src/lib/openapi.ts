import { apiErrorSchema, defaultErrorMessages } from '@pilote/contracts';
import { z } from 'zod';
import { AppError, type AppErrorCode } from './app-error.ts';

/**
 * The error body every route may answer (packages/contracts errors.ts), as declared in the route schemas: loose, so
 * that the extra keys some answers carry (`details` of a 400, better-auth's `message`) are sent, not stripped.
 */
export const errorResponseSchema = apiErrorSchema
  .extend({
    details: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Erreurs par champ (400).'),
  })
  .loose();

const descriptions = {
  400: `Requête invalide (${defaultErrorMessages.VALIDATION_FAILED})`,
  401: `Non connecté (${defaultErrorMessages.UNAUTHENTICATED}).`,
  403: 'Interdit : jeton CSRF absent ou invalide, ou rôle insuffisant.',
  404: `Introuvable (${defaultErrorMessages.NOT_FOUND}) — aussi pour une ressource d’un autre utilisateur.`,
  409: `Conflit (${defaultErrorMessages.CONFLICT})`,
  413: defaultErrorMessages.PAYLOAD_TOO_LARGE,
  415: defaultErrorMessages.UNSUPPORTED_MEDIA_TYPE,
  422: 'Requête bien formée mais impossible à traiter (données tarifaires ou relevés insuffisants).',
  429: `${defaultErrorMessages.RATE_LIMITED} — ou quota du plan atteint (QUOTA_EXCEEDED, message avec « limite »).`,
  502: 'Un service extérieur a répondu une erreur (paiement : BILLING_PROVIDER_ERROR ; assistant : CHATBOT_ENGINE_ERROR).',
  503: defaultErrorMessages.SERVICE_UNAVAILABLE,
  504: 'Un service extérieur n’a pas répondu à temps (assistant : CHATBOT_ENGINE_TIMEOUT).',
} as const;

export type ErrorStatus = keyof typeof descriptions;

/**
 * The error answers of a route, for its `schema.response`: `{ ...errorResponses(400, 401, 404) }`. Each one is
 * the shared error schema with a French description (shown in /api/docs).
 */
export function errorResponses<Status extends ErrorStatus>(
  ...statuses: Status[]
): Record<Status, typeof errorResponseSchema> {
  const out = {} as Record<Status, typeof errorResponseSchema>;
  for (const status of statuses) {
    out[status] = errorResponseSchema.describe(descriptions[status]);
  }
  return out;
}

interface OpenApiResponse {
  description?: string;
  content?: Record<string, { schema?: { properties?: Record<string, unknown>; description?: string } }>;
  $ref?: string;
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, { responses?: Record<string, OpenApiResponse> }>>;
  components?: { responses?: Record<string, unknown>; schemas?: Record<string, unknown> };
}

/**
 * Writes each declared error answer once: `components.responses.Error<status>` (its French description, the shared
 * `ApiError` schema), referenced by every operation instead of an inline copy. The generator inlines the schema at
 * each of the ~370 (operation, status) pairs: half of /api/openapi.json's 420 kB, which Swagger UI parses on every
 * load of /api/docs. Only answers made by {@link errorResponses} are replaced (same description, same schema as the
 * first one).
 */
export function shareErrorResponses<Document extends OpenApiDocument>(document: Document): Document {
  let shared: Record<string, unknown> | undefined;
  let sharedText: string | undefined;
  const responses: Record<string, unknown> = {};
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const description = descriptions[Number(status) as ErrorStatus] as string | undefined;
        const schema = response.content?.['application/json']?.schema;
        if (!description || response.description !== description || !schema) {
          continue;
        }
        const { description: _description, ...withoutDescription } = schema;
        const text = JSON.stringify(withoutDescription);
        sharedText ??= text;
        if (text !== sharedText) {
          continue;
        }
        shared ??= withoutDescription;
        responses[`Error${status}`] = {
          description,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
        };
        (operation.responses as Record<string, OpenApiResponse>)[status] = {
          $ref: `#/components/responses/Error${status}`,
        };
      }
    }
  }
  if (shared) {
    document.components = {
      ...document.components,
      schemas: { ...document.components?.schemas, ApiError: shared },
      responses: { ...document.components?.responses, ...responses },
    };
  }
  return document;
}

/** What a success answer without its own description is called in /api/docs (the generator's "Default Response"). */
const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  '200': 'Succès.',
  '201': 'Créé.',
  '202': 'Accepté : le traitement continue en arrière-plan.',
  '204': 'Succès, sans contenu.',
};

/** Success answers the routes did not describe get a French description instead of the generator's "Default Response". */
export function nameSuccessResponses<Document extends OpenApiDocument>(document: Document): Document {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const description = SUCCESS_DESCRIPTIONS[status];
        if (description && response.description === 'Default Response') {
          response.description = description;
        }
      }
    }
  }
  return document;
}

/**
 * What /api/docs shows for a string of a given format when the contract gives no example of its own. Without it
 * Swagger UI draws a random string from zod's `pattern` (timestamps in the year 0904, 80 fractional digits) or,
 * without a pattern, the current instant (a different example at each load).
 */
export const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2026-11-25T09:30:00.000Z',
  date: '2026-07-01',
  uuid: '6f1c2a4e-8b3d-4e5f-9a7b-2c1d0e3f4a5b',
  email: 'alice@exemple.fr',
  uri: 'https://www.exemple.fr/',
};

/**
 * The patterns zod writes beside `format: date-time`: `z.iso.datetime()` (UTC, `Z` suffix) and
 * `z.iso.datetime({ offset: true })`, both calendar-checked like the format.
 */
const ZOD_DATE_TIME_PATTERNS = new Set(
  [z.iso.datetime(), z.iso.datetime({ offset: true })].map(
    (schema) => (z.toJSONSchema(schema) as { pattern?: string }).pattern,
  ),
);

/** One example answer per declared error status, with the server's own message for the code. */
const ERROR_EXAMPLES: Record<
  ErrorStatus,
  { error: string; code: string; details?: { path: string; message: string }[] }
> = {
  400: {
    error: 'email : Adresse e-mail invalide.',
    code: 'VALIDATION_FAILED',
    details: [{ path: '/email', message: 'Adresse e-mail invalide.' }],
  },
  401: errorExample('UNAUTHENTICATED'),
  403: errorExample('CSRF_INVALID'),
  404: errorExample('NOT_FOUND'),
  409: errorExample('CONFLICT'),
  413: errorExample('PAYLOAD_TOO_LARGE'),
  415: errorExample('UNSUPPORTED_MEDIA_TYPE'),
  422: errorExample('TARIFF_DATA_UNAVAILABLE'),
  429: { error: 'Trop de requêtes. Veuillez réessayer dans 42 s.', code: 'RATE_LIMITED' },
  502: errorExample('BILLING_PROVIDER_ERROR'),
  503: errorExample('SERVICE_UNAVAILABLE'),
  504: errorExample('CHATBOT_ENGINE_TIMEOUT'),
};

function errorExample(code: AppErrorCode): { error: string; code: string } {
  return { error: new AppError(code).message, code };
}

type JsonSchemaNode = Record<string, unknown>;

function hasType(node: JsonSchemaNode, type: string): boolean {
  return node.type === type || (Array.isArray(node.type) && node.type.includes(type));
}

/**
 * Makes the examples /api/docs draws from the schemas plausible, touching the served document only (requests are
 * still validated by the zod schemas themselves):
 * - integer bounds equal to ±Number.MAX_SAFE_INTEGER go: zod writes them for every `.int()`, they are implied by
 *   the number being an integer JSON can carry, and Swagger UI shows them as the example (265 of them);
 * - in an answer, zod's date-time pattern goes (the `format` stays): it restates `date-time` for what the server
 *   writes with `toISOString()`, and Swagger UI draws its example from the pattern; requests keep theirs;
 * - a string with a `format` but no example gets {@link FORMAT_EXAMPLES}'s;
 * - `additionalProperties: {}` (zod's loose objects) goes: it is JSON Schema's default, and Swagger UI fills it
 *   with `additionalProp1..3`;
 * - each shared error answer (components.responses, see {@link shareErrorResponses}) gets an example with the
 *   server's own message.
 * Examples of the domain (a month, a PITD code, amounts) are written on the contracts with `.meta({ examples })`.
 */
export function plausibleExamples<Document extends OpenApiDocument>(document: Document): Document {
  const visit = (node: unknown, inAnswer: boolean): void => {
    if (Array.isArray(node)) {
      for (const item of node) {
        visit(item, inAnswer);
      }
      return;
    }
    if (!node || typeof node !== 'object') {
      return;
    }
    const schema = node as JsonSchemaNode;
    if (hasType(schema, 'integer') || hasType(schema, 'number')) {
      if (schema.minimum === -Number.MAX_SAFE_INTEGER) {
        delete schema.minimum;
      }
      if (schema.maximum === Number.MAX_SAFE_INTEGER) {
        delete schema.maximum;
      }
    }
    if (hasType(schema, 'string') && typeof schema.format === 'string') {
      if (inAnswer && schema.format === 'date-time' && ZOD_DATE_TIME_PATTERNS.has(schema.pattern as string)) {
        delete schema.pattern;
      }
      const example = FORMAT_EXAMPLES[schema.format];
      if (example !== undefined && schema.examples === undefined && schema.example === undefined) {
        schema.examples = [example];
      }
    }
    if (
      schema.properties &&
      typeof schema.additionalProperties === 'object' &&
      schema.additionalProperties !== null &&
      Object.keys(schema.additionalProperties).length === 0
    ) {
      delete schema.additionalProperties;
    }
    for (const [key, value] of Object.entries(schema)) {
      if (key !== 'examples' && key !== 'example') {
        visit(value, inAnswer);
      }
    }
  };
  for (const operations of Object.values(document.paths ?? {})) {
    for (const { responses, ...request } of Object.values(operations)) {
      visit(request, false);
      visit(responses, true);
    }
  }
  // components.schemas holds only what the answers share (ApiError); components.responses are answers.
  visit(document.components?.schemas, true);
  visit(document.components?.responses, true);

  for (const [name, response] of Object.entries(document.components?.responses ?? {})) {
    const example = ERROR_EXAMPLES[Number(name.replace(/^Error/, '')) as ErrorStatus];
    const media = (response as OpenApiResponse).content?.['application/json'] as Record<string, unknown> | undefined;
    if (example && media) {
      media.example = example;
    }
  }
  const apiError = document.components?.schemas?.ApiError as JsonSchemaNode | undefined;
  if (apiError) {
    apiError.examples = [ERROR_EXAMPLES[404]];
  }
  return document;
}
