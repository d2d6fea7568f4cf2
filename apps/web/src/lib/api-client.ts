/**
 * The single way the web app talks to the API (spec §7, §8).
 *
 * - JSON in and out: `Accept: application/json`; a body is serialised with `Content-Type: application/json`
 *   (FormData, Blob, URLSearchParams and strings are sent as they are).
 * - Cookies travel with every same-origin call (`credentials: 'include'`).
 * - State-changing methods carry the anti-forgery header (`X-CSRFToken`). The token comes from
 *   `GET /api/common/get-csrf-token/`, is cached 5 min, and its fetch is retried twice, 1 s apart. A 403 whose error
 *   mentions CSRF drops the cache, fetches a new token and replays the request once.
 * - `Authorization: Bearer <token>` when the getter registered with `setAuthTokenGetter` returns a token.
 * - `onResponse` sees a successful response first (the auth layer reads `set-auth-token` there).
 * - Failures reject with `ApiClientError` (status, server `code`, server `error` message or 'HTTP {status}'; status 0
 *   and a French message when no answer came back). The CSRF failure keeps the status of the last answer (0: none).
 * - HTTP 429 also shows a warning toast (at most one every 5 s) before rejecting, except a quota refusal
 *   (`QUOTA_EXCEEDED`, issue 12): that is not "too many requests", and the page says 'Limite atteinte' itself.
 *
 * Tokens and cookies are never sent to another origin.
 */
import { apiErrorSchema, CSRF_HEADER, csrfTokenResponseSchema, type PlanErrorCode } from '@pilote/contracts';
import { toast } from 'sonner';
import { ApiClientError, clientErrorCodes, NETWORK_ERROR_MESSAGE } from './api-error.ts';

export const CSRF_TOKEN_PATH = '/api/common/get-csrf-token/';
export const CSRF_TOKEN_TTL_MS = 5 * 60 * 1000;
export const CSRF_FETCH_RETRIES = 2;
export const CSRF_RETRY_DELAY_MS = 1000;
export const RATE_LIMIT_TOAST_INTERVAL_MS = 5000;
export const DEFAULT_RATE_LIMIT_MESSAGE = 'Too many requests. Please try again later.';
export const CSRF_UNAVAILABLE_MESSAGE =
  'Impossible de se connecter au serveur. Veuillez vérifier votre connexion et actualiser la page.';
export const INVALID_RESPONSE_MESSAGE = 'Réponse non-JSON inattendue';
/** A plan's quota used up (429 too): the feature's page answers it, the rate-limit toast does not. */
const QUOTA_EXCEEDED_CODE: PlanErrorCode = 'QUOTA_EXCEEDED';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

/** Anything with a zod-like `parse`; when given, the answer is validated and typed by it. */
export type ResponseParser<T> = { parse: (data: unknown) => T };

export type ApiRequestOptions<T = unknown> = Omit<RequestInit, 'method' | 'body'> & {
  method?: HttpMethod;
  /** Serialised as JSON unless it is FormData, Blob, URLSearchParams, ArrayBuffer or a string. */
  body?: unknown;
  /** Added to the URL; null, undefined and empty strings are left out. */
  query?: Record<string, QueryValue>;
  /** Send the bearer token when one is available (default true). */
  auth?: boolean;
  /** Validates (and types) the JSON answer. */
  schema?: ResponseParser<T>;
  /** Sees the successful response before its body is read (e.g. to pick up a response header). */
  onResponse?: (response: Response) => void;
};

export type ApiMethodOptions<T> = Omit<ApiRequestOptions<T>, 'method' | 'body'>;

export type AuthTokenGetter = () => string | null | undefined | Promise<string | null | undefined>;

export type ApiClientDependencies = {
  fetch?: typeof fetch;
  /** Shows the rate-limit warning; defaults to a sonner warning toast. */
  warn?: (message: string) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Prefix for relative paths (default: same origin). */
  baseUrl?: string;
};

export type ApiClient = {
  request: <T = unknown>(path: string, options?: ApiRequestOptions<T>) => Promise<T>;
  get: <T = unknown>(path: string, options?: ApiMethodOptions<T>) => Promise<T>;
  post: <T = unknown>(path: string, body?: unknown, options?: ApiMethodOptions<T>) => Promise<T>;
  put: <T = unknown>(path: string, body?: unknown, options?: ApiMethodOptions<T>) => Promise<T>;
  patch: <T = unknown>(path: string, body?: unknown, options?: ApiMethodOptions<T>) => Promise<T>;
  delete: <T = unknown>(path: string, options?: ApiMethodOptions<T>) => Promise<T>;
  /**
   * The same call (CSRF, replay, errors) but the successful `Response` is returned unread, for a body read as it
   * arrives (the chatbot's stream). `schema` is ignored.
   */
  response: (path: string, options?: Omit<ApiRequestOptions, 'schema'>) => Promise<Response>;
  getCsrfToken: (options?: { forceRefresh?: boolean }) => Promise<string>;
  clearCsrfToken: () => void;
  setAuthTokenGetter: (getter: AuthTokenGetter | null) => void;
};

