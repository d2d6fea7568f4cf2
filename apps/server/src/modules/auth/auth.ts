import type { UserRole } from '@pilote/contracts';
// better-auth's minimal entry (no Kysely: the database is the Drizzle adapter) and only the plugins used, not the
// `better-auth/plugins` index of every plugin: the server's start loads ~380 files fewer (~0.1 s of CPU).
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { betterAuth } from 'better-auth/minimal';
import { bearer } from 'better-auth/plugins/bearer';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema.ts';
import { invalidateResetTokens, recordPendingEmailChange } from './account-security.ts';
import {
  changeEmailVerificationMail,
  existingAccountMail,
  passwordChangedMail,
  resetPasswordMail,
  verificationMail,
} from './emails.ts';
import type { HashLimiter } from './hash-limiter.ts';
import type { MailDispatcher } from './mail-dispatcher.ts';
import { createPasswordHasher } from './password.ts';

export const AUTH_BASE_PATH = '/api/auth';
/** Set by the Fastify bridge from request.ip (which honours TRUST_PROXY); a client-sent value is dropped. */
export const CLIENT_IP_HEADER = 'x-pe-client-ip';
export const GOOGLE_PROVIDER_ID = 'google';

export interface AuthDependencies {
  config: Config;
  db: Database;
  secret: string;
  mail: MailDispatcher;
  logger: FastifyBaseLogger;
  /** Bounds the password hashes running at once (ADR 0016). */
  hashing: HashLimiter;
}

/** Origins a callback or redirect URL may point to (relative paths are always allowed): PUBLIC_URL only. */
export function authTrustedOrigins(config: Config): string[] {
  return config.nodeEnv === 'development' ? [config.publicUrl, 'http://localhost:5173'] : [config.publicUrl];
}

const VERIFICATION_EXPIRES_IN = 24 * 60 * 60;

/**
 * better-auth on our database (ADR 0008). Its handler serves /api/auth/*; the Fastify bridge (routes.ts) adds
 * our CSRF check, rate limits, French validation and error shape in front of it.
 */
export function createAuth({ config, db, secret, mail, logger, hashing }: AuthDependencies) {
  const hasher = createPasswordHasher(config.passwordHashLogN, hashing);
  const loginUrl = `${config.publicUrl}/login`;
  const trustedOrigins = authTrustedOrigins(config);

  return betterAuth({
    appName: 'Pilote Énergie',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    telemetry: { enabled: false },
    // Limits are ours (@fastify/rate-limit in routes.ts), with our 429 shape.
    rateLimit: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const method = level === 'debug' ? 'debug' : level === 'info' ? 'info' : level === 'warn' ? 'warn' : 'error';
        logger[method]({ args: args.length > 0 ? args : undefined, source: 'better-auth' }, message);
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user' satisfies UserRole, input: false },
        tier: { type: 'string', required: false, defaultValue: 'free', input: false },
      },
      // The new address gets a link; the e-mail changes only once it is opened.
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      password: { hash: (password) => hasher.hash(password), verify: (input) => hasher.verify(input) },
      // Sign-up with a known address answers like a new sign-up; the owner is told by mail instead.
      onExistingUserSignUp: async ({ user }) => {
        mail.dispatch(existingAccountMail(user.email, loginUrl));
      },
      sendResetPassword: async ({ user, url }) => {
        mail.dispatch(resetPasswordMail(user.email, url));
      },
      onPasswordReset: async ({ user }) => {
        // The link just used is consumed; older ones die with it (ADR 0016).
        await invalidateResetTokens(db, user.id);
        mail.dispatch(passwordChangedMail(user.email));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // An unverified user who signs in with the right password gets a fresh link (rate-limited route).
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_EXPIRES_IN,
      sendVerificationEmail: async ({ user, url, token }) => {
        // For an e-mail change better-auth passes the user with the *new* address.
        const [stored] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id)).limit(1);
        const isChange = stored !== undefined && stored.email !== user.email.toLowerCase();
        if (isChange) {
          // better-auth's change link is a stateless JWT: recording it makes it single-use and cancellable (undo).
          await recordPendingEmailChange(db, { userId: user.id, token, expiresInSeconds: VERIFICATION_EXPIRES_IN });
        }
        mail.dispatch(isChange ? changeEmailVerificationMail(user.email, url) : verificationMail(user.email, url));
      },
    },
    account: {
      accountLinking: {
        enabled: true,
        // A Google account joins an existing user only when both sides have verified the address.
        requireLocalEmailVerified: true,
        trustedProviders: [],
        allowDifferentEmails: false,
      },
    },
    session: {
      expiresIn: 7 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    // `throw`: an unexpected error (not an APIError) reaches the bridge instead of becoming a bare 500, so a
    // full hashing queue still answers 503 + Retry-After (ADR 0016) and anything else our error handler's 500.
    onAPIError: { errorURL: `${loginUrl}?oauth=failed`, throw: true },
    advanced: {
      cookiePrefix: 'pe',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // Every state-changing /api request already carries our signed X-CSRFToken (ADR 0004); better-auth's
      // Origin check would also refuse bearer clients that send no Origin. Callback URLs are still checked.
      disableCSRFCheck: true,
      // Explicit: left undefined, better-auth skips every callback/redirect URL check when NODE_ENV=test
      // (a reset link could send its token to another site). Tests run the production path (ADR 0016).
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      bearer(),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  name: 'Google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: `${config.google.issuer}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  requireIdTokenVerification: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
