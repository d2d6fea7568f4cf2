import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import { type BuildInfo, defaultErrorMessages } from '@pilote/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createMailer, type Mailer } from './adapters/mail/index.ts';
import { registerRateLimit } from './adapters/rate-limit/index.ts';
import type { Config } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { readBuildInfoFile, resolveBackendBuildInfo } from './lib/build-info.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { createAdminService } from './modules/admin/service.ts';
import { createAuth } from './modules/auth/auth.ts';
import { MailDispatcher } from './modules/auth/mail-dispatcher.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createActorResolver } from './modules/auth/session.ts';
import { consumptionDataRoutes } from './modules/consumption-data/routes.ts';
import { createConsumptionDataService } from './modules/consumption-data/service.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { createContactService } from './modules/contact/service.ts';
import { csrfRoutes } from './modules/csrf/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { infoRoutes } from './modules/info/routes.ts';
import { optimisationRoutes } from './modules/optimisation/routes.ts';
import { createOptimisationService } from './modules/optimisation/service.ts';
import { createReferenceData } from './modules/reference-data/source.ts';
import { PdfLinkSigner } from './modules/simulator/pdf-link.ts';
import { simulatorRoutes } from './modules/simulator/routes.ts';
import { createSimulatorService } from './modules/simulator/service.ts';
import { CsrfProtection, registerCsrfCheck } from './plugins/csrf.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';

z.config(z.locales.fr());

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/web/dist, seen from src/ (tsx) or from dist/ (bundle): both sit two levels under apps/. */
const defaultWebDistDir = path.resolve(here, '..', '..', 'web', 'dist');
const SERVER_VERSION = '0.1.0';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Signs CSRF tokens, sessions and links (see config/secrets.ts). */
  secret: string;
  logger?: FastifyServerOptions['logger'];
  /** Overrides the backend build info (tests). */
  backendBuildInfo?: BuildInfo;
  /** Overrides the mail adapter chosen from the config (SMTP_URL → SMTP, else the outbox table). */
  mailer?: Mailer;
}

/**
 * The application factory: everything but listening. server.ts listens; tests call buildApp() and use
 * inject() or listen on port 0. Dependencies come in; nothing here reaches for globals.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const https = config.publicUrl.startsWith('https://');
  await registerSecurityHeaders(app, { https });
  await app.register(fastifyCookie);

  const csrf = new CsrfProtection(deps.secret, https);
  registerCsrfCheck(app, csrf);

  const webDistDir = config.webDistDir ?? defaultWebDistDir;
  const backend = deps.backendBuildInfo ?? resolveBackendBuildInfo(here, config.appEnv, SERVER_VERSION);

  await app.register(healthRoutes, { pingDatabase: database.ping });
  await app.register(infoRoutes, {
    backend,
    frontend: () => readBuildInfoFile(path.join(webDistDir, 'build-info.json')),
    appEnv: config.appEnv,
  });
  await app.register(csrfRoutes, { csrf });

  await registerRateLimit(app, config);
  const mailer = deps.mailer ?? createMailer(config, database.db, app.log);
  const mail = new MailDispatcher(mailer, app.log);
  const auth = createAuth({ config, db: database.db, secret: deps.secret, mail, logger: app.log });
  const resolveActor = createActorResolver(auth);
  app.addHook('onClose', async () => {
    await mail.idle();
    await mailer.close?.();
  });
  await app.register(authRoutes, { auth, config, resolveActor });
  await app.register(accountRoutes, { resolveActor });
  await app.register(adminRoutes, {
    service: createAdminService({ db: database.db, mailMode: mailer.kind }),
    resolveActor,
  });

  const referenceData = createReferenceData(database.db);
  await app.register(contactRoutes, {
    service: createContactService({ db: database.db, logger: app.log }),
    resolveActor,
  });

  await app.register(simulatorRoutes, {
    service: createSimulatorService({
      db: database.db,
      referenceData,
      pdfLinks: new PdfLinkSigner(deps.secret, config.pdfLinkTtlSeconds),
    }),
    resolveActor,
  });

  const consumption = createConsumptionDataService({ db: database.db });
  await app.register(consumptionDataRoutes, { service: consumption, resolveActor });
  await app.register(optimisationRoutes, {
    service: createOptimisationService({ referenceData, consumption }),
    resolveActor,
  });

  const spaServed = await registerSpa(app, webDistDir);

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (!isApi && spaServed && wantsHtml) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      error: isApi
        ? `Route inconnue : ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}`
        : defaultErrorMessages.NOT_FOUND,
      code: 'NOT_FOUND',
    });
  });

  return app;
}
