import {
  changePasswordBodySchema,
  requestPasswordResetBodySchema,
  resetLinkParamsSchema,
  resetPasswordBodySchema,
  verifyPasswordBodySchema,
} from '@pilote/contracts';
import { z } from 'zod';
import { errorResponses } from '../../lib/openapi.ts';
import { findResetTokenOwner, invalidateResetTokens } from './account-security.ts';
import { AUTH_BASE_PATH } from './auth.ts';
import { passwordChangedMail } from './emails.ts';
import {
  type AuthApp,
  type AuthGateway,
  assertPasswordPolicy,
  documented,
  passThrough,
  RESET_REQUESTED,
  redirectAnswer,
  sendError,
  statusAnswer,
  tags,
} from './gateway.ts';
import { requireUser } from './session.ts';

/** Password reset (request, link, new password), change and check (ADR 0016). */
export function registerPasswordRoutes(app: AuthApp, gateway: AuthGateway): void {
  const {
    auth,
    resolveActor,
    db,
    mail,
    counters,
    background,
    accountLimit,
    toAuthRequest,
    forwardedUrl,
    exchange,
    forward,
    foreignCallback,
    hashingBusy,
    overLimit,
    refusedBeforeHashing,
    liftSignInLimits,
    limited,
    signedIn,
  } = gateway;

  app.post(
    `${AUTH_BASE_PATH}/request-password-reset`,
    {
      schema: {
        ...documented('Demande de réinitialisation du mot de passe', statusAnswer, 400, 403, 415, 429),
        body: requestPasswordResetBodySchema,
      },
      config: limited,
    },
    async (request, reply) => {
      const refused = foreignCallback(request, request.body);
      if (refused) {
        return sendError(reply, 403, refused, 'Adresse de redirection non autorisée.');
      }
      // The same answer for every address, sent before the lookup, token write and mail (ADR 0016).
      const authRequest = toAuthRequest(request, request.body, forwardedUrl(request));
      background.push('request-password-reset', async () => {
        const response = await auth.handler(authRequest);
        if (response.status !== 200) {
          request.log.warn({ status: response.status }, 'password reset request failed in the background');
        }
      });
      return reply.status(200).header('cache-control', 'no-store').type('application/json').send(RESET_REQUESTED);
    },
  );
  app.post(
    `${AUTH_BASE_PATH}/reset-password`,
    {
      schema: {
        ...documented('Nouveau mot de passe (jeton reçu par e-mail)', statusAnswer, 400, 403, 415, 429, 503),
        body: resetPasswordBodySchema,
      },
      config: limited,
    },
    async (request, reply) => {
      assertPasswordPolicy(request.body.newPassword, 'newPassword');
      if (hashingBusy(reply)) {
        return reply;
      }
      const owner = await findResetTokenOwner(db, request.body.token);
      // better-auth kills the other reset links (onPasswordReset) before it answers.
      const answer = await exchange(request, reply);
      if (answer.status === 200 && owner) {
        await liftSignInLimits(owner.email, request);
      }
      return answer.send();
    },
  );
  app.post(
    `${AUTH_BASE_PATH}/change-password`,
    {
      schema: {
        ...documented(
          'Changer de mot de passe (connecté)',
          passThrough('Mot de passe changé.'),
          400,
          401,
          403,
          415,
          429,
          503,
        ),
        body: changePasswordBodySchema,
      },
      config: limited,
      preValidation: signedIn,
    },
    async (request, reply) => {
      const actor = requireUser(await resolveActor(request));
      assertPasswordPolicy(request.body.newPassword, 'newPassword');
      const key = `change-password:${actor.user.id}`;
      if (await refusedBeforeHashing(key, reply)) {
        return reply;
      }
      const answer = await exchange(request, reply);
      if (answer.status === 200) {
        // Before the answer leaves: a reset link must not outlive the change the client is told about (issue 21:
        // on PostgreSQL a reset sent right after the answer was served from another connection before this ran).
        await invalidateResetTokens(db, actor.user.id);
        await counters.reset(key);
        await liftSignInLimits(actor.user.email, request);
        mail.dispatch(passwordChangedMail(actor.user.email, 'changed'));
      }
      return answer.send();
    },
  );
  app.get(
    `${AUTH_BASE_PATH}/reset-password/:token`,
    {
      schema: {
        tags,
        summary: 'Lien de réinitialisation du mot de passe (redirige vers callbackURL avec le jeton)',
        params: resetLinkParamsSchema,
        querystring: z.looseObject({ callbackURL: z.string().max(2000) }),
        response: { ...redirectAnswer, ...errorResponses(400, 403) },
      },
    },
    (request, reply) => forward(request, reply),
  );
  app.post(
    `${AUTH_BASE_PATH}/verify-password`,
    {
      schema: {
        ...documented('Vérifier son mot de passe (connecté)', statusAnswer, 400, 401, 403, 415, 429, 503),
        body: verifyPasswordBodySchema,
      },
      config: limited,
      preValidation: signedIn,
    },
    async (request, reply) => {
      // A password check like any other: counted per account (a stolen session must not guess the password).
      const actor = requireUser(await resolveActor(request));
      const key = `verify-password:${actor.user.id}`;
      if (await overLimit(key, accountLimit, reply)) {
        return reply;
      }
      const answer = await exchange(request, reply);
      if (answer.status === 200) {
        await counters.reset(key);
      }
      return answer.send();
    },
  );
}
