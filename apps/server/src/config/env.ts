import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * Default of WORKER_TASK_NICE outside tests: the worker pool's threads run below the event loop and PGlite's thread,
 * so that an OCR page or a portfolio's solve takes the cores the requests leave, not the other way round (ADR 0091).
 */
export const DEFAULT_WORKER_TASK_NICE = 5;

/** A duration in milliseconds between `min` and `max`, with one French message for every kind of mistake. */
const milliseconds = (min: number, max: number) => {
  const error = `attendu : une durée en millisecondes (${min} à ${max})`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** What Fastify's `trustProxy` gets: nothing trusted, a number of proxy hops, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

const TRUST_PROXY_FORMS =
  'attendu : false, true (= 1 proxy), un nombre de proxys entre 0 et 10 (ex. 1), ou une liste d’adresses IP / CIDR séparées par des virgules (ex. 10.0.0.1,192.168.0.0/16)';
const PROXY_ALIASES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `10.0.0.1`, `::1`, `10.0.0.0/8`, `fd00::/8`, or proxy-addr's aliases loopback / linklocal / uniquelocal. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_ALIASES.has(entry)) {
    return true;
  }
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) {
    return false;
  }
  if (prefix === undefined) {
    return true;
  }
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (ADR 0015). Fastify's own `true` trusts every hop, so request.ip would be the left-most
 * X-Forwarded-For entry, which the client writes: rotating it would dodge every per-IP limit. Here `true` means
 * one proxy hop (the usual single reverse proxy): request.ip is the address that proxy saw.
 */
export function parseTrustProxy(raw: string): TrustProxy | null {
  const value = raw.trim().toLowerCase();
  if (value === 'false') {
    return false;
  }
  if (value === 'true') {
    return 1;
  }
  if (/^\d{1,2}$/.test(value)) {
    const hops = Number(value);
    return hops > 10 ? null : hops === 0 ? false : hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.length > 0 && entries.every(isProxyAddress) ? entries : null;
}

/**
 * Fastify's form of {@link TrustProxy}. A hop count becomes a function: Fastify 5 ignores a bare number (it
 * trusts nothing, fail-closed), and Express's meaning is wanted — trust the `hops` nearest addresses (the socket
 * peer is hop 0), so request.ip is the address the outermost of our proxies saw.
 */
export function toFastifyTrustProxy(
  trustProxy: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') {
    const hops = trustProxy;
    return (_address, hop) => hop < hops;
  }
  return trustProxy;
}

const trustProxyFromEnv = z.string().transform((raw, context) => {
  const parsed = parseTrustProxy(raw);
  if (parsed === null) {
    context.addIssue({ code: 'custom', message: `${TRUST_PROXY_FORMS} ; reçu « ${raw.slice(0, 80)} »` });
    return z.NEVER;
  }
  return parsed;
});

