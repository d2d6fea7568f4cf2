/**
 * The error every `src/lib/api-client.ts` call rejects with. Kept in its own module (no zod, no sonner) so code that
 * only needs to recognise API errors, such as the query client's retry policy, stays out of the API client's chunk.
 */

/** Codes the client itself produces, next to the server's catalogue (`errorCodes` in @pilote/contracts). */
export const clientErrorCodes = {
  /** fetch() rejected: offline, DNS, connection refused, CORS… (status 0). */
  network: 'NETWORK_ERROR',
  /** The anti-forgery token could not be fetched after every retry. */
  csrfUnavailable: 'CSRF_UNAVAILABLE',
  /** A successful answer whose body is not the expected JSON. */
  invalidResponse: 'INVALID_RESPONSE',
} as const;

export type ApiClientErrorInit = {
  /** HTTP status, or 0 when no answer was received. */
  status: number;
  message: string;
  /** Server code (`{ error, code }` body) or one of `clientErrorCodes`; undefined when the server sent none. */
  code?: string | undefined;
  /** The parsed error body, when there was one. */
  body?: unknown;
  cause?: unknown;
};

export class ApiClientError extends Error {
  override readonly name = 'ApiClientError';
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;

  constructor({ status, message, code, body, cause }: ApiClientErrorInit) {
    super(message, cause === undefined ? undefined : { cause });
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export function isApiClientError(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError;
}

/** What a failed call says when no answer came back (status 0): French, whatever the browser's own reason. */
export const NETWORK_ERROR_DETAIL = 'le serveur est injoignable. Vérifiez votre connexion.';
export const NETWORK_ERROR_MESSAGE = `Erreur réseau : ${NETWORK_ERROR_DETAIL}`;

/**
 * The French `error` the server wrote in its `{ error, code }` body (or in a stream's `error` event), if any. The
 * error's own `message` falls back to 'HTTP {status}' for an answer without one (a proxy's 502 page, for instance):
 * screens that must then say 'Une erreur est survenue.' (spec §8) read this instead.
 */
export function serverMessageOf(error: ApiClientError): string | undefined {
  const body = error.body;
  if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string') {
    return body.error.trim() || undefined;
  }
  return undefined;
}
