import { type BuildInfo, buildInfoSchema, runtimeInfoSchema } from '@pilote/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/openapi.ts';

export interface InfoRoutesOptions {
  backend: BuildInfo;
  /** Reads the SPA's build-info.json; undefined when the SPA is not built. */
  frontend: () => BuildInfo | undefined;
  appEnv: string;
  /** `SUPPORT_EMAIL`, shown by the user menu's « Support » link. */
  supportEmail?: string | undefined;
}

/** Build information (spec §3 "Build info") and the runtime info file read by the login footer. */
export const infoRoutes: FastifyPluginAsyncZod<InfoRoutesOptions> = async (app, options) => {
  const tags = ['Exploitation'];
  app.get(
    '/api/info/backend/',
    { schema: { tags, summary: 'Version du serveur', response: { 200: buildInfoSchema } } },
    async () => options.backend,
  );

  app.get(
    '/api/info/frontend/',
    {
      schema: {
        tags,
        summary: 'Version de l’application web',
        response: { 200: buildInfoSchema, ...errorResponses(404) },
      },
    },
    async () => {
      const info = options.frontend();
      if (!info) {
        throw new AppError('NOT_FOUND', "L'application web n'est pas construite : aucune information de version.");
      }
      return { ...info, env: options.appEnv };
    },
  );

  app.get(
    '/runtime-info.json',
    {
      schema: { tags, summary: 'Révision, environnement et adresse du support', response: { 200: runtimeInfoSchema } },
    },
    async (_request, reply) => {
      const info = options.frontend() ?? options.backend;
      reply.header('Cache-Control', 'no-cache');
      return { revision: info.revision, env: options.appEnv, supportEmail: options.supportEmail ?? null };
    },
  );
};