const STATE_CHANGING_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type ErrorDetails = { serverMessage: string | undefined; code: string | undefined; body: unknown };

export function buildUrl(path: string, query?: Record<string, QueryValue>, baseUrl = ''): string {
  const url = /^https?:\/\//i.test(path) ? path : `${baseUrl}${path}`;
  if (!query) {
    return url;
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') {
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  if (!search) {
    return url;
  }
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

export function isSameOrigin(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) {
    return true;
  }
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** `Retry-After` as seconds (it may be a number of seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfterSeconds(header: string | null, now: number): number | null {
  const value = header?.trim();
  if (!value) {
    return null;
  }
  if (/^\d+$/.test(value)) {
    return Number(value);
  }
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

export function formatRateLimitMessage(serverMessage: string | undefined, retryAfterSeconds: number | null): string {
  const message = serverMessage?.trim() || DEFAULT_RATE_LIMIT_MESSAGE;
  return retryAfterSeconds === null ? message : `${message} (retry after ${retryAfterSeconds}s)`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

function isAbortError(error: unknown): boolean {
  // Not `instanceof Error`: DOMException is not an Error subclass in every environment.
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

function mentionsCsrf(details: ErrorDetails): boolean {
  return /csrf/i.test(details.serverMessage ?? '') || /csrf/i.test(details.code ?? '');
}

/** Reads a `{ error, code }` body (spec: the server's message, else 'HTTP {status}'). */
async function readErrorDetails(response: Response): Promise<ErrorDetails> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    return { serverMessage: undefined, code: undefined, body: undefined };
  }
  let body: unknown = text || undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's HTML page, for instance): keep the text as the body, use the generic message.
  }
  const parsed = apiErrorSchema.partial().safeParse(body);
  return {
    serverMessage: parsed.success && parsed.data.error?.trim() ? parsed.data.error : undefined,
    code: parsed.success ? parsed.data.code : undefined,
    body,
  };
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createApiClient(dependencies: ApiClientDependencies = {}): ApiClient {
  const fetchImpl: typeof fetch = dependencies.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const warn = dependencies.warn ?? ((message: string) => toast.warning(message));
  const now = dependencies.now ?? (() => Date.now());
  const sleep = dependencies.sleep ?? defaultSleep;
  const baseUrl = dependencies.baseUrl ?? '';

  let csrfCache: { token: string; fetchedAt: number } | null = null;
  let csrfInFlight: Promise<string> | null = null;
  let authTokenGetter: AuthTokenGetter | null = null;
  let lastRateLimitWarningAt = Number.NEGATIVE_INFINITY;

  function notifyRateLimited(serverMessage: string | undefined, response: Response): void {
    const at = now();
    if (at - lastRateLimitWarningAt < RATE_LIMIT_TOAST_INTERVAL_MS) {
      return;
    }
    lastRateLimitWarningAt = at;
    warn(formatRateLimitMessage(serverMessage, parseRetryAfterSeconds(response.headers.get('Retry-After'), at)));
  }

  async function fetchCsrfTokenOnce(): Promise<string> {
    const response = await fetchImpl(buildUrl(CSRF_TOKEN_PATH, undefined, baseUrl), {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) {
      throw new ApiClientError({ status: response.status, message: `HTTP ${response.status}` });
    }
    // An answer without a token (not JSON, or another shape) is the server's fault, not the network's: it keeps
    // the answer's status, so that the caller can tell « no token » from « no connection » (spec §8, chatbot).
    const parsed = csrfTokenResponseSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ApiClientError({
        status: response.status,
        code: clientErrorCodes.invalidResponse,
        message: 'Réponse inattendue du serveur.',
      });
    }
    return parsed.data.csrfToken;
  }

  async function fetchCsrfToken(): Promise<string> {
    let lastError: unknown;
    for (let attempt = 0; attempt <= CSRF_FETCH_RETRIES; attempt += 1) {
      if (attempt > 0) {
        await sleep(CSRF_RETRY_DELAY_MS);
      }
      try {
        const token = await fetchCsrfTokenOnce();
        csrfCache = { token, fetchedAt: now() };
        return token;
      } catch (error) {
        lastError = error;
      }
    }
    throw new ApiClientError({
      status: lastError instanceof ApiClientError ? lastError.status : 0,
      code: clientErrorCodes.csrfUnavailable,
      message: CSRF_UNAVAILABLE_MESSAGE,
      cause: lastError,
    });
  }

  function clearCsrfToken(): void {
    csrfCache = null;
    csrfInFlight = null;
  }

  function getCsrfToken({ forceRefresh = false }: { forceRefresh?: boolean } = {}): Promise<string> {
    if (forceRefresh) {
      clearCsrfToken();
    }
    if (csrfCache && now() - csrfCache.fetchedAt < CSRF_TOKEN_TTL_MS) {
      return Promise.resolve(csrfCache.token);
    }
    if (!csrfInFlight) {
      const pending = fetchCsrfToken().finally(() => {
        if (csrfInFlight === pending) {
          csrfInFlight = null;
        }
      });
      csrfInFlight = pending;
    }
    return csrfInFlight;
  }

  async function request<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
    return readSuccess(await requestResponse(path, options), options.schema);
  }

  async function requestResponse(path: string, options: ApiRequestOptions<unknown> = {}): Promise<Response> {
    const {
      method = 'GET',
      body,
      query,
      auth = true,
      schema: _schema,
      onResponse,
      headers: extraHeaders,
      ...init
    } = options;
    const url = buildUrl(path, query, baseUrl);
    const sameOrigin = isSameOrigin(url);
    const needsCsrf = sameOrigin && STATE_CHANGING_METHODS.has(method);

    let payload: BodyInit | undefined;
    let isJsonBody = false;
    if (body !== undefined) {
      isJsonBody = !isRawBody(body);
      payload = isJsonBody ? JSON.stringify(body) : (body as BodyInit);
    }

    async function send(csrfToken: string | undefined): Promise<Response> {
      const headers = new Headers(extraHeaders);
      if (!headers.has('Accept')) {
        headers.set('Accept', 'application/json');
      }
      if (isJsonBody && !headers.has('Content-Type')) {
        headers.set('Content-Type', 'application/json');
      }
      if (sameOrigin && auth && authTokenGetter) {
        const token = await authTokenGetter();
        if (token) {
          headers.set('Authorization', `Bearer ${token}`);
        }
      }
      if (csrfToken) {
        headers.set(CSRF_HEADER, csrfToken);
      }
      try {
        return await fetchImpl(url, {
          ...init,
          method,
          headers,
          body: payload,
          credentials: init.credentials ?? (sameOrigin ? 'include' : 'same-origin'),
        });
      } catch (error) {
        if (isAbortError(error)) {
          throw error;
        }
        // The browser's reason ('Failed to fetch', 'NetworkError when…') is English and says nothing more: kept as
        // the cause, not shown.
        throw new ApiClientError({
          status: 0,
          code: clientErrorCodes.network,
          message: NETWORK_ERROR_MESSAGE,
          cause: error,
        });
      }
    }

    let response = await send(needsCsrf ? await getCsrfToken() : undefined);
    if (!response.ok && needsCsrf && response.status === 403) {
      const details = await readErrorDetails(response.clone());
      if (mentionsCsrf(details)) {
        // The token (or the session it belongs to) expired: fetch a fresh one and replay the request once.
        response = await send(await getCsrfToken({ forceRefresh: true }));
      }
    }
    if (!response.ok) {
      const { serverMessage, code, body: errorBody } = await readErrorDetails(response);
      if (response.status === 429 && code !== QUOTA_EXCEEDED_CODE) {
        notifyRateLimited(serverMessage, response);
      }
      const fallback = response.status === 429 ? DEFAULT_RATE_LIMIT_MESSAGE : `HTTP ${response.status}`;
      throw new ApiClientError({ status: response.status, code, message: serverMessage ?? fallback, body: errorBody });
    }
    onResponse?.(response);
    return response;
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
    response: requestResponse,
    getCsrfToken,
    clearCsrfToken,
    setAuthTokenGetter: (getter) => {
      authTokenGetter = getter;
    },
  };
}

async function readSuccess<T>(response: Response, schema: ResponseParser<T> | undefined): Promise<T> {
  const text = response.status === 204 || response.status === 205 ? '' : await response.text();
  let data: unknown;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new ApiClientError({
        status: response.status,
        code: clientErrorCodes.invalidResponse,
        message: INVALID_RESPONSE_MESSAGE,
        body: text.slice(0, 300),
        cause: error,
      });
    }
  }
  if (!schema) {
    return data as T;
  }
  try {
    return schema.parse(data);
  } catch (error) {
    throw new ApiClientError({
      status: response.status,
      code: clientErrorCodes.invalidResponse,
      message: 'Réponse inattendue du serveur.',
      body: data,
      cause: error,
    });
  }
}

/** The app-wide client (one CSRF cache, one token getter, one rate-limit throttle). */
export const apiClient = createApiClient();

export const apiFetch = apiClient.request;
export const api = {
  get: apiClient.get,
  post: apiClient.post,
  put: apiClient.put,
  patch: apiClient.patch,
  delete: apiClient.delete,
};
/** See `ApiClient.response`: the successful answer unread (streams). */
export const apiResponse = apiClient.response;
export const getCsrfToken = apiClient.getCsrfToken;
export const clearCsrfToken = apiClient.clearCsrfToken;
/** Registered by the auth layer: returns the current identity token (or null when signed out). */
export const setAuthTokenGetter = apiClient.setAuthTokenGetter;
