import {
  billingRedirectResponseSchema,
  createCheckoutSessionBodySchema,
  createPortalSessionBodySchema,
  invoiceIdParamsSchema,
  invoicePageSchema,
  localActionBodySchema,
  localActionResponseSchema,
  localSessionIdParamsSchema,
  localSessionResponseSchema,
  pageQuerySchema,
  pricingResponseSchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi.ts';
import { signedIn } from '../../plugins/signed-in.ts';
import type { BillingService } from './service.ts';

const tags = ['Abonnement'];

/** Largest webhook body accepted (Stripe events are a few kB). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export const webhookHeadersSchema = z.object({ 'stripe-signature': z.string().max(2000).optional() });
export const webhookResponseSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'duplicate', 'ignored']),
});

/**
 * /api/payments/*: the public pricing, checkout and portal (signed-in), the provider webhook (signature instead
 * of CSRF, raw body), and the local demonstration provider's endpoints (signed-in, owner only).
 */
export const billingRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (app, { service }) => {
  app.get(
    '/api/payments/pricing/',
    {
      schema: {
        tags,
        summary: 'Plans proposés (sans authentification)',
        response: { 200: pricingResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return service.pricing();
    },
  );

  // The webhook: its own scope, whose JSON parser keeps the raw bytes (the signature covers them exactly).
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/webhook/',
      {
        // Called by the payment provider, not a browser page: its signature (checked first) replaces the CSRF
        // token (ADR 0015 allows this exemption by route config only; ADR 0027).
        config: { csrf: false },
        schema: {
          tags,
          summary: 'Événements du fournisseur de paiement (signés, corps brut, tolérance 300 s)',
          headers: webhookHeadersSchema,
          body: z
            .custom<Buffer>((value) => Buffer.isBuffer(value), { error: 'Corps JSON attendu.' })
            .meta({
              description: 'L’événement tel que le fournisseur l’a signé (JSON).',
              type: 'object',
            }),
          response: { 200: webhookResponseSchema, ...errorResponses(400, 413, 415, 502, 503) },
        },
      },
      async (request) => {
        const outcome = await service.ingest(request.body, request.headers['stripe-signature']);
        return { received: true as const, outcome };
      },
    );
  });

  await app.register(
    signedIn(async (scope) => {
      scope.post(
        '/api/payments/create-checkout-session/',
        {
          schema: {
            tags,
            summary: 'Créer une session de paiement pour un plan (seul l’identifiant du plan est lu)',
            body: createCheckoutSessionBodySchema,
            response: { 200: billingRedirectResponseSchema, ...errorResponses(400, 401, 403, 409, 502, 503) },
          },
        },
        async (request) => service.createCheckout(request.actor, request.body.plan, request.body.interval),
      );

      scope.post(
        '/api/payments/create-portal-session/',
        {
          schema: {
            tags,
            summary: 'Ouvrir le portail de facturation',
            body: createPortalSessionBodySchema,
            response: { 200: billingRedirectResponseSchema, ...errorResponses(400, 401, 403, 409, 502, 503) },
          },
        },
        async (request) => service.createPortal(request.actor),
      );

      scope.get(
        '/api/payments/invoices/',
        {
          schema: {
            tags,
            summary: 'Factures de l’organisation active (paginées, les plus récentes d’abord)',
            querystring: pageQuerySchema,
            response: { 200: invoicePageSchema, ...errorResponses(400, 401, 404) },
          },
        },
        async (request) => service.invoices(request.actor, request.query),
      );

      scope.get(
        '/api/payments/invoices/:id/pdf',
        {
          schema: {
            tags,
            summary: 'Télécharger une facture (PDF) d’une organisation dont on est membre',
            params: invoiceIdParamsSchema,
            response: {
              200: {
                description: 'La facture, en pièce jointe.',
                content: { 'application/pdf': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
              },
              ...errorResponses(400, 401, 404, 503),
            },
          },
        },
        async (request, reply) => {
          const { bytes, fileName } = await service.invoicePdf(request.actor, request.params.id);
          return reply
            .header('Content-Type', 'application/pdf')
            .header('Content-Disposition', `attachment; filename="${fileName}"`)
            .send(Buffer.from(bytes));
        },
      );

      scope.get(
        '/api/payments/local/sessions/:id',
        {
          schema: {
            tags,
            summary: 'Session du paiement de démonstration (propriétaire uniquement)',
            params: localSessionIdParamsSchema,
            response: { 200: localSessionResponseSchema, ...errorResponses(400, 401, 404) },
          },
        },
        async (request) => service.localSession(request.actor, request.params.id),
      );

      scope.post(
        '/api/payments/local/sessions/:id/confirm',
        {
          schema: {
            tags,
            summary: 'Payer la session de démonstration (événement local signé)',
            params: localSessionIdParamsSchema,
            body: localActionBodySchema,
            response: { 200: localActionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) => service.localConfirm(request.actor, request.params.id),
      );

      const portalAction = (path: string, summary: string, run: BillingService['localEndPeriod']) =>
        scope.post(
          `/api/payments/local/portal/:id/${path}`,
          {
            schema: {
              tags,
              summary,
              params: localSessionIdParamsSchema,
              body: localActionBodySchema,
              response: { 200: localActionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
            },
          },
          async (request) => run(request.actor, request.params.id),
        );
      portalAction('cancel', 'Résilier à la fin de la période (démonstration)', (actor, id) =>
        service.localSetCancel(actor, id, true),
      );
      portalAction('resume', 'Annuler la résiliation (démonstration)', (actor, id) =>
        service.localSetCancel(actor, id, false),
      );
      portalAction('end-period', 'Terminer la période en cours maintenant (démonstration uniquement)', (actor, id) =>
        service.localEndPeriod(actor, id),
      );
    }),
  );
};