/**
 * Every environment variable the server reads. README.md documents the same list (keep them in step).
 * Values are validated once at start; a bad value stops the start with a message naming the variable.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  APP_ENV: z.preprocess(emptyToUndefined, z.string().min(1).max(40).optional()),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'attendu : un numéro de port entier entre 0 et 65535' })
    .int({ error: 'attendu : un numéro de port entier entre 0 et 65535' })
    .min(0, { error: 'attendu : un numéro de port entier entre 0 et 65535' })
    .max(65535, { error: 'attendu : un numéro de port entier entre 0 et 65535' })
    .default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'attendu : une URL postgres://utilisateur@hôte:port/base' })
      .optional(),
  ),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(100, 120_000).default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(100, 3_600_000).default(30_000),
  DATABASE_HEALTH_TIMEOUT_MS: milliseconds(50, 60_000).default(2_000),
  PGLITE_THREAD: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { error: 'attendu : true ou false' }).default('true'),
  ),
  APP_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, { error: 'au moins 32 caractères (générez-le avec : openssl rand -base64 48)' }).optional(),
  ),
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z.url({ error: 'attendu : une URL absolue, par exemple https://app.exemple.fr' }).optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.preprocess(emptyToUndefined, trustProxyFromEnv.optional()),
  WEB_DIST_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  MANDATE_ENCRYPTION_KEYS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^\s*[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]{43,44}\s*(,\s*[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]{43,44}\s*)*$/,
        {
          error:
            'attendu : « id:clé[,id:clé…] », clés de 32 octets en base64 (openssl rand -base64 32), la première chiffre',
        },
      )
      .optional(),
  ),
  MANDATE_SEAL_P12: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9+/=\s]+$/, {
        error: 'attendu : le fichier .p12 du cachet encodé en base64 (base64 -w0 cachet.p12)',
      })
      .optional(),
  ),
  MANDATE_SEAL_P12_PASSPHRASE: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  MANDATE_MANAGER_EMAILS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\s*[a-z_]+=[^\s,=]+@[^\s,=]+\s*(,\s*[a-z_]+=[^\s,=]+@[^\s,=]+\s*)*$/, {
        error: 'attendu : « gestionnaire=adresse[,gestionnaire=adresse…] », par ex. grdf=mandats@grdf.example,enedis=…',
      })
      .optional(),
  ),
  MANDATE_LINK_TTL_SECONDS: z.coerce
    .number({ error: 'attendu : une durée en secondes (30 à 3600)' })
    .int({ error: 'attendu : une durée en secondes (30 à 3600)' })
    .min(30, { error: 'attendu : une durée en secondes (30 à 3600)' })
    .max(3600, { error: 'attendu : une durée en secondes (30 à 3600)' })
    .default(300),
  /** Months a stored simulation or optimisation is kept (ADR 0064): 1 to 120, default 24. */
  HISTORY_RETENTION_MONTHS: z.coerce
    .number({ error: 'attendu : un nombre de mois (1 à 120)' })
    .int({ error: 'attendu : un nombre de mois (1 à 120)' })
    .min(1, { error: 'attendu : un nombre de mois (1 à 120)' })
    .max(120, { error: 'attendu : un nombre de mois (1 à 120)' })
    .default(24),
  ADDRESS_SEARCH_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ error: 'attendu : l’URL du service de recherche d’adresses (API BAN /search/)' })
      .default('https://api-adresse.data.gouv.fr/search/'),
  ),
  ADDRESS_SEARCH_TIMEOUT_MS: milliseconds(100, 30_000).default(2_000),
  OPERATOR_DATA: z.preprocess(
    emptyToUndefined,
    z.enum(['adict', 'demo', 'none'], { error: 'attendu : adict, demo ou none' }).optional(),
  ),
  OPERATOR_DATA_DEMO_DELAY_SECONDS: z.coerce
    .number({ error: 'attendu : une durée en secondes (0 à 3600)' })
    .int({ error: 'attendu : une durée en secondes (0 à 3600)' })
    .min(0, { error: 'attendu : une durée en secondes (0 à 3600)' })
    .max(3600, { error: 'attendu : une durée en secondes (0 à 3600)' })
    .default(20),
  ADICT_CLIENT_ID: z.preprocess(
    emptyToUndefined,
    z.string().max(500, { error: 'attendu : l’identifiant client ADICT fourni par GRDF' }).optional(),
  ),
  ADICT_CLIENT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().max(2000, { error: 'attendu : le secret client ADICT fourni par GRDF' }).optional(),
  ),
  ADICT_SANDBOX: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { error: 'attendu : true ou false' }).default('false'),
  ),
  ADICT_BASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'attendu : l’URL de l’API ADICT, par exemple https://api.grdf.fr/adict/v2' })
      .optional(),
  ),
  ADICT_TOKEN_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'attendu : l’URL du service de jetons OAuth2 de GRDF (…/v1/token)' })
      .optional(),
  ),
  ADICT_TIMEOUT_MS: milliseconds(1_000, 300_000).default(30_000),
  ADICT_MIN_INTERVAL_MS: milliseconds(0, 60_000).default(1_000),
  JOBS_ENABLED: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { error: 'attendu : true ou false' }).default('true'),
  ),
  JOBS_POLL_INTERVAL_MS: milliseconds(50, 3_600_000).default(1_000),
  STORAGE: z.preprocess(emptyToUndefined, z.enum(['local', 's3'], { error: 'attendu : local ou s3' }).default('local')),
  S3_ENDPOINT: z.preprocess(
    emptyToUndefined,
    z.url({ error: 'attendu : l’URL du service S3, par exemple https://s3.fr-par.scw.cloud' }).optional(),
  ),
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().min(3).max(63).optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().min(1).max(40).default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false'], { error: 'attendu : true ou false' }).default('false'),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\/[^/]+/, { error: 'attendu : une URL smtp://utilisateur:motdepasse@hôte:port ou smtps://…' })
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).max(200).optional()),
  SUPPORT_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email({ error: 'attendu : une adresse e-mail, par exemple support@exemple.fr' }).max(254).optional(),
  ),
  GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  GOOGLE_ISSUER: z.preprocess(
    emptyToUndefined,
    z.url({ error: 'attendu : l’URL de l’émetteur OpenID, par exemple https://accounts.google.com' }).optional(),
  ),
  AUTH_RATE_LIMIT_MAX: z.coerce
    .number({ error: 'attendu : un nombre entier de requêtes (1 à 10000)' })
    .int()
    .min(1)
    .max(10_000)
    .default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number({ error: 'attendu : une durée en secondes (1 à 86400)' })
    .int()
    .min(1)
    .max(86_400)
    .default(60),
  AUTH_ACCOUNT_LIMIT_MAX: z.coerce
    .number({ error: 'attendu : un nombre entier d’échecs de connexion (1 à 1000)' })
    .int()
    .min(1)
    .max(1000)
    .default(10),
  AUTH_ACCOUNT_LIMIT_WINDOW_SECONDS: z.coerce
    .number({ error: 'attendu : une durée en secondes (1 à 86400)' })
    .int()
    .min(1)
    .max(86_400)
    .default(900),
  AUTH_ACCOUNT_GLOBAL_MAX: z.coerce
    .number({ error: 'attendu : un nombre entier de tentatives de connexion (1 à 100000)' })
    .int()
    .min(1)
    .max(100_000)
    .default(100),
  AUTH_ACCOUNT_GLOBAL_WINDOW_SECONDS: z.coerce
    .number({ error: 'attendu : une durée en secondes (1 à 86400)' })
    .int()
    .min(1)
    .max(86_400)
    .default(3600),
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number({ error: 'attendu : un entier entre 1 et 16' })
    .int()
    .min(1)
    .max(16)
    .default(2),
  PASSWORD_HASH_QUEUE: z.coerce
    .number({ error: 'attendu : un entier entre 0 et 1000' })
    .int()
    .min(0)
    .max(1000)
    .default(16),
  RATE_LIMIT_STORE: z
    .enum(['memory', 'redis'], { error: 'attendu : memory (une seule instance) ou redis (plusieurs instances)' })
    .default('memory'),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\/[^/]+/, { error: 'attendu : une URL redis://hôte:port ou rediss://…' })
      .optional(),
  ),
  RATE_LIMIT_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, {
      error: 'attendu : 1 à 64 caractères parmi lettres, chiffres, « : », « . », « - », « _ »',
    })
    .default('pe:rl:'),
  PDF_RATE_LIMIT_MAX: z.coerce
    .number({ error: 'attendu : un nombre entier de téléchargements (1 à 10000)' })
    .int()
    .min(1)
    .max(10_000)
    .default(30),
  PDF_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number({ error: 'attendu : une durée en secondes (1 à 86400)' })
    .int()
    .min(1)
    .max(86_400)
    .default(60),
  PDF_WORKERS: z.coerce
    .number({ error: 'attendu : un nombre de threads de rendu PDF (1 à 8)' })
    .int()
    .min(1)
    .max(8)
    .default(1),
  WORKER_TASK_THREADS: z.coerce
    .number({ error: 'attendu : un nombre de threads de calcul (0 à 8)' })
    .int()
    .min(0)
    .max(8)
    .default(Math.min(2, availableParallelism())),
  WORKER_TASK_NICE: z.coerce
    .number({ error: 'attendu : une priorité de 0 (celle du serveur) à 19 (la plus basse)' })
    .int()
    .min(0)
    .max(19)
    .optional(),
  WORKER_TASK_QUEUE_MAX: z.coerce
    .number({ error: 'attendu : un nombre de tâches de calcul en attente (1 à 10000)' })
    .int()
    .min(1)
    .max(10_000)
    .default(200),
  PDF_QUEUE_MAX: z.coerce
    .number({ error: 'attendu : un nombre de rendus PDF en attente (1 à 1000)' })
    .int()
    .min(1)
    .max(1000)
    .default(50),
  SIMULATE_CONCURRENCY: z.coerce
    .number({ error: 'attendu : un nombre de simulations menées en même temps (1 à 64)' })
    .int()
    .min(1)
    .max(64)
    .optional(),
  SIMULATE_QUEUE_MAX: z.coerce
    .number({ error: 'attendu : un nombre de simulations en attente (0 à 10000)' })
    .int()
    .min(0)
    .max(10000)
    .default(500),
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce
    .number({ error: 'attendu : un délai en millisecondes (0 pour désactiver)' })
    .int()
    .min(0)
    .max(60_000)
    .optional(),
  PRESSURE_MAX_HEAP_USED_MB: z.coerce
    .number({ error: 'attendu : une taille en Mio (0 pour désactiver)' })
    .int()
    .min(0)
    .max(1_000_000)
    .optional(),
  PRESSURE_SAMPLE_INTERVAL_MS: z.coerce
    .number({ error: 'attendu : un intervalle en millisecondes (10 à 10000)' })
    .int()
    .min(10)
    .max(10_000)
    .default(1000),
  PDF_LINK_TTL_SECONDS: z.coerce
    .number({ error: 'attendu : une durée en secondes (60 à 86400)' })
    .int({ error: 'attendu : une durée en secondes (60 à 86400)' })
    .min(60, { error: 'attendu : une durée en secondes (60 à 86400)' })
    .max(86_400, { error: 'attendu : une durée en secondes (60 à 86400)' })
    .default(3600),
  PASSWORD_HASH_LOG_N: z.coerce
    .number({ error: 'attendu : un entier entre 10 et 20 (17 par défaut, coût scrypt N = 2^valeur)' })
    .int()
    .min(10)
    .max(20)
    .optional(),
  BILLING_PROVIDER: z.preprocess(
    emptyToUndefined,
    z.enum(['stripe', 'local'], { error: 'attendu : stripe ou local' }).optional(),
  ),
  STRIPE_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(sk|rk)_[A-Za-z0-9_]+$/, { error: 'attendu : une clé secrète Stripe sk_… ou rk_…' })
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9_]+$/, { error: 'attendu : un secret de webhook Stripe whsec_…' })
      .optional(),
  ),
  STRIPE_PRICE_BASIC: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^price_[A-Za-z0-9_]+$/, { error: 'attendu : un identifiant de prix Stripe price_…' })
      .optional(),
  ),
  STRIPE_PRICE_PREMIUM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^price_[A-Za-z0-9_]+$/, { error: 'attendu : un identifiant de prix Stripe price_…' })
      .optional(),
  ),
  // The yearly plans' Stripe prices (ADR 0078): without them Stripe sells the monthly plans only.
  STRIPE_PRICE_BASIC_YEARLY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^price_[A-Za-z0-9_]+$/, { error: 'attendu : un identifiant de prix Stripe price_…' })
      .optional(),
  ),
  STRIPE_PRICE_PREMIUM_YEARLY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^price_[A-Za-z0-9_]+$/, { error: 'attendu : un identifiant de prix Stripe price_…' })
      .optional(),
  ),
  // The seller printed on our invoices (ADR 0078); a labelled demonstration seller outside production.
  INVOICE_SELLER_NAME: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  INVOICE_SELLER_SIREN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{9}$/, { error: 'attendu : 9 chiffres' })
      .optional(),
  ),
  INVOICE_SELLER_VAT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^FR[0-9A-Z]{2}\d{9}$/, { error: 'attendu : un numéro de TVA FR…' })
      .optional(),
  ),
  INVOICE_SELLER_ADDRESS: z.preprocess(emptyToUndefined, z.string().max(300).optional()),
  CHATBOT_ENGINE: z.preprocess(
    emptyToUndefined,
    z.enum(['retrieval', 'llm'], { error: 'attendu : retrieval (par défaut) ou llm' }).optional(),
  ),
  LLM_BASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^https?$/,
        error: 'attendu : l’URL d’un serveur compatible OpenAI, par exemple https://api.openai.com/v1',
      })
      .optional(),
  ),
  LLM_API_KEY: z.preprocess(emptyToUndefined, z.string().min(1).max(1000).optional()),
  LLM_MODEL: z.preprocess(
    emptyToUndefined,
    z.string().min(1).max(200, { error: 'attendu : le nom du modèle (200 caractères au plus)' }).optional(),
  ),
  LLM_CONNECT_TIMEOUT_MS: milliseconds(100, 120_000).default(10_000),
  LLM_FIRST_TOKEN_TIMEOUT_MS: milliseconds(100, 600_000).default(30_000),
  LLM_TIMEOUT_MS: milliseconds(100, 600_000).default(120_000),
  LLM_MAX_TOKENS: z.coerce
    .number({ error: 'attendu : un nombre entier de jetons (16 à 32000)' })
    .int({ error: 'attendu : un nombre entier de jetons (16 à 32000)' })
    .min(16, { error: 'attendu : un nombre entier de jetons (16 à 32000)' })
    .max(32_000, { error: 'attendu : un nombre entier de jetons (16 à 32000)' })
    .default(800),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  /** Deployment environment shown in build/runtime info (e.g. local, staging, production). */
  appEnv: string;
  /** Address of the user menu's « Support » link (runtime info); undefined: the link opens the contact page. */
  supportEmail: string | undefined;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** PostgreSQL connection and statement timeouts, and the /api/health ping timeout (ADR 0017). */
  databaseTimeouts: { connectMs: number; statementMs: number; healthMs: number };
  /** The server runs PGlite (no DATABASE_URL) in a worker thread (ADR 0042); operator commands never do. */
  pgliteThread: boolean;
  /** Undefined means: generate one and keep it in DATA_DIR (see secrets.ts). */
  appSecret: string | undefined;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  /** Fastify's trustProxy (see parseTrustProxy): false, a hop count, or the proxies' addresses. */
  trustProxy: TrustProxy;
  /**
   * Origins whose browser pages may send state-changing requests (ADR 0015): PUBLIC_URL's; with the default
   * PUBLIC_URL also its 127.0.0.1 and [::1] spellings; in development also the Vite dev server (:5173).
   */
  trustedOrigins: readonly string[];
  webDistDir: string | undefined;
  mail: {
    /** SMTP server URL; undefined keeps mails in the outbox table (admin panel) and logs their links. */
    smtpUrl: string | undefined;
    from: string;
  };
  /** Google sign-in (OIDC discovery on `issuer`); undefined when GOOGLE_CLIENT_ID/SECRET are not both set. */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  authRateLimit: { max: number; windowSeconds: number; store: Env['RATE_LIMIT_STORE'] };
  /** Where rate-limit counters live: this process, or Redis shared by every instance (ADR 0018). */
  rateLimitStore: { kind: Env['RATE_LIMIT_STORE']; redisUrl: string | undefined; keyPrefix: string };
  /** The simulation PDF: downloads per client IP and window, render threads and their bounded queue. */
  pdf: { rateLimitMax: number; rateLimitWindowSeconds: number; workers: number; queueMax: number };
  /** Simulations run at once per instance, and waiting beyond them (ADR 0038: the bulkhead of the light routes). */
  simulate: { concurrency: number; queueMax: number };
  /**
   * The worker pool (workers/pool.ts, ADRs 0040, 0045): threads running CPU tasks at once, kept warm (0: one at a
   * time, a new thread each), and tasks waiting for one (503 beyond).
   */
  workerTaskThreads: number;
  workerTaskQueueMax: number;
  /** Niceness of the worker threads (Linux; 0 = the server's priority), ADR 0091. */
  workerTaskNice: number;
  /**
   * Load shedding (@fastify/under-pressure): 0 disables a threshold; event-loop delay 1000 ms by default (0
   * under NODE_ENV=test); heap undefined = 90 % of V8's heap limit.
   */
  pressure: { maxEventLoopDelayMs: number; maxHeapUsedMb: number | undefined; sampleIntervalMs: number };
  /**
   * Sign-in attempts per e-mail address (ADR 0016, 0044): `max` per window from one client network (or one device
   * that signed in to the account before), and `globalMax` per global window whatever the source, except a known device.
   */
  accountLimit: { max: number; windowSeconds: number; globalMax: number; globalWindowSeconds: number };
  /** Password hashes running at once and waiting; beyond, 503 (ADR 0016). */
  passwordHashing: { concurrency: number; queue: number };
  /** scrypt cost as log2(N); 17 (OWASP) unless lowered for tests. */
  passwordHashLogN: number;
  /** Lifetime of the signed links to a simulation's PDF (ADR 0012). */
  pdfLinkTtlSeconds: number;
  /** The billing adapter (ADR 0027); `none` in production without Stripe nor an explicit BILLING_PROVIDER=local. */
  billing: BillingConfig;
  /** The job queue (ADR 0030): whether this process polls, and how often. */
  jobs: { enabled: boolean; pollIntervalMs: number };
  /** Where uploaded and generated files go (ADR 0030): DATA_DIR/storage, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** Mandates (ADR 0031): keys, sealing certificate, managers' addresses, PDF link lifetime. */
  mandates: {
    /** Undefined: DATA_DIR/mandate-keys (generated once). */
    encryptionKeys: string | undefined;
    /** Base64 of the P12; undefined: DATA_DIR/mandate-seal.p12 (self-signed, generated once). */
    sealP12: string | undefined;
    sealP12Passphrase: string | undefined;
    managerEmails: Partial<Record<string, string>>;
    linkTtlSeconds: number;
  };
  /** Stored results (ADR 0064): kept this many months, then deleted by the daily job. */
  history: { retentionMonths: number };
  /** The national address base (BAN) search, with its timeout. */
  addressSearch: { url: string; timeoutMs: number };
  /** The chatbot's engine (ADR 0036): the embedded retrieval answer, or an OpenAI-compatible model. */
  chatbot: ChatbotConfig;
  /** Where operator data (GRDF's ADICT API) comes from (ADR 0063): `adict`, the demonstration source, or none. */
  operatorData: OperatorDataConfig;
}

