import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import type { BuildInfo } from '@pilote/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type onRouteHookHandler } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Billing, createBilling } from './adapters/billing/index.ts';
import { createJobQueue, type JobQueue } from './adapters/jobs/index.ts';
import { createMailer, type Mailer } from './adapters/mail/index.ts';
import { createOperatorData, type OperatorDataAdapter } from './adapters/operator-data/index.ts';
import { pdfRateLimit, registerRateLimit } from './adapters/rate-limit/index.ts';
import { createObjectStorage, type ObjectStorage } from './adapters/storage/index.ts';
import { type Config, toFastifyTrustProxy } from './config/env.ts';
import { createBackgroundLane } from './db/background-lane.ts';
import type { DatabaseHandle } from './db/client.ts';
import { readBuildInfoFile, resolveBackendBuildInfo } from './lib/build-info.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { addressRoutes } from './modules/address/routes.ts';
import { createAddressSearch } from './modules/address/service.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { createAdminService } from './modules/admin/service.ts';
import { columnMappingRoutes } from './modules/audits/column-mapping-routes.ts';
import { createColumnMappingsService, withColumnMappings } from './modules/audits/column-mappings.ts';
import { registerAuditJobs } from './modules/audits/jobs.ts';
import { ClaimLetterLinkSigner } from './modules/audits/link-signer.ts';
import { findUserContact } from './modules/audits/repository.ts';
import { auditsRoutes } from './modules/audits/routes.ts';
import { type AuditLimits, createAuditRunner, createClaimLetterRenderer } from './modules/audits/runner.ts';
import { createAuditsService } from './modules/audits/service.ts';
import { createAuth } from './modules/auth/auth.ts';
import { HashLimiter } from './modules/auth/hash-limiter.ts';
import { MailDispatcher } from './modules/auth/mail-dispatcher.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createActorResolver } from './modules/auth/session.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { createBillingService } from './modules/billing/service.ts';
import { registerBugReportJobs } from './modules/bug-reports/jobs.ts';
import { bugReportRoutes } from './modules/bug-reports/routes.ts';
import { createBugReportService } from './modules/bug-reports/service.ts';
import { createRetrievalEngine } from './modules/chatbot/engine.ts';
import { productPassages } from './modules/chatbot/knowledge.ts';
import { createLlmEngine } from './modules/chatbot/llm-engine.ts';
import { createRetrieval } from './modules/chatbot/retrieval.ts';
import { chatbotRoutes } from './modules/chatbot/routes.ts';
import { createChatbotService } from './modules/chatbot/service.ts';
import { createOwnWorkSource } from './modules/chatbot/sources/own-work.ts';
import { consumptionDataRoutes } from './modules/consumption-data/routes.ts';
import { createConsumptionDataService } from './modules/consumption-data/service.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { createContactService } from './modules/contact/service.ts';
import { csrfRoutes } from './modules/csrf/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { createDashboardService } from './modules/dashboard/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { registerHistoryJobs } from './modules/history/jobs.ts';
import { historyRoutes } from './modules/history/routes.ts';
import { createHistoryService } from './modules/history/service.ts';
import { infoRoutes } from './modules/info/routes.ts';
import { resolveMandateKeyring } from './modules/mandates/crypto.ts';
import { registerMandateJobs } from './modules/mandates/jobs.ts';
import { MandateLinkSigner } from './modules/mandates/links.ts';
import type { SealedMandateInput, SealedMandateOutput } from './modules/mandates/mandate-pdf.ts';
import { renderMandateInWorker } from './modules/mandates/render.ts';
import { mandatesRoutes } from './modules/mandates/routes.ts';
import { resolveSealCertificate } from './modules/mandates/seal.ts';
import { createMandatesService, type MandateSecrets } from './modules/mandates/service.ts';
import { optimisationRoutes } from './modules/optimisation/routes.ts';
import { createOptimisationService } from './modules/optimisation/service.ts';
import { organisationsRoutes } from './modules/organisations/routes.ts';
import { createOrganisationsService } from './modules/organisations/service.ts';
import { createEntitlements } from './modules/plans/entitlements.ts';
import { createQuota } from './modules/plans/quota.ts';
import { plansRoutes } from './modules/plans/routes.ts';
import { createPlansService } from './modules/plans/service.ts';
import { portfolioRoutes } from './modules/portfolio/routes.ts';
import { createPortfolioService, type PortfolioOptions } from './modules/portfolio/service.ts';
import { createReferenceData } from './modules/reference-data/source.ts';
import { simulatorIndexRoutes } from './modules/simulator/index-routes.ts';
import { PdfLinkSigner } from './modules/simulator/pdf-link.ts';
import { createPdfWorkerPool, type PdfRenderer } from './modules/simulator/pdf-renderer.ts';
import { simulationLimiter, simulatorRoutes } from './modules/simulator/routes.ts';
import { createSimulatorService } from './modules/simulator/service.ts';
import { createSimulatorIndex } from './modules/simulator/simulator-index.ts';
import { sitesRoutes } from './modules/sites/routes.ts';
import { createSitesService } from './modules/sites/service.ts';
import { storageRoutes } from './modules/storage/routes.ts';
import { createTariffOverlaySource } from './modules/tariff-data/overlay-source.ts';
import { tariffCalendarRoutes, tariffDataAdminRoutes } from './modules/tariff-data/routes.ts';
import { createTariffDataService } from './modules/tariff-data/service.ts';
import { CsrfProtection, registerCsrfCheck } from './plugins/csrf.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerJsonBodyParser, registerNulByteRefusal } from './plugins/json-body.ts';
import { registerLoadShedding } from './plugins/load-shedding.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerActor, signedIn } from './plugins/signed-in.ts';
import { registerSpa } from './plugins/spa.ts';
import { ownedWorkerPool, type WorkerPoolHandle } from './workers/pool.ts';

