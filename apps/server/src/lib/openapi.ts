import { apiErrorSchema, defaultErrorMessages } from '@pilote/contracts';
import { z } from 'zod';

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
