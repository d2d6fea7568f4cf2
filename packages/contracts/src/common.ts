import { z } from 'zod';

/** GET /api/common/get-csrf-token/ */
export const csrfTokenResponseSchema = z.object({ csrfToken: z.string().min(1) });
export type CsrfTokenResponse = z.infer<typeof csrfTokenResponseSchema>;

/** Name of the header that carries the anti-forgery token (spec §7). */
export const CSRF_HEADER = 'X-CSRFToken';

/** GET /api/health */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'error']),
  uptimeSeconds: z.number(),
  /** French explanation when the database does not answer (503). */
  error: z.string().optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/info/frontend/ and /api/info/backend/ (spec §3 "Build info"). */
export const buildInfoSchema = z.object({
  service: z.string(),
  revision: z.string(),
  configuration: z.string().optional(),
  version: z.string(),
  env: z.string(),
  builtAt: z.string(),
});
export type BuildInfo = z.infer<typeof buildInfoSchema>;

/** GET /runtime-info.json */
/**
 * `GET /runtime-info.json`: what this instance runs, read by the web app at run time (the /login footer line) and
 * the support address of the user menu (`SUPPORT_EMAIL`; null when unset: the menu's Support opens /contact).
 */
export const runtimeInfoSchema = z.object({
  revision: z.string(),
  env: z.string(),
  supportEmail: z.email().nullable().optional(),
});
export type RuntimeInfo = z.infer<typeof runtimeInfoSchema>;

/**
 * `apps/web/dist/routes.json`, written by the web build (vite.config.ts) from the app's route list: the server
 * answers 200 with the SPA for these paths and 404 (with the same SPA, which shows its not-found page) for any
 * other (ADR 0020). A pattern is a literal path, with `:name` for one segment and a final `/*` for any rest.
 */
export const SPA_ROUTES_FILE = 'routes.json';
export const spaRoutesManifestSchema = z.object({
  routes: z.array(z.string().startsWith('/')).min(1),
});
export type SpaRoutesManifest = z.infer<typeof spaRoutesManifestSchema>;