export type ChatbotConfig =
  | { engine: 'retrieval' }
  | {
      engine: 'llm';
      baseUrl: string;
      apiKey: string;
      model: string;
      /** Connect = until the answer's headers; first token = until the first piece of text; total = whole answer. */
      timeouts: { connectMs: number; firstTokenMs: number; totalMs: number };
      maxTokens: number;
    };

const LLM_VARIABLES = ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL'] as const;

/**
 * The LLM engine when CHATBOT_ENGINE=llm, or when CHATBOT_ENGINE is unset and the three LLM_* variables are set
 * (they then go together); CHATBOT_ENGINE=retrieval keeps the default engine whatever LLM_* say.
 */
function chatbotFrom(value: Env, issues: { variable: string; message: string }[]): ChatbotConfig {
  if (value.CHATBOT_ENGINE === 'retrieval') {
    return { engine: 'retrieval' };
  }
  const missing = LLM_VARIABLES.filter((name) => !value[name]);
  if (value.CHATBOT_ENGINE === 'llm' || missing.length < LLM_VARIABLES.length) {
    for (const name of missing) {
      issues.push({
        variable: name,
        message:
          value.CHATBOT_ENGINE === 'llm'
            ? 'obligatoire quand CHATBOT_ENGINE=llm'
            : 'LLM_BASE_URL, LLM_API_KEY et LLM_MODEL vont ensemble : renseignez les trois ou aucun',
      });
    }
  }
  if (missing.length > 0) {
    return { engine: 'retrieval' };
  }
  return {
    engine: 'llm',
    baseUrl: (value.LLM_BASE_URL as string).replace(/\/$/, ''),
    apiKey: value.LLM_API_KEY as string,
    model: value.LLM_MODEL as string,
    timeouts: {
      connectMs: value.LLM_CONNECT_TIMEOUT_MS,
      firstTokenMs: value.LLM_FIRST_TOKEN_TIMEOUT_MS,
      totalMs: value.LLM_TIMEOUT_MS,
    },
    maxTokens: value.LLM_MAX_TOKENS,
  };
}

