import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Actor, type ResolveActor, requireUser } from '../lib/actor.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** True on the routes of a signed-in scope (set by the scope's onRoute hook; read by the route-contract test). */
    signedIn?: boolean;
  }
  interface FastifyInstance {
    /** Reads the caller's session (memoised per request): see modules/auth/session.ts. */
    resolveActor: ResolveActor;
  }
  interface FastifyRequest {
    /**
     * The signed-in caller. Set by the `signedIn` scope before validation; null outside it. Handlers pass it to
     * services, which check what this actor may do (roles, ownership).
     */
    actor: Actor | null;
  }
}

/** Makes the actor resolver available to every scope (`app.resolveActor`) and `request.actor` (null by default). */
export function registerActor(app: FastifyInstance, resolveActor: ResolveActor): void {
  app.decorate('resolveActor', resolveActor);
  app.decorateRequest('actor', null);
}

/**
 * The signed-in scope: routes registered inside answer 401 (before their query or body is looked at) to a caller
 * without a session, see `request.actor` set, and are sent with `Cache-Control: no-store` (private data).
 * Encapsulated: the hooks stay inside. Authorization (roles, ownership) stays in the services.
 *
 *   await app.register(signedIn(async (scope) => { scope.get(...) }));
 *   await app.register(signedIn(adminRoutes), { service });
 */
export function signedIn<Options extends Record<string, unknown> = Record<never, never>>(
  routes: FastifyPluginAsyncZod<Options>,
): FastifyPluginAsyncZod<Options> {
  return async (app, options) => {
    const scope = app.withTypeProvider<ZodTypeProvider>();
    // Marks the route and documents the session requirement in /api/openapi.json.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, signedIn: true };
      if (route.schema) {
        route.schema = { ...route.schema, security: [{ session: [] }] };
      }
    });
    scope.addHook('preValidation', async (request) => {
      request.actor = requireUser(await app.resolveActor(request));
    });
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });
    await routes(scope, options);
  };
}
