import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'attendu : true ou false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

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
  APP_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, { error: 'au moins 32 caractères (générez-le avec : openssl rand -base64 48)' }).optional(),
  ),
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z.url({ error: 'attendu : une URL absolue, par exemple https://app.exemple.fr' }).optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.preprocess(emptyToUndefined, booleanFromEnv.optional()),
  WEB_DIST_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\/[^/]+/, { error: 'attendu : une URL smtp://utilisateur:motdepasse@hôte:port ou smtps://…' })
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).max(200).optional()),
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
  RATE_LIMIT_STORE: z
    .enum(['memory'], { error: 'attendu : memory (seul magasin disponible aujourd’hui)' })
    .default('memory'),
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
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  /** Deployment environment shown in build/runtime info (e.g. local, staging, production). */
  appEnv: string;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** Undefined means: generate one and keep it in DATA_DIR (see secrets.ts). */
  appSecret: string | undefined;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  webDistDir: string | undefined;
  mail: {
    /** SMTP server URL; undefined keeps mails in the outbox table (admin panel) and logs their links. */
    smtpUrl: string | undefined;
    from: string;
  };
  /** Google sign-in (OIDC discovery on `issuer`); undefined when GOOGLE_CLIENT_ID/SECRET are not both set. */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  authRateLimit: { max: number; windowSeconds: number; store: Env['RATE_LIMIT_STORE'] };
  /** scrypt cost as log2(N); 17 (OWASP) unless lowered for tests. */
  passwordHashLogN: number;
  /** Lifetime of the signed links to a simulation's PDF (ADR 0012). */
  pdfLinkTtlSeconds: number;
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
  if (
    value.NODE_ENV === 'production' &&
    value.PASSWORD_HASH_LOG_N !== undefined &&
    value.PASSWORD_HASH_LOG_N < PRODUCTION_PASSWORD_HASH_LOG_N
  ) {
    issues.push({
      variable: 'PASSWORD_HASH_LOG_N',
      message: `au moins ${PRODUCTION_PASSWORD_HASH_LOG_N} en production (coût OWASP)`,
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
    host: value.HOST,
    port: value.PORT,
    dataDir: resolveFromInvocationDir(value.DATA_DIR, env),
    databaseUrl: value.DATABASE_URL,
    databasePoolMax: value.DATABASE_POOL_MAX,
    appSecret: value.APP_SECRET,
    publicUrl,
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY ?? false,
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
    passwordHashLogN: value.PASSWORD_HASH_LOG_N ?? PRODUCTION_PASSWORD_HASH_LOG_N,
    pdfLinkTtlSeconds: value.PDF_LINK_TTL_SECONDS,
  };
}
