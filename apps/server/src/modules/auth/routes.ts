import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { registerEmailRoutes } from './email-routes.ts';
import { type AuthRoutesOptions, canonicalPath, createAuthGateway } from './gateway.ts';
import { registerPasswordRoutes } from './password-routes.ts';
import { registerSessionRoutes } from './session-routes.ts';
import { registerSignInRoutes } from './sign-in-routes.ts';

export { type AuthRoutesOptions, clientNetwork, isAllowedCallback } from './gateway.ts';

/**
 * Mounts better-auth at /api/auth: the Fastify request becomes a Fetch Request, better-auth's Response goes back
 * with every Set-Cookie. Our onRequest CSRF hook has already run (state-changing calls need X-CSRFToken). Only an
 * allow-list of better-auth's endpoints is served, each by its own route, and only under its own spelling: a path
 * that a URL parser would fold into another (`/api/auth/./sign-in/email`, `%2E`, `x/../`, `//`, `\`, a trailing
 * dot or slash, another case) answers 404 before anything runs, and what better-auth receives is the route's
 * canonical path, never the client's spelling (issue 21, ADR 0044). The endpoints that can be abused have a zod
 * body (French messages, disposable domains, the password policy), a rate limit, and the controls of ADR 0016
 * (re-authentication and undo for an e-mail change, per-account sign-in limits, bounded hashing, reset requests
 * off the response path). Work that must hold before the client hears "done" (reset links killed after a password
 * change, the undo link of an e-mail change) runs before the answer is sent.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const gateway = await createAuthGateway(app, options);
  app.addHook('onClose', async () => {
    await gateway.background.idle();
  });

  // Refuses every spelling of a path but its own, before the body is read (the CSRF check ran before this).
  app.addHook('onRequest', async (request) => {
    const rawPath = (request.raw.url ?? '').split('?')[0];
    if (rawPath !== canonicalPath(request)) {
      throw new AppError('NOT_FOUND');
    }
  });

  // One file per flow (ADR 0060), all in this plugin's scope: the hook above guards every one of them.
  registerSignInRoutes(app, gateway);
  registerPasswordRoutes(app, gateway);
  registerEmailRoutes(app, gateway);
  registerSessionRoutes(app, gateway);
};