export type OperatorDataConfig =
  | {
      kind: 'adict';
      clientId: string;
      clientSecret: string;
      sandbox: boolean;
      baseUrl: string;
      tokenUrl: string;
      timeoutMs: number;
      minIntervalMs: number;
    }
  | { kind: 'demo'; activationDelaySeconds: number }
  | { kind: 'none' };

/** GRDF's hosts (docs/adict-contract.md): production, and the sandbox (« bac à sable »). */
export const ADICT_HOSTS = {
  production: {
    baseUrl: 'https://api.grdf.fr/adict/v2',
    tokenUrl: 'https://adict-connexion.grdf.fr/oauth2/aus5y2ta2uEHjCWIR417/v1/token',
  },
  sandbox: {
    baseUrl: 'https://api.grdf.fr/adict/bas/v6',
    tokenUrl: 'https://adict-connexion.grdf.fr/oauth2/aus5y2ta2uEHjCWIR417/v1/token',
  },
} as const;

/**
 * The operator-data source (ADR 0063). `adict` when OPERATOR_DATA=adict or, unset, when ADICT_CLIENT_ID and
 * ADICT_CLIENT_SECRET are set (they go together); otherwise the demonstration source, except under
 * NODE_ENV=production, where it must be chosen (OPERATOR_DATA=demo) — without it, `none`: GRDF mandates keep the
 * manual path. The demonstration source is never used beside ADICT credentials: OPERATOR_DATA=demo with them is
 * refused.
 */