z.config(z.locales.fr());

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (ADR 0030): modules register handlers and enqueue; start-server.ts starts polling. */
    jobs: JobQueue;
    /** Object storage (ADR 0030): local disk or S3, chosen by STORAGE. */
    storage: ObjectStorage;
  }
}

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
  /** Sees every route as it is registered (the route-contract test lists them). */
  onRoute?: onRouteHookHandler;
  /** Overrides the PDF renderer (default: a worker-thread pool of PDF_WORKERS; closed with the app). */
  pdfRenderer?: PdfRenderer;
  /** Overrides the billing adapters chosen from the config (tests: Stripe's SDK against a local HTTP peer). */
  billing?: Billing;
  /** The plans' clock (trial and period ends, counters' periods); tests move it. Also the job queue's clock. */
  now?: () => Date;
  /** Mandate keys and sealing certificate (start-server.ts resolves them at start; else on first use). */
  mandateSecrets?: MandateSecrets;
  /** Overrides the worker-thread render of mandate PDFs (tests counting renders). */
  renderMandate?: (input: SealedMandateInput) => Promise<SealedMandateOutput>;
  /** The fetch the address search uses towards BAN (tests: a local BAN). */
  addressFetch?: typeof fetch;
  /** Overrides the operator-data adapter of OPERATOR_DATA (tests: an adict adapter on the local peer; null: none). */
  operatorData?: OperatorDataAdapter | null;
  /** Overrides the job queue (default: the `jobs` table; polling is started by start-server.ts, not here). */
  jobs?: JobQueue;
  /** Overrides the object storage chosen by STORAGE (tests: S3 against a local peer). */
  storage?: ObjectStorage;
  /** Overrides the time and heap limits of one audited file (tests: a short timeout for the looping file). */
  auditLimits?: AuditLimits;
  /**
   * The worker pool's holder (default: the app owns it and ends its idle threads on close). Tests pass one whose
   * close leaves the warm threads to the next app of the test process (ADR 0049).
   */
  workerPool?: WorkerPoolHandle;
  /** The portfolio runs' chunk size and a hook between chunks (tests, ADR 0077). */
  portfolio?: PortfolioOptions;
}

