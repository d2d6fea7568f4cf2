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
}

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
  return {
    nodeEnv: value.NODE_ENV,
    appEnv: value.APP_ENV ?? value.NODE_ENV,
    host: value.HOST,
    port: value.PORT,
    dataDir: resolveFromInvocationDir(value.DATA_DIR, env),
    databaseUrl: value.DATABASE_URL,
    databasePoolMax: value.DATABASE_POOL_MAX,
    appSecret: value.APP_SECRET,
    publicUrl: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ''),
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY ?? false,
    webDistDir: value.WEB_DIST_DIR ? resolveFromInvocationDir(value.WEB_DIST_DIR, env) : undefined,
  };
}
