import {
  emptyAuthBodySchema,
  revokeSessionBodySchema,
  unlinkAccountBodySchema,
  updateUserBodySchema,
  userTierSchema,
} from '@pilote/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AUTH_BASE_PATH } from './auth.ts';
import { type AuthApp, type AuthGateway, documented, passThrough, sessionUser, statusAnswer } from './gateway.ts';

/** `GET /api/auth/get-session`'s answer: better-auth's session and user, whose `tier` is the one that applies now. */
export const sessionAnswer = z
  .looseObject({
    session: z.looseObject({ id: z.string(), expiresAt: z.string() }),
    user: z.looseObject({
      ...sessionUser.shape,
      tier: userTierSchema.describe(
        'Le niveau qui s’applique maintenant, comme dans /api/account/me : celui de l’organisation active, « admin » pour un administrateur.',
      ),
    }),
  })
  .nullable()
  .describe('La session et son utilisateur, ou null.');

/**
 * The current session, as better-auth answers it (its own lookup, refresh and Set-Cookie, better-auth's `null` when
 * signed out), but with the user's `tier` replaced by the tier that applies now (ADR 0078): `users.tier` is no longer
 * the plan, so the stored value better-auth reads would tell a member of a Premium organisation « free ». One
 * statement more than better-auth's own (the plan's rows: `entitlements.tierOf`, as `/api/account/me` reads them).
 */
async function currentSession(gateway: AuthGateway, request: FastifyRequest, reply: FastifyReply) {
  const answer = await gateway.exchange(request, reply);
  if (answer.status !== 200 || !answer.json) {
    return answer.send();
  }
  const body: unknown = JSON.parse(answer.text);
  if (typeof body !== 'object' || body === null || !('user' in body)) {
    return answer.send();
  }
  const user = body.user as { id?: unknown; tier?: unknown } | null;
  if (typeof user?.id !== 'string') {
    return answer.send();
  }
  user.tier = await gateway.entitlements.tierOf(user.id);
  return answer.send([], JSON.stringify(body));
}

/** The session and the account: current session, sign-out, profile, open sessions and linked accounts. */
export function registerSessionRoutes(app: AuthApp, gateway: AuthGateway): void {
  const { forward, signedIn } = gateway;

  app.post(
    `${AUTH_BASE_PATH}/update-user`,
    {
      schema: {
        ...documented('Modifier son profil (nom, image)', statusAnswer, 400, 401, 403, 415),
        body: updateUserBodySchema,
      },
      preValidation: signedIn,
    },
    (request, reply) => forward(request, reply),
  );
  app.get(
    `${AUTH_BASE_PATH}/get-session`,
    {
      schema: documented('Session courante (null si non connecté)', sessionAnswer),
    },
    (request, reply) => currentSession(gateway, request, reply),
  );
  app.post(
    `${AUTH_BASE_PATH}/sign-out`,
    { schema: documented('Déconnexion (efface le cookie de session)', passThrough('Déconnecté.'), 403) },
    (request, reply) => forward(request, reply),
  );

  app.get(
    `${AUTH_BASE_PATH}/list-sessions`,
    { schema: documented('Sessions ouvertes du compte', z.array(z.looseObject({})).describe('Les sessions.'), 401) },
    (request, reply) => forward(request, reply),
  );
  app.get(
    `${AUTH_BASE_PATH}/list-accounts`,
    {
      schema: documented(
        'Comptes liés (mot de passe, Google)',
        z.array(z.looseObject({})).describe('Les comptes liés.'),
        401,
      ),
    },
    (request, reply) => forward(request, reply),
  );
  for (const [path, summary, body] of [
    ['revoke-session', 'Fermer une session (par son jeton)', revokeSessionBodySchema],
    ['revoke-sessions', 'Fermer toutes les sessions', emptyAuthBodySchema],
    ['revoke-other-sessions', 'Fermer les autres sessions', emptyAuthBodySchema],
    ['unlink-account', 'Délier un compte (Google)', unlinkAccountBodySchema],
  ] as const) {
    app.post(
      `${AUTH_BASE_PATH}/${path}`,
      { schema: { ...documented(summary, statusAnswer, 400, 401, 403, 415), body } },
      (request, reply) => forward(request, reply),
    );
  }
}