/**
 * The application factory: everything but listening. server.ts listens; tests call buildApp() and use
 * inject() or listen on port 0. Dependencies come in; nothing here reaches for globals.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: toFastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) {
    app.addHook('onRoute', deps.onRoute);
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Every 503 says when to come back (a full worker queue, ADR 0045; routes with a better figure set their own).
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 503 && !reply.hasHeader('Retry-After')) {
      reply.header('Retry-After', '5');
    }
  });
  registerNulByteRefusal(app);
  registerJsonBodyParser(app);
  await registerLoadShedding(app, config);

  const https = config.publicUrl.startsWith('https://');
  await registerSecurityHeaders(app, { https });
  await app.register(fastifyCookie);

  const csrf = new CsrfProtection(deps.secret, https);
  registerCsrfCheck(app, csrf, { trustedOrigins: config.trustedOrigins });

  const webDistDir = config.webDistDir ?? defaultWebDistDir;
  const backend = deps.backendBuildInfo ?? resolveBackendBuildInfo(here, config.appEnv, SERVER_VERSION);
  // Before the routes: it collects them as they are registered.
  await registerOpenApi(app, { version: SERVER_VERSION, publicUrl: config.publicUrl });

  await app.register(healthRoutes, { pingDatabase: database.ping });
  await app.register(infoRoutes, {
    backend,
    frontend: () => readBuildInfoFile(path.join(webDistDir, 'build-info.json')),
    appEnv: config.appEnv,
    supportEmail: config.supportEmail,
  });
  await app.register(csrfRoutes, { csrf });

  const counters = await registerRateLimit(app, config);
  const mailer = deps.mailer ?? createMailer(config, database.db, app.log);
  const mail = new MailDispatcher(mailer, app.log);
  const hashing = new HashLimiter({
    maxConcurrent: config.passwordHashing.concurrency,
    maxQueued: config.passwordHashing.queue,
  });
  app.decorate('passwordHashing', hashing);
  // Plans and quotas (ADR 0027): one entitlement reader, one quota check for every costly feature; the session and
  // the admin users list report the tier it gives (ADR 0078).
  const now = deps.now ?? (() => new Date());
  const entitlements = createEntitlements({ db: database.db, now });
  const auth = createAuth({ config, db: database.db, secret: deps.secret, mail, logger: app.log, hashing });
  const resolveActor = createActorResolver(auth, database.db);
  registerActor(app, resolveActor);
  app.addHook('onClose', async () => {
    await mail.idle();
    await mailer.close?.();
  });
  await app.register(authRoutes, {
    auth,
    config,
    resolveActor,
    db: database.db,
    mail,
    hashing,
    counters,
    entitlements,
  });
  // Signed-in scopes (plugins/signed-in.ts): 401 before validation, request.actor set, no-store.
  await app.register(signedIn(adminRoutes), {
    service: createAdminService({ db: database.db, mailMode: mailer.kind, now }),
  });

  // Job queue and object storage (ADR 0030). Modules register their job handlers on app.jobs during
  // registration; the queue only polls once start-server.ts calls start(), and stops (waiting for running jobs)
  // when the app closes.
  const jobs =
    deps.jobs ??
    createJobQueue(config.jobs, database.db, {
      now,
      logger: {
        info: (object, message) => app.log.info(object, message),
        warn: (object, message) => app.log.warn(object, message),
        error: (object, message) => app.log.error(object, message),
      },
    });
  app.decorate('jobs', jobs);
  // preClose: before every onClose hook, so the database is still open while running jobs finish.
  app.addHook('preClose', () => jobs.stop());
  const storage =
    deps.storage ??
    createObjectStorage(config.storage, { db: database.db, secret: deps.secret, publicUrl: config.publicUrl, now });
  app.decorate('storage', storage);
  await app.register(storageRoutes, { storage });
  const quota = createQuota({ db: database.db, entitlements });
  await app.register(signedIn(accountRoutes), { entitlements });
  await app.register(signedIn(plansRoutes), {
    service: createPlansService({ db: database.db, entitlements }),
  });
  await app.register(billingRoutes, {
    service: createBillingService({
      db: database.db,
      billing: deps.billing ?? createBilling(config.billing, deps.secret, now),
      entitlements,
      publicUrl: config.publicUrl,
      seller: config.billing.seller,
      logger: app.log,
    }),
  });

  const referenceData = createReferenceData(database.db);
  // Stored dated values laid over the packaged grids (ADR 0025): read by the simulator, the optimiser and the panel.
  const tariffOverlay = createTariffOverlaySource(database.db, app.log);
  const tariffData = createTariffDataService({ db: database.db, overlaySource: tariffOverlay });
  await app.register(tariffCalendarRoutes, { service: tariffData });
  await app.register(signedIn(tariffDataAdminRoutes), { service: tariffData });
  await app.register(contactRoutes, {
    service: createContactService({ db: database.db, logger: app.log }),
  });

  // Organisations, members and invitations (issue #24 §1, ADR 0061).
  const organisations = createOrganisationsService({
    db: database.db,
    mailer,
    publicUrl: config.publicUrl,
    storage,
    onStorageError: (uri, error) => app.log.error({ err: error, uri }, 'organisation deleted: a file was not deleted'),
    now,
  });
  await app.register(organisationsRoutes, { service: organisations });

  // Bug reports (ADR 0035): the public POST, staff triage, and the daily digest to staff at 08:00 (Paris).
  const bugReports = createBugReportService({
    db: database.db,
    storage,
    mailer,
    publicUrl: config.publicUrl,
    now,
    logger: app.log,
  });
  await app.register(bugReportRoutes, { service: bugReports });
  registerBugReportJobs(jobs, bugReports);

  // Every CPU task (audits, mandate and simulation PDFs, reference checks) runs in one bounded pool of warm threads,
  // fair per user (ADRs 0040, 0045); closing the app terminates its idle threads, unless its holder outlives it.
  const workerPool = deps.workerPool ?? ownedWorkerPool;
  workerPool.configure({
    threads: config.workerTaskThreads,
    queueMax: config.workerTaskQueueMax,
    nice: config.workerTaskNice,
  });
  app.addHook('onClose', () => workerPool.close());
  const pdfRenderer =
    deps.pdfRenderer ?? createPdfWorkerPool({ size: config.pdf.workers, queueMax: config.pdf.queueMax });
  app.addHook('onClose', () => pdfRenderer.close());
  const simulations = simulationLimiter(config.simulate);
  app.decorate('simulations', simulations);
  const pdfLinks = new PdfLinkSigner(deps.secret, config.pdfLinkTtlSeconds);
  const simulator = createSimulatorService({
    db: database.db,
    referenceData,
    tariffOverlay,
    pdfLinks,
    pdfRenderer,
    quota,
    checkSite: async (actor, siteId) => {
      await sites.forResult(actor, siteId);
    },
    access: organisations,
  });
  await app.register(simulatorRoutes, {
    service: simulator,
    pdfRateLimit: pdfRateLimit(config),
    simulations,
    checkResponses: config.nodeEnv !== 'production',
  });
  await app.register(signedIn(simulatorIndexRoutes), {
    index: createSimulatorIndex({ db: database.db, access: organisations }),
  });
  // History of results (issue #24 §3, ADR 0064): list, reopen, delete, recalculate; a daily retention job.
  const consumption = createConsumptionDataService({ db: database.db, access: organisations });
  const optimiser = createOptimisationService({
    db: database.db,
    referenceData,
    consumption,
    quota,
    tariffOverlay,
    checkSite: async (actor, siteId) => {
      await sites.forResult(actor, siteId);
    },
    access: organisations,
  });
  const history = createHistoryService({
    db: database.db,
    access: organisations,
    simulator,
    simulations,
    optimiser,
    pdfLinks,
    retentionMonths: config.history.retentionMonths,
  });
  await app.register(signedIn(historyRoutes), { service: history });
  registerHistoryJobs(jobs, history);

  // Chatbot (ADRs 0035, 0036, 0037): passages retrieved from the product's own texts (FAQ, glossary, blog, tariff
  // explanations, dated parameters), read once here, and from the caller's own last simulation/optimisation; answered
  // by the embedded retrieval engine, or by an OpenAI-compatible model when LLM_* are set.
  const retrieval = createRetrieval({
    publicPassages: productPassages(),
    tariffOverlay,
    ownWork: createOwnWorkSource(database.db),
  });
  await app.register(chatbotRoutes, {
    service: createChatbotService({
      retrieval,
      quota,
      engine: config.chatbot.engine === 'llm' ? createLlmEngine(config.chatbot) : createRetrievalEngine(),
    }),
  });

  await app.register(signedIn(consumptionDataRoutes), { service: consumption });
  await app.register(signedIn(optimisationRoutes), { service: optimiser });

  // Invoice audit (issue #14, ADR 0034): upload to storage, a job per audit, the file read and checked in a
  // worker thread with time and memory limits.
  const audits = createAuditsService({
    db: database.db,
    storage,
    jobs,
    quota,
    log: app.log,
    // A table file's column mapping step first (ADR 0085).
    runner: withColumnMappings(
      { db: database.db, limits: deps.auditLimits, now },
      createAuditRunner({
        db: database.db,
        referenceData,
        limits: deps.auditLimits,
        onWorkerFailure: (error, auditId) =>
          app.log.warn({ auditId, kind: error.kind, error: error.message }, 'audit worker failed'),
      }),
    ),
    letters: createClaimLetterRenderer(),
    links: new ClaimLetterLinkSigner(deps.secret, config.pdfLinkTtlSeconds),
    access: organisations,
    now,
  });
  registerAuditJobs(jobs, audits, deps.auditLimits?.timeoutMs);
  await app.register(auditsRoutes, {
    service: audits,
    pdfRateLimit: pdfRateLimit(config),
    customerOf: (userId, organisationId) => findUserContact(database.db, userId, organisationId),
  });
  await app.register(signedIn(columnMappingRoutes), {
    service: createColumnMappingsService({ db: database.db, access: organisations, audits, now }),
  });

  // The SPA's files, its pages (200 for the app's routes, 404 for any other path) and the not-found handler.
  // Mandates (ADR 0031): encrypted personal fields, sealed PDFs, staff queue, expiry / reminder / purge jobs.
  let mandateSecrets: Promise<MandateSecrets> | undefined = deps.mandateSecrets
    ? Promise.resolve(deps.mandateSecrets)
    : undefined;
  const secrets = () => {
    mandateSecrets ??= resolveMandateSecrets(config).catch((error: unknown) => {
      mandateSecrets = undefined;
      throw error;
    });
    return mandateSecrets;
  };
  const mandates = createMandatesService({
    db: database.db,
    access: organisations,
    secrets,
    renderMandate: deps.renderMandate ?? renderMandateInWorker,
    mailer,
    quota,
    links: new MandateLinkSigner(deps.secret, config.mandates.linkTtlSeconds),
    managerEmails: config.mandates.managerEmails,
    publicUrl: config.publicUrl,
    operatorData:
      deps.operatorData === undefined
        ? createOperatorData(config.operatorData, () => now().getTime())
        : deps.operatorData,
    jobs,
    now,
    logger: app.log,
  });
  await app.register(mandatesRoutes, { service: mandates, pdfRateLimit: pdfRateLimit(config) });
  registerMandateJobs(jobs, mandates);

  // Sites of the active organisation (issue #24 §2, ADR 0068): CRUD, import (preview, then confirm) and export, the
  // files read and written in the worker pool; a site's page gathers its results and its mandates (by PCE).
  const sites = createSitesService({
    db: database.db,
    access: organisations,
    mandatesOf: async (actor, pce) =>
      (await mandates.list(actor, { page: 1, pageSize: 100 })).items
        .filter((mandate) => mandate.delivery_point_number === pce)
        .map((mandate) => ({
          id: mandate.id,
          kind: mandate.kind,
          status: mandate.status,
          expiryDate: mandate.expiry_date,
          createdAt: mandate.created_at,
        })),
    now,
  });
  await app.register(signedIn(sitesRoutes), { service: sites });
  // The active organisation's dashboard (issue #24 §4, ADR 0074): figures aggregated in SQL, viewers and above.
  await app.register(signedIn(dashboardRoutes), {
    service: createDashboardService({ db: database.db, access: organisations, now }),
  });
  // « Optimiser tout le portefeuille » (issue #24 §4–§5, ADR 0077): chunks of sites in the worker pool; a run left
  // « running » by a stopped process is failed with a French sentence at start (in the background).
  const portfolio = createPortfolioService({
    db: database.db,
    // The runs' statements one at a time, each after the requests waiting for the database (ADR 0092).
    lane: createBackgroundLane(database.pgliteThread?.pool ?? database.pool),
    referenceData,
    tariffOverlay,
    access: organisations,
    now,
    log: app.log,
    ...deps.portfolio,
  });
  // Not awaited: building the app reads nothing from the database, so that a database down or stalled at start still
  // lets /api/health answer 503 in French (db-timeouts test); a failure is logged.
  portfolio.recoverInterrupted().catch((error: unknown) => {
    app.log.error({ err: error }, 'portfolio: runs left running by a stopped process were not failed');
  });
  app.decorate('portfolio', portfolio);
  app.addHook('onClose', () => portfolio.close());
  await app.register(signedIn(portfolioRoutes), { service: portfolio });
  await app.register(signedIn(addressRoutes), {
    search: createAddressSearch({
      url: config.addressSearch.url,
      timeoutMs: config.addressSearch.timeoutMs,
      ...(deps.addressFetch ? { fetch: deps.addressFetch } : {}),
      logger: app.log,
    }),
  });

  await registerSpa(app, webDistDir);

  return app;
}

/** The mandates' keyring and sealing certificate from the environment, or generated once into DATA_DIR. */
export async function resolveMandateSecrets(config: Config): Promise<MandateSecrets> {
  const [{ keyring }, seal] = await Promise.all([
    resolveMandateKeyring(config.mandates.encryptionKeys, config.dataDir),
    resolveSealCertificate(config.mandates.sealP12, config.mandates.sealP12Passphrase, config.dataDir),
  ]);
  return { keyring, seal };
}