function operatorDataFrom(value: Env, issues: { variable: string; message: string }[]): OperatorDataConfig {
  const hasCredentials = Boolean(value.ADICT_CLIENT_ID) || Boolean(value.ADICT_CLIENT_SECRET);
  const wantsAdict = value.OPERATOR_DATA === 'adict' || (!value.OPERATOR_DATA && hasCredentials);
  if (value.OPERATOR_DATA === 'demo' && hasCredentials) {
    issues.push({
      variable: 'OPERATOR_DATA',
      message:
        'demo est refusé quand ADICT_CLIENT_ID / ADICT_CLIENT_SECRET sont renseignés : les données de démonstration ne remplacent jamais l’API ADICT configurée',
    });
    return { kind: 'none' };
  }
  if (wantsAdict) {
    const missing = (['ADICT_CLIENT_ID', 'ADICT_CLIENT_SECRET'] as const).filter((name) => !value[name]);
    for (const name of missing) {
      issues.push({
        variable: name,
        message:
          value.OPERATOR_DATA === 'adict'
            ? 'obligatoire quand OPERATOR_DATA=adict'
            : 'ADICT_CLIENT_ID et ADICT_CLIENT_SECRET vont ensemble : renseignez les deux ou aucun',
      });
    }
    if (missing.length > 0) {
      return { kind: 'none' };
    }
    const sandbox = value.ADICT_SANDBOX === 'true';
    const hosts = sandbox ? ADICT_HOSTS.sandbox : ADICT_HOSTS.production;
    return {
      kind: 'adict',
      clientId: value.ADICT_CLIENT_ID as string,
      clientSecret: value.ADICT_CLIENT_SECRET as string,
      sandbox,
      baseUrl: (value.ADICT_BASE_URL ?? hosts.baseUrl).replace(/\/$/, ''),
      tokenUrl: value.ADICT_TOKEN_URL ?? hosts.tokenUrl,
      timeoutMs: value.ADICT_TIMEOUT_MS,
      minIntervalMs: value.ADICT_MIN_INTERVAL_MS,
    };
  }
  if (value.OPERATOR_DATA === 'demo' || (!value.OPERATOR_DATA && value.NODE_ENV !== 'production')) {
    return { kind: 'demo', activationDelaySeconds: value.OPERATOR_DATA_DEMO_DELAY_SECONDS };
  }
  return { kind: 'none' };
}

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      endpoint: string | undefined;
      bucket: string;
      region: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };

