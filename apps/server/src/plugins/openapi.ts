import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { nameSuccessResponses, plausibleExamples, shareErrorResponses } from '../lib/openapi.ts';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PREFIX = '/api/docs';

/**
 * The API contract, generated (ADR 0020): @fastify/swagger collects every route registered after it and turns its
 * zod schemas (packages/contracts) into OpenAPI 3.1 with fastify-type-provider-zod's transform. Served as JSON at
 * /api/openapi.json and browsable at /api/docs (Swagger UI, its own files from node_modules: no CDN, no inline
 * script, so the app's CSP applies unchanged). Register before the routes.
 */
export async function registerOpenApi(app: FastifyInstance, options: { version: string; publicUrl: string }) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pilote Énergie — API',
        version: options.version,
        description:
          'API JSON de la plateforme. Erreurs : `{ error: "<message en français>", code: "<CODE>" }`. ' +
          'Les appels qui modifient (POST, PUT, PATCH, DELETE) exigent l’en-tête `X-CSRFToken` ' +
          '(GET /api/common/get-csrf-token/). Listes paginées : `?page=&pageSize=` (20 par défaut, 100 au plus). ' +
          'Dates-heures des réponses : ISO 8601 en UTC (`2026-11-25T09:30:00.000Z`). ' +
          'Documentation rédigée : docs/api.md.',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          // better-auth's cookie with our prefix (modules/auth/auth.ts `cookiePrefix: 'pe'`); `__Secure-` in front
          // of it when PUBLIC_URL is https.
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'pe.session_token',
            description: 'Cookie de session (`__Secure-pe.session_token` en https), posé par la connexion.',
          },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
    // Each error answer once, referenced (lib/openapi.ts): the document Swagger UI parses is half the size; success
    // answers without a description are named in French; the examples Swagger UI draws are plausible ones.
    transformObject: (input) =>
      plausibleExamples(nameSuccessResponses(shareErrorResponses(jsonSchemaTransformObject(input) as never))),
  });

  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    theme: { title: 'Pilote Énergie — API' },
  });

  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return app.swagger();
  });
}
