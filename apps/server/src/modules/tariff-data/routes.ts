import {
  addTariffValueBodySchema,
  gridImportBodySchema,
  gridImportPreviewSchema,
  gridImportResultSchema,
  publicStoredValuesQuerySchema,
  publicStoredValuesResponseSchema,
  referenceImportBodySchema,
  referenceImportKindsResponseSchema,
  referenceImportParamsSchema,
  referenceImportPreviewSchema,
  referenceImportResultSchema,
  storedTariffValueResponseSchema,
  tariffAuditQuerySchema,
  tariffAuditResponseSchema,
  tariffCalendarQuerySchema,
  tariffCalendarResponseSchema,
  tariffParametersQuerySchema,
  tariffParametersResponseSchema,
  undoTariffValueBodySchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/openapi.ts';
import type { TariffDataService } from './service.ts';

const TAGS = ['Données tarifaires'];

/** Public: the calendar of grid changes shown on /tarifs-energie. */
export const tariffCalendarRoutes: FastifyPluginAsyncZod<{ service: TariffDataService }> = async (app, { service }) => {
  app.get(
    '/api/tariff-data/calendar',
    {
      schema: {
        tags: TAGS,
        summary: 'Calendrier des changements de grilles (récents et à venir, paginé)',
        querystring: tariffCalendarQuerySchema,
        response: { 200: tariffCalendarResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => service.calendar(request.query),
  );

  app.get(
    '/api/tariff-data/values',
    {
      schema: {
        tags: TAGS,
        summary: 'Valeurs datées enregistrées par l’équipe et appliquées par le moteur (paginé)',
        querystring: publicStoredValuesQuerySchema,
        response: { 200: publicStoredValuesResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => service.storedValues(request.query),
  );
};

/**
 * /api/admin/tariff-data/*: registered inside the signed-in scope (401 first); the service checks the role
 * (staff and admins read, admins write: 403 otherwise).
 */
export const tariffDataAdminRoutes: FastifyPluginAsyncZod<{ service: TariffDataService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/admin/tariff-data/parameters',
    {
      schema: {
        tags: TAGS,
        summary: 'Paramètres tarifaires et leurs valeurs datées (filtre par grille, paginé)',
        querystring: tariffParametersQuerySchema,
        response: { 200: tariffParametersResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listParameters(request.actor, request.query),
  );

  app.post(
    '/api/admin/tariff-data/values',
    {
      schema: {
        tags: TAGS,
        summary: 'Ajouter une valeur datée (administrateur ; nouvelle version si la date en a déjà une)',
        body: addTariffValueBodySchema,
        response: { 201: storedTariffValueResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.addValue(request.actor, request.body)),
  );

  app.post(
    '/api/admin/tariff-data/values/undo',
    {
      schema: {
        tags: TAGS,
        summary: 'Annuler la dernière version d’une valeur datée (crée une nouvelle version)',
        body: undoTariffValueBodySchema,
        response: { 201: storedTariffValueResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.undo(request.actor, request.body)),
  );

  app.get(
    '/api/admin/tariff-data/audit',
    {
      schema: {
        tags: TAGS,
        summary: 'Journal des modifications des données tarifaires (paginé)',
        querystring: tariffAuditQuerySchema,
        response: { 200: tariffAuditResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.audit(request.actor, request.query),
  );

  app.post(
    '/api/admin/tariff-data/grid-import/preview',
    {
      schema: {
        tags: TAGS,
        summary: 'Aperçu d’un import de grille (valeurs modifiées, simulations de référence avant/après)',
        body: gridImportBodySchema,
        response: { 200: gridImportPreviewSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.previewGridImport(request.actor, request.body),
  );

  app.post(
    '/api/admin/tariff-data/grid-import/confirm',
    {
      schema: {
        tags: TAGS,
        summary: 'Importer une grille (chaque valeur devient une nouvelle version)',
        body: gridImportBodySchema,
        response: { 201: gridImportResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.confirmGridImport(request.actor, request.body)),
  );

  app.get(
    '/api/admin/tariff-data/reference-imports',
    {
      schema: {
        tags: TAGS,
        summary: 'Tables de référence importables depuis le panneau (PITD, Zi…)',
        response: { 200: referenceImportKindsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.referenceKinds(request.actor),
  );

  app.post(
    '/api/admin/tariff-data/reference-imports/:kind/preview',
    {
      schema: {
        tags: TAGS,
        summary: 'Aperçu d’un import de table de référence (contrôles complets, rien n’est écrit)',
        params: referenceImportParamsSchema,
        body: referenceImportBodySchema,
        response: { 200: referenceImportPreviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.previewReferenceImport(request.actor, request.params.kind, request.body),
  );

  app.post(
    '/api/admin/tariff-data/reference-imports/:kind/confirm',
    {
      schema: {
        tags: TAGS,
        summary: 'Importer une table de référence (nouvelle version active)',
        params: referenceImportParamsSchema,
        body: referenceImportBodySchema,
        response: { 201: referenceImportResultSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.confirmReferenceImport(request.actor, request.params.kind, request.body)),
  );
};