/** Who sells, as printed on every invoice (ADR 0078). */
export interface InvoiceSeller {
  name: string;
  siren: string;
  vatNumber: string;
  address: string;
  /** True for the labelled demonstration seller used outside production when none is configured. */
  demonstration: boolean;
}

export type BillingConfig = (
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string;
      prices: { basic: string; premium: string };
      /** The yearly plans' price ids, when configured (ADR 0078). */
      yearlyPrices: { basic?: string; premium?: string };
    }
  | { provider: 'local' }
  | { provider: 'none' }
) & { seller: InvoiceSeller };

const DEMONSTRATION_SELLER: InvoiceSeller = {
  name: 'Pilote Énergie (vendeur de démonstration)',
  siren: '000000000',
  vatNumber: 'FR00000000000',
  address: 'Adresse à configurer (INVOICE_SELLER_ADDRESS)',
  demonstration: true,
};

const SELLER_VARIABLES = [
  'INVOICE_SELLER_NAME',
  'INVOICE_SELLER_SIREN',
  'INVOICE_SELLER_VAT',
  'INVOICE_SELLER_ADDRESS',
] as const;

/** The configured seller; in production, required with Stripe (an invoice must name who sells). */
function sellerFrom(value: Env, paying: boolean, issues: { variable: string; message: string }[]): InvoiceSeller {
  const missing = SELLER_VARIABLES.filter((name) => !value[name]);
  if (missing.length === 0) {
    return {
      name: value.INVOICE_SELLER_NAME as string,
      siren: value.INVOICE_SELLER_SIREN as string,
      vatNumber: value.INVOICE_SELLER_VAT as string,
      address: value.INVOICE_SELLER_ADDRESS as string,
      demonstration: false,
    };
  }
  if (paying && value.NODE_ENV === 'production') {
    for (const name of missing) {
      issues.push({ variable: name, message: 'obligatoire quand le paiement est activé (mentions des factures)' });
    }
  }
  return DEMONSTRATION_SELLER;
}

const STRIPE_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_BASIC',
  'STRIPE_PRICE_PREMIUM',
] as const;

/**
 * Stripe when BILLING_PROVIDER=stripe or STRIPE_SECRET_KEY is set (the four STRIPE_* variables are then required);
 * else the local demonstration provider, except under NODE_ENV=production where it must be chosen explicitly
 * (BILLING_PROVIDER=local): without it payments are off (`none`).
 */
function billingFrom(value: Env, issues: { variable: string; message: string }[]): BillingConfig {
  const provider = providerFrom(value, issues);
  // Real payments (Stripe) in production need a real seller; the demonstration provider may print the labelled one.
  return { ...provider, seller: sellerFrom(value, provider.provider === 'stripe', issues) } as BillingConfig;
}

