import { authMessages, changeEmailBodySchema, sendVerificationEmailBodySchema } from '@pilote/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/openapi.ts';
import {
  consumePendingEmailChange,
  findPasswordHash,
  issueEmailUndoToken,
  RECENT_SIGN_IN_SECONDS,
  sessionCreatedAt,
  undoEmailChange,
} from './account-security.ts';
import { AUTH_BASE_PATH } from './auth.ts';
import { emailChangeRequestedMail } from './emails.ts';
import {
  type AuthApp,
  type AuthGateway,
  documented,
  HASHING_RETRY_AFTER_SECONDS,
  passThrough,
  redirectAnswer,
  sendError,
  statusAnswer,
  tags,
} from './gateway.ts';
import { HashingBusyError } from './hash-limiter.ts';
import { requireUser } from './session.ts';

/** E-mail verification and change (re-authentication, undo link to the old address: ADR 0016). */
export function registerEmailRoutes(app: AuthApp, gateway: AuthGateway): void {
  const {
    config,
    resolveActor,
    db,
    mail,
    counters,
    verifier,
    forwardedUrl,
    exchange,
    forward,
    foreignCallback,
    refusedBeforeHashing,
    limited,
  } = gateway;

  app.post(
    `${AUTH_BASE_PATH}/send-verification-email`,
    {
      schema: {
        ...documented('Renvoyer l’e-mail de vérification', statusAnswer, 400, 403, 415, 429),
        body: sendVerificationEmailBodySchema,
      },
      config: limited,
    },
    (request, reply) => forward(request, reply),
  );
  app.post(
    `${AUTH_BASE_PATH}/change-email`,
    {
      schema: {
        ...documented(
          'Changer d’adresse e-mail (connecté, mot de passe actuel)',
          statusAnswer,
          400,
          401,
          403,
          415,
          429,
          503,
        ),
        body: changeEmailBodySchema,
      },
      config: limited,
      // The spec's message comes before any check of the body.
      preValidation: async (request) => {
        if (!(await resolveActor(request))) {
          throw new AppError('UNAUTHENTICATED', authMessages.changeEmailSignedOut);
        }
      },
    },
    async (request, reply) => {
      const actor = requireUser(await resolveActor(request), authMessages.changeEmailSignedOut);
      const { currentPassword, ...body } = request.body;

      // Re-authentication (ADR 0016): the current password, or for a Google-only account a recent sign-in.
      const passwordHash = await findPasswordHash(db, actor.user.id);
      if (passwordHash) {
        if (!currentPassword) {
          return sendError(reply, 400, 'CURRENT_PASSWORD_REQUIRED', authMessages.currentPasswordRequired);
        }
        const key = `change-email:${actor.user.id}`;
        if (await refusedBeforeHashing(key, reply)) {
          return reply;
        }
        let valid: boolean;
        try {
          valid = await verifier.verify({ hash: passwordHash, password: currentPassword });
        } catch (error) {
          if (error instanceof HashingBusyError) {
            return sendError(reply, 503, 'SERVICE_UNAVAILABLE', authMessages.hashingBusy, HASHING_RETRY_AFTER_SECONDS);
          }
          throw error;
        }
        if (!valid) {
          return sendError(reply, 400, 'INVALID_PASSWORD', authMessages.wrongCurrentPassword);
        }
        await counters.reset(key);
      } else {
        const createdAt = await sessionCreatedAt(db, actor.sessionId);
        if (!createdAt || Date.now() - createdAt.getTime() > RECENT_SIGN_IN_SECONDS * 1000) {
          return sendError(reply, 403, 'REAUTHENTICATION_REQUIRED', authMessages.reauthenticationRequired);
        }
      }

      const answer = await exchange(request, reply, body);
      if (answer.status === 200) {
        // The old address hears of it at once and can undo; it stays the account's until the new one confirms.
        const token = await issueEmailUndoToken(db, { userId: actor.user.id, oldEmail: actor.user.email });
        const undoUrl = `${config.publicUrl}${AUTH_BASE_PATH}/undo-email-change?token=${encodeURIComponent(token)}`;
        mail.dispatch(emailChangeRequestedMail(actor.user.email, body.newEmail, undoUrl));
      }
      return answer.send();
    },
  );
  app.get(
    `${AUTH_BASE_PATH}/verify-email`,
    {
      schema: {
        tags,
        summary: 'Lien de vérification d’adresse (transmis à better-auth)',
        querystring: z.looseObject({ token: z.string().min(1).max(4000) }),
        response: { 200: passThrough('Adresse vérifiée.'), ...redirectAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      // A foreign callback is refused before the change link is consumed.
      const refused = foreignCallback(request, undefined);
      if (refused) {
        return sendError(reply, 403, refused, 'Adresse de redirection non autorisée.');
      }
      if (isEmailChangeToken(token) && !(await consumePendingEmailChange(db, token))) {
        // Used, undone or never recorded: better-auth answers its own "invalid token" (redirect or 401).
        const url = new URL(forwardedUrl(request), config.publicUrl);
        url.searchParams.set('token', 'revoked');
        return (await exchange(request, reply, undefined, `${url.pathname}${url.search}`)).send();
      }
      return forward(request, reply);
    },
  );
  app.get(
    `${AUTH_BASE_PATH}/undo-email-change`,
    {
      schema: {
        tags,
        summary: 'Annuler un changement d’adresse (lien envoyé à l’ancienne adresse)',
        querystring: z.object({ token: z.string().min(1).max(200) }),
        response: { ...redirectAnswer, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const outcome = await undoEmailChange(db, request.query.token);
      reply.header('cache-control', 'no-store');
      return reply.redirect(`/login?emailChange=${outcome}`);
    },
  );
}

/** better-auth's e-mail-change links are JWTs whose payload carries `updateTo` (the signature is its to check). */
function isEmailChangeToken(token: string): boolean {
  const payload = token.split('.')[1];
  if (!payload) {
    return false;
  }
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { updateTo?: unknown };
    return typeof parsed.updateTo === 'string';
  } catch {
    return false;
  }
}
