import {
  simulateBodySchema,
  simulateResponseSchema,
  simulationIdParamsSchema,
  simulationPdfLinkResponseSchema,
  simulationPdfQuerySchema,
  simulatorOptionsParamsSchema,
  simulatorOptionsQuerySchema,
  simulatorOptionsResponseSchema,
} from '@pilote/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ResolveActor, requireUser } from '../auth/session.ts';
import type { SimulatorService } from './service.ts';

/** /api/simulator/*: signed-in users (the service checks); the PDF link carries its own signature (ADR 0012). */
export const simulatorRoutes: FastifyPluginAsyncZod<{ service: SimulatorService; resolveActor: ResolveActor }> = async (
  app,
  { service, resolveActor },
) => {
  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    // Signed-out callers get 401 before their query or body is looked at.
    signedIn.addHook('preValidation', async (request) => {
      requireUser(await resolveActor(request));
    });
    signedIn.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    signedIn.get(
      '/api/simulator/options/:point/',
      {
        schema: {
          params: simulatorOptionsParamsSchema,
          querystring: simulatorOptionsQuerySchema,
          response: { 200: simulatorOptionsResponseSchema },
        },
      },
      async (request) => service.options(await resolveActor(request), request.params.point, request.query),
    );

    signedIn.post(
      '/api/simulator/simulate/',
      { schema: { body: simulateBodySchema, response: { 200: simulateResponseSchema } } },
      async (request) => service.simulate(await resolveActor(request), request.body),
    );

    signedIn.get(
      '/api/simulator/simulations/:id/pdf-link',
      { schema: { params: simulationIdParamsSchema, response: { 200: simulationPdfLinkResponseSchema } } },
      async (request) => service.pdfLink(await resolveActor(request), request.params.id),
    );
  });

  app.get(
    '/api/simulator/simulations/:id/pdf',
    { schema: { params: simulationIdParamsSchema, querystring: simulationPdfQuerySchema } },
    async (request, reply) => {
      const { bytes, fileName } = await service.pdf(request.params.id, request.query.exp, request.query.sig);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );
};