function providerFrom(
  value: Env,
  issues: { variable: string; message: string }[],
): { provider: 'none' } | { provider: 'local' } | Omit<Extract<BillingConfig, { provider: 'stripe' }>, 'seller'> {
  const wantsStripe = value.BILLING_PROVIDER === 'stripe' || (!value.BILLING_PROVIDER && value.STRIPE_SECRET_KEY);
  if (wantsStripe) {
    const missing = STRIPE_VARIABLES.filter((name) => !value[name]);
    for (const name of missing) {
      issues.push({
        variable: name,
        message: 'obligatoire avec Stripe (BILLING_PROVIDER=stripe ou STRIPE_SECRET_KEY)',
      });
    }
    if (missing.length > 0) {
      return { provider: 'none' };
    }
    return {
      provider: 'stripe',
      secretKey: value.STRIPE_SECRET_KEY as string,
      webhookSecret: value.STRIPE_WEBHOOK_SECRET as string,
      prices: { basic: value.STRIPE_PRICE_BASIC as string, premium: value.STRIPE_PRICE_PREMIUM as string },
      yearlyPrices: {
        ...(value.STRIPE_PRICE_BASIC_YEARLY ? { basic: value.STRIPE_PRICE_BASIC_YEARLY } : {}),
        ...(value.STRIPE_PRICE_PREMIUM_YEARLY ? { premium: value.STRIPE_PRICE_PREMIUM_YEARLY } : {}),
      },
    };
  }
  if (value.BILLING_PROVIDER === 'local' || value.NODE_ENV !== 'production') {
    return { provider: 'local' };
  }
  return { provider: 'none' };
}

/** OWASP password storage cheat sheet: scrypt N=2^17, r=8, p=1. */
export const PRODUCTION_PASSWORD_HASH_LOG_N = 17;

export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(`Configuration invalide :\n${issues.map((issue) => `  - ${issue.variable} : ${issue.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Relative paths are resolved against the directory npm was started from (INIT_CWD), so that
 * `npm start` at the repository root and `npm run dev -w @pilote/server` both use ./data at the root.
 */
function resolveFromInvocationDir(value: string, env: NodeJS.ProcessEnv): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), value);
}

/** Vite's dev server (`npm run dev`), which proxies /api to the server without rewriting Origin. */
const DEV_SERVER_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

