import {
  emptyAuthBodySchema,
  revokeSessionBodySchema,
  unlinkAccountBodySchema,
  updateUserBodySchema,
} from '@pilote/contracts';
import { z } from 'zod';
import { AUTH_BASE_PATH } from './auth.ts';
import { type AuthApp, type AuthGateway, documented, passThrough, sessionUser, statusAnswer } from './gateway.ts';

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
      schema: documented(
        'Session courante (null si non connecté)',
        z
          .looseObject({ session: z.looseObject({ id: z.string(), expiresAt: z.string() }), user: sessionUser })
          .nullable()
          .describe('La session et son utilisateur, ou null.'),
      ),
    },
    (request, reply) => forward(request, reply),
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