function trustedOriginsFor(publicUrl: string, defaultUrl: boolean, nodeEnv: Env['NODE_ENV']): string[] {
  const origins = [new URL(publicUrl).origin];
  if (defaultUrl) {
    for (const loopback of ['127.0.0.1', '[::1]']) {
      const url = new URL(publicUrl);
      url.hostname = loopback;
      origins.push(url.origin);
    }
  }
  if (nodeEnv === 'development') {
    origins.push(...DEV_SERVER_ORIGINS);
  }
  return [...new Set(origins)];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? '?'), message: issue.message })),
    );
  }
  const value = parsed.data;
  const issues: { variable: string; message: string }[] = [];
  if (Boolean(value.GOOGLE_CLIENT_ID) !== Boolean(value.GOOGLE_CLIENT_SECRET)) {
    issues.push({
      variable: value.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID',
      message: 'GOOGLE_CLIENT_ID et GOOGLE_CLIENT_SECRET vont ensemble : renseignez les deux ou aucun',
    });
  }
  // The browser tests run the production build (`npm start`) under APP_ENV=e2e: a throwaway server whose dozens
  // of sign-ups and sign-ins would each pay the OWASP cost (ADR 0040). Nowhere else is a lower cost accepted.
  if (
    value.NODE_ENV === 'production' &&
    value.APP_ENV !== 'e2e' &&
    value.PASSWORD_HASH_LOG_N !== undefined &&
    value.PASSWORD_HASH_LOG_N < PRODUCTION_PASSWORD_HASH_LOG_N
  ) {
    issues.push({
      variable: 'PASSWORD_HASH_LOG_N',
      message: `au moins ${PRODUCTION_PASSWORD_HASH_LOG_N} en production (coût OWASP)`,
    });
  }
  if (value.RATE_LIMIT_STORE === 'redis' && !value.REDIS_URL) {
    issues.push({ variable: 'REDIS_URL', message: 'obligatoire quand RATE_LIMIT_STORE=redis' });
  }
  const billing = billingFrom(value, issues);
  const chatbot = chatbotFrom(value, issues);
  const operatorData = operatorDataFrom(value, issues);
  if (value.STORAGE === 's3' && !value.S3_BUCKET) {
    issues.push({ variable: 'S3_BUCKET', message: 'obligatoire quand STORAGE=s3' });
  }
  if (Boolean(value.S3_ACCESS_KEY_ID) !== Boolean(value.S3_SECRET_ACCESS_KEY)) {
    issues.push({
      variable: value.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      message: 'S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble : renseignez les deux ou aucun',
    });
  }
  if (issues.length > 0) {
    throw new ConfigError(issues);
  }
  const port = value.PORT;
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    nodeEnv: value.NODE_ENV,
    appEnv: value.APP_ENV ?? value.NODE_ENV,
    supportEmail: value.SUPPORT_EMAIL,
    host: value.HOST,
    port: value.PORT,
    dataDir: resolveFromInvocationDir(value.DATA_DIR, env),
    databaseUrl: value.DATABASE_URL,
    databasePoolMax: value.DATABASE_POOL_MAX,
    pgliteThread: value.PGLITE_THREAD === 'true',
    databaseTimeouts: {
      connectMs: value.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: value.DATABASE_STATEMENT_TIMEOUT_MS,
      healthMs: value.DATABASE_HEALTH_TIMEOUT_MS,
    },
    appSecret: value.APP_SECRET,
    publicUrl,
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY ?? false,
    trustedOrigins: trustedOriginsFor(publicUrl, value.PUBLIC_URL === undefined, value.NODE_ENV),
    webDistDir: value.WEB_DIST_DIR ? resolveFromInvocationDir(value.WEB_DIST_DIR, env) : undefined,
    mail: {
      smtpUrl: value.SMTP_URL,
      from: value.MAIL_FROM ?? `Pilote Énergie <no-reply@${new URL(publicUrl).hostname}>`,
    },
    google:
      value.GOOGLE_CLIENT_ID && value.GOOGLE_CLIENT_SECRET
        ? {
            clientId: value.GOOGLE_CLIENT_ID,
            clientSecret: value.GOOGLE_CLIENT_SECRET,
            issuer: (value.GOOGLE_ISSUER ?? 'https://accounts.google.com').replace(/\/$/, ''),
          }
        : undefined,
    authRateLimit: {
      max: value.AUTH_RATE_LIMIT_MAX,
      windowSeconds: value.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      store: value.RATE_LIMIT_STORE,
    },
    rateLimitStore: {
      kind: value.RATE_LIMIT_STORE,
      redisUrl: value.REDIS_URL,
      keyPrefix: value.RATE_LIMIT_KEY_PREFIX,
    },
    pdf: {
      rateLimitMax: value.PDF_RATE_LIMIT_MAX,
      rateLimitWindowSeconds: value.PDF_RATE_LIMIT_WINDOW_SECONDS,
      workers: value.PDF_WORKERS,
      queueMax: value.PDF_QUEUE_MAX,
    },
    // PGlite runs every statement in turn on this thread: 2 in flight keep it busy. PostgreSQL answers over the
    // network from its own processes: 8 hide the round trips (4 did not when its backends were short of CPU),
    // and a simulation holds a pooled connection only during each of its statements.
    simulate: {
      concurrency: value.SIMULATE_CONCURRENCY ?? (value.DATABASE_URL ? 8 : 2),
      queueMax: value.SIMULATE_QUEUE_MAX,
    },
    workerTaskThreads: value.WORKER_TASK_THREADS,
    workerTaskQueueMax: value.WORKER_TASK_QUEUE_MAX,
    // Tests run the tasks at the process's priority: beside other CPU-bound jobs on the machine, a niced task waits
    // for them (issue #21 §3), and no request waits behind a test's task.
    workerTaskNice: value.WORKER_TASK_NICE ?? (value.NODE_ENV === 'test' ? 0 : DEFAULT_WORKER_TASK_NICE),
    pressure: {
      // Off by default under NODE_ENV=test: a test machine shared by parallel runs lags for reasons of its own.
      maxEventLoopDelayMs: value.PRESSURE_MAX_EVENT_LOOP_DELAY_MS ?? (value.NODE_ENV === 'test' ? 0 : 1000),
      maxHeapUsedMb: value.PRESSURE_MAX_HEAP_USED_MB,
      sampleIntervalMs: value.PRESSURE_SAMPLE_INTERVAL_MS,
    },
    accountLimit: {
      max: value.AUTH_ACCOUNT_LIMIT_MAX,
      windowSeconds: value.AUTH_ACCOUNT_LIMIT_WINDOW_SECONDS,
      globalMax: value.AUTH_ACCOUNT_GLOBAL_MAX,
      globalWindowSeconds: value.AUTH_ACCOUNT_GLOBAL_WINDOW_SECONDS,
    },
    passwordHashing: { concurrency: value.PASSWORD_HASH_CONCURRENCY, queue: value.PASSWORD_HASH_QUEUE },
    passwordHashLogN: value.PASSWORD_HASH_LOG_N ?? PRODUCTION_PASSWORD_HASH_LOG_N,
    pdfLinkTtlSeconds: value.PDF_LINK_TTL_SECONDS,
    billing,
    jobs: { enabled: value.JOBS_ENABLED === 'true', pollIntervalMs: value.JOBS_POLL_INTERVAL_MS },
    mandates: {
      encryptionKeys: value.MANDATE_ENCRYPTION_KEYS,
      sealP12: value.MANDATE_SEAL_P12,
      sealP12Passphrase: value.MANDATE_SEAL_P12_PASSPHRASE,
      managerEmails: Object.fromEntries(
        (value.MANDATE_MANAGER_EMAILS ?? '')
          .split(',')
          .map((entry) => entry.trim())
          .filter((entry) => entry !== '')
          .map((entry) => entry.split('=') as [string, string]),
      ),
      linkTtlSeconds: value.MANDATE_LINK_TTL_SECONDS,
    },
    history: { retentionMonths: value.HISTORY_RETENTION_MONTHS },
    addressSearch: { url: value.ADDRESS_SEARCH_URL, timeoutMs: value.ADDRESS_SEARCH_TIMEOUT_MS },
    chatbot,
    operatorData,
    storage:
      value.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: value.S3_ENDPOINT,
            bucket: value.S3_BUCKET as string,
            region: value.S3_REGION,
            accessKeyId: value.S3_ACCESS_KEY_ID,
            secretAccessKey: value.S3_SECRET_ACCESS_KEY,
            forcePathStyle: value.S3_FORCE_PATH_STYLE === 'true',
          }
        : { kind: 'local', dir: path.join(resolveFromInvocationDir(value.DATA_DIR, env), 'storage') },
  };
}
