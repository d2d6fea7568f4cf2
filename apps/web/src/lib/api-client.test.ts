import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import {
  type ApiClient,
  apiFetch,
  buildUrl,
  CSRF_TOKEN_PATH,
  CSRF_UNAVAILABLE_MESSAGE,
  createApiClient,
  DEFAULT_RATE_LIMIT_MESSAGE,
  formatRateLimitMessage,
  parseRetryAfterSeconds,
} from './api-client.ts';
import { ApiClientError, NETWORK_ERROR_MESSAGE } from './api-error.ts';

const { toastWarning } = vi.hoisted(() => ({ toastWarning: vi.fn() }));
vi.mock('sonner', () => ({ toast: { warning: toastWarning } }));

type FetchArgs = [input: string, init: RequestInit];

function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function csrfResponse(token = 'csrf-1'): Response {
  return jsonResponse({ csrfToken: token });
}

/** A fetch mock that routes the CSRF endpoint to `csrf` and everything else to `handler`. */
function createFetch(
  handler: (url: string, init: RequestInit) => Response | Promise<Response>,
  csrf = () => csrfResponse(),
) {
  return vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    return url.endsWith(CSRF_TOKEN_PATH) ? csrf() : handler(url, init);
  });
}

function callsTo(fetchMock: Mock, predicate: (url: string) => boolean): FetchArgs[] {
  return fetchMock.mock.calls.filter(([url]) => predicate(String(url))) as FetchArgs[];
}

const csrfCalls = (fetchMock: Mock) => callsTo(fetchMock, (url) => url.endsWith(CSRF_TOKEN_PATH));
const apiCalls = (fetchMock: Mock) => callsTo(fetchMock, (url) => !url.endsWith(CSRF_TOKEN_PATH));
const headersOf = (call: FetchArgs | undefined) => new Headers(call?.[1].headers);

describe('api client: requests', () => {
  it('sends JSON with Accept, Content-Type and credentials, and parses the JSON answer', async () => {
    const fetchMock = createFetch(() => jsonResponse({ id: 7 }, 201));
    const client = createApiClient({ fetch: fetchMock });

    await expect(client.post('/api/mandates/', { energy_type: 'gas' })).resolves.toEqual({ id: 7 });

    const [url, init] = apiCalls(fetchMock)[0] ?? [];
    expect(url).toBe('/api/mandates/');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"energy_type":"gas"}');
    const headers = headersOf(apiCalls(fetchMock)[0]);
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no Content-Type and no body when there is nothing to send', async () => {
    const fetchMock = createFetch(() => new Response(null, { status: 204 }));
    const client = createApiClient({ fetch: fetchMock });

    await expect(client.post('/api/mandates/3/revoke/')).resolves.toBeUndefined();

    const call = apiCalls(fetchMock)[0];
    expect(call?.[1].body).toBeUndefined();
    expect(headersOf(call).has('Content-Type')).toBe(false);
  });

  it('GET sends no anti-forgery header and never fetches a token', async () => {
    const fetchMock = createFetch(() => jsonResponse([]));
    const client = createApiClient({ fetch: fetchMock });

    await client.get('/api/mandates/');

    expect(csrfCalls(fetchMock)).toHaveLength(0);
    expect(headersOf(apiCalls(fetchMock)[0]).has('X-CSRFToken')).toBe(false);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s carries the X-CSRFToken header', async (method) => {
    const fetchMock = createFetch(() => jsonResponse({}));
    const client = createApiClient({ fetch: fetchMock });

    await client.request('/api/mandates/1/', { method, body: method === 'DELETE' ? undefined : {} });

    expect(headersOf(apiCalls(fetchMock)[0]).get('X-CSRFToken')).toBe('csrf-1');
  });

  it('adds query parameters, leaving out empty ones', async () => {
    const fetchMock = createFetch(() => jsonResponse({}));
    const client = createApiClient({ fetch: fetchMock });

    await client.get('/api/simulator/options/', { query: { point: 'PITD', code: '', commune: null, month: 3 } });

    expect(apiCalls(fetchMock)[0]?.[0]).toBe('/api/simulator/options/?point=PITD&month=3');
  });

  it('validates the answer with a schema when one is given', async () => {
    const fetchMock = createFetch(() => jsonResponse({ revision: 'abc', env: 'test' }));
    const client = createApiClient({ fetch: fetchMock });
    const schema = {
      parse: (data: unknown) => {
        if (typeof data === 'object' && data !== null && 'revision' in data && typeof data.revision === 'string') {
          return { revision: data.revision };
        }
        throw new Error('invalid');
      },
    };

    await expect(client.get('/runtime-info.json', { schema })).resolves.toEqual({ revision: 'abc' });

    fetchMock.mockImplementation(async () => jsonResponse({ nope: true }));
    await expect(client.get('/runtime-info.json', { schema })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      status: 200,
    });
  });

  it('rejects a successful answer that is not JSON', async () => {
    const fetchMock = createFetch(
      () => new Response('<html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    );
    const client = createApiClient({ fetch: fetchMock });

    await expect(client.get('/api/x/')).rejects.toMatchObject({
      message: 'Réponse non-JSON inattendue',
      code: 'INVALID_RESPONSE',
    });
  });

  it('response() sends the same call (CSRF, replay) and returns the successful answer unread', async () => {
    let apiCall = 0;
    const fetchMock = createFetch(() => {
      apiCall += 1;
      return apiCall === 1
        ? jsonResponse({ error: 'Jeton CSRF manquant ou invalide.', code: 'CSRF_INVALID' }, 403)
        : new Response('{"type":"delta","text":"a"}\n', { headers: { 'Content-Type': 'application/x-ndjson' } });
    });
    const client = createApiClient({ fetch: fetchMock });

    const response = await client.response('/api/chatbot/stream', {
      method: 'POST',
      body: { message: 'CJA' },
      headers: { Accept: 'application/x-ndjson' },
    });
    expect(response.bodyUsed).toBe(false);
    await expect(response.text()).resolves.toBe('{"type":"delta","text":"a"}\n');
    expect(csrfCalls(fetchMock)).toHaveLength(2);
    expect(headersOf(apiCalls(fetchMock)[1]).get('Accept')).toBe('application/x-ndjson');
    await expect(
      createApiClient({ fetch: createFetch(() => jsonResponse({ error: 'Non.', code: 'X' }, 502)) }).response('/x', {
        method: 'POST',
      }),
    ).rejects.toMatchObject({ status: 502, code: 'X', message: 'Non.' });
  });

  it('the default client uses the global fetch', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiFetch('/api/health')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe('api client: errors', () => {
  it('carries the status, the code and the server message of a { error, code } body', async () => {
    const fetchMock = createFetch(() => jsonResponse({ error: 'Mandat introuvable.', code: 'NOT_FOUND' }, 404));
    const client = createApiClient({ fetch: fetchMock });

    const error = await client.get('/api/mandates/9/').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Mandat introuvable.' });
  });

  it("falls back to 'HTTP {status}' when the body has no error message", async () => {
    const fetchMock = createFetch(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    const client = createApiClient({ fetch: fetchMock });

    await expect(client.get('/api/x/')).rejects.toMatchObject({ status: 502, code: undefined, message: 'HTTP 502' });
  });

  it("turns a network failure into status 0 / NETWORK_ERROR with a French message (not the browser's reason)", async () => {
    const fetchMock = createFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const client = createApiClient({ fetch: fetchMock });

    const error = await client.get('/api/x/').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
    expect((error as Error).message).not.toContain('Failed to fetch');
  });

  it('lets an abort through untouched (query cancellation)', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const fetchMock = createFetch(() => {
      throw abort;
    });
    const client = createApiClient({ fetch: fetchMock });

    await expect(client.get('/api/x/')).rejects.toBe(abort);
  });
});

describe('api client: anti-forgery token', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-06-01T08:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('caches the token for 5 minutes, then fetches a new one', async () => {
    let issued = 0;
    const fetchMock = createFetch(
      () => jsonResponse({}),
      () => csrfResponse(`csrf-${++issued}`),
    );
    const client = createApiClient({ fetch: fetchMock });

    await client.post('/api/a/', {});
    await vi.advanceTimersByTimeAsync(4 * 60 * 1000 + 59 * 1000);
    await client.post('/api/b/', {});
    expect(csrfCalls(fetchMock)).toHaveLength(1);
    expect(headersOf(apiCalls(fetchMock)[1]).get('X-CSRFToken')).toBe('csrf-1');

    await vi.advanceTimersByTimeAsync(1000);
    await client.post('/api/c/', {});
    expect(csrfCalls(fetchMock)).toHaveLength(2);
    expect(headersOf(apiCalls(fetchMock)[2]).get('X-CSRFToken')).toBe('csrf-2');
  });

  it('fetches the token with credentials and shares one fetch between concurrent calls', async () => {
    const fetchMock = createFetch(() => jsonResponse({}));
    const client = createApiClient({ fetch: fetchMock });

    await Promise.all([client.post('/api/a/', {}), client.put('/api/b/', {}), client.delete('/api/c/')]);

    expect(csrfCalls(fetchMock)).toHaveLength(1);
    expect(csrfCalls(fetchMock)[0]?.[1]).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('retries the token fetch twice, 1 s apart, then succeeds', async () => {
    const csrf = vi
      .fn<() => Response>()
      .mockImplementationOnce(() => new Response('', { status: 503 }))
      .mockImplementationOnce(() => {
        throw new TypeError('Failed to fetch');
      })
      .mockImplementation(() => csrfResponse('csrf-ok'));
    const fetchMock = createFetch(() => jsonResponse({ done: true }), csrf);
    const client = createApiClient({ fetch: fetchMock });

    const result = client.post('/api/a/', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(csrf).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(csrf).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(csrf).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(csrf).toHaveBeenCalledTimes(3);

    await expect(result).resolves.toEqual({ done: true });
    expect(headersOf(apiCalls(fetchMock)[0]).get('X-CSRFToken')).toBe('csrf-ok');
  });

  it('gives up after 3 attempts without sending the request', async () => {
    const csrf = vi.fn(() => new Response('', { status: 500 }));
    const fetchMock = createFetch(() => jsonResponse({}), csrf);
    const client = createApiClient({ fetch: fetchMock });

    const result = client.post('/api/a/', {}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2000);

    expect(await result).toMatchObject({ code: 'CSRF_UNAVAILABLE', status: 500, message: CSRF_UNAVAILABLE_MESSAGE });
    expect(csrf).toHaveBeenCalledTimes(3);
    expect(apiCalls(fetchMock)).toHaveLength(0);
  });

  it('keeps the status of a token answer without a token (the server answered, the network is fine)', async () => {
    const csrf = vi.fn(() => jsonResponse({ token: 'wrong-field' }));
    const fetchMock = createFetch(() => jsonResponse({}), csrf);
    const client = createApiClient({ fetch: fetchMock });

    const result = client.post('/api/a/', {}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2000);

    expect(await result).toMatchObject({ code: 'CSRF_UNAVAILABLE', status: 200, message: CSRF_UNAVAILABLE_MESSAGE });
    expect(apiCalls(fetchMock)).toHaveLength(0);
  });

  it('on a 403 mentioning CSRF, drops the cached token, fetches a new one and replays once', async () => {
    let issued = 0;
    const handler = vi
      .fn<(url: string, init: RequestInit) => Response>()
      .mockImplementationOnce(() =>
        jsonResponse(
          { error: 'Jeton CSRF manquant ou invalide. Rechargez la page et réessayez.', code: 'CSRF_INVALID' },
          403,
        ),
      )
      .mockImplementation(() => jsonResponse({ ok: true }));
    const fetchMock = createFetch(handler, () => csrfResponse(`csrf-${++issued}`));
    const client = createApiClient({ fetch: fetchMock });

    await expect(client.post('/api/chatbot/', { message: 'Bonjour' })).resolves.toEqual({ ok: true });

    expect(csrfCalls(fetchMock)).toHaveLength(2);
    expect(apiCalls(fetchMock).map((call) => headersOf(call).get('X-CSRFToken'))).toEqual(['csrf-1', 'csrf-2']);
    expect(apiCalls(fetchMock)[1]?.[1].body).toBe('{"message":"Bonjour"}');
  });

  it('replays only once: a second CSRF 403 is thrown', async () => {
    const fetchMock = createFetch(() => jsonResponse({ error: 'CSRF token invalid', code: 'CSRF_INVALID' }, 403));
    const client = createApiClient({ fetch: fetchMock });

    await expect(client.post('/api/a/', {})).rejects.toMatchObject({ status: 403, code: 'CSRF_INVALID' });
    expect(apiCalls(fetchMock)).toHaveLength(2);
    expect(csrfCalls(fetchMock)).toHaveLength(2);
  });

  it('does not replay a 403 that is not about CSRF', async () => {
    const fetchMock = createFetch(() => jsonResponse({ error: 'Accès refusé.', code: 'FORBIDDEN' }, 403));
    const client = createApiClient({ fetch: fetchMock });

    await expect(client.post('/api/a/', {})).rejects.toMatchObject({ status: 403, message: 'Accès refusé.' });
    expect(apiCalls(fetchMock)).toHaveLength(1);
    expect(csrfCalls(fetchMock)).toHaveLength(1);
  });
});

describe('api client: bearer token', () => {
  let client: ApiClient;
  let fetchMock: ReturnType<typeof createFetch>;

  beforeEach(() => {
    fetchMock = createFetch(() => jsonResponse({}));
    client = createApiClient({ fetch: fetchMock });
  });

  it('sends no Authorization header without a token getter', async () => {
    await client.get('/api/account/usage/');
    expect(headersOf(apiCalls(fetchMock)[0]).has('Authorization')).toBe(false);
  });

  it('sends "Bearer <token>" from the registered (sync or async) getter', async () => {
    client.setAuthTokenGetter(() => 'id-token-1');
    await client.get('/api/account/usage/');
    client.setAuthTokenGetter(async () => 'id-token-2');
    await client.post('/api/payments/create-portal-session/', {});

    expect(apiCalls(fetchMock).map((call) => headersOf(call).get('Authorization'))).toEqual([
      'Bearer id-token-1',
      'Bearer id-token-2',
    ]);
  });

  it('sends nothing when the getter has no token (signed out) or when auth is false', async () => {
    client.setAuthTokenGetter(() => null);
    await client.get('/api/a/');
    client.setAuthTokenGetter(() => 'id-token');
    await client.post('/api/common/bug-reports/', {}, { auth: false });

    expect(apiCalls(fetchMock).map((call) => headersOf(call).has('Authorization'))).toEqual([false, false]);
  });

  it('never sends the token, the CSRF header or cookies to another origin', async () => {
    client.setAuthTokenGetter(() => 'id-token');
    await client.put('https://storage.example.com/upload?sig=1', 'file-body');

    const call = apiCalls(fetchMock)[0];
    expect(headersOf(call).has('Authorization')).toBe(false);
    expect(headersOf(call).has('X-CSRFToken')).toBe(false);
    expect(call?.[1].credentials).toBe('same-origin');
    expect(csrfCalls(fetchMock)).toHaveLength(0);
  });
});

describe('api client: HTTP 429', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-06-01T08:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the server message with the Retry-After delay, then throws', async () => {
    const warn = vi.fn();
    const fetchMock = createFetch(() =>
      jsonResponse({ error: 'Trop de requêtes. Veuillez réessayer plus tard.', code: 'RATE_LIMITED' }, 429, {
        'Retry-After': '30',
      }),
    );
    const client = createApiClient({ fetch: fetchMock, warn });

    await expect(client.get('/api/account/usage/')).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(warn).toHaveBeenCalledExactlyOnceWith('Trop de requêtes. Veuillez réessayer plus tard. (retry after 30s)');
  });

  it('leaves a quota refusal (QUOTA_EXCEEDED) to the page: no rate-limit warning', async () => {
    const warn = vi.fn();
    const fetchMock = createFetch(() =>
      jsonResponse({ error: 'Vous avez atteint la limite de votre plan.', code: 'QUOTA_EXCEEDED' }, 429),
    );
    const client = createApiClient({ fetch: fetchMock, warn });

    await expect(client.post('/api/simulator/simulate/', {})).rejects.toMatchObject({
      status: 429,
      code: 'QUOTA_EXCEEDED',
      message: 'Vous avez atteint la limite de votre plan.',
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('uses the default English text without a server message, and no suffix without Retry-After', async () => {
    const warn = vi.fn();
    const fetchMock = createFetch(() => new Response('', { status: 429 }));
    const client = createApiClient({ fetch: fetchMock, warn });

    await expect(client.get('/api/x/')).rejects.toMatchObject({ status: 429, message: DEFAULT_RATE_LIMIT_MESSAGE });
    expect(warn).toHaveBeenCalledExactlyOnceWith('Too many requests. Please try again later.');
  });

  it('shows at most one warning every 5 s, but every call still throws', async () => {
    const warn = vi.fn();
    const fetchMock = createFetch(() => new Response('', { status: 429, headers: { 'Retry-After': '5' } }));
    const client = createApiClient({ fetch: fetchMock, warn });

    await expect(client.get('/api/x/')).rejects.toBeInstanceOf(ApiClientError);
    await vi.advanceTimersByTimeAsync(4999);
    await expect(client.get('/api/x/')).rejects.toBeInstanceOf(ApiClientError);
    expect(warn).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1);
    await expect(client.get('/api/x/')).rejects.toBeInstanceOf(ApiClientError);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('the default client shows a sonner warning toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 429, headers: { 'Retry-After': '12' } })),
    );

    await expect(apiFetch('/api/x/')).rejects.toMatchObject({ status: 429 });
    expect(toastWarning).toHaveBeenCalledExactlyOnceWith(
      'Too many requests. Please try again later. (retry after 12s)',
    );
  });
});

describe('api client helpers', () => {
  it('parseRetryAfterSeconds reads seconds and HTTP dates', () => {
    const now = Date.parse('2025-06-01T08:00:00Z');
    expect(parseRetryAfterSeconds('120', now)).toBe(120);
    expect(parseRetryAfterSeconds(' 0 ', now)).toBe(0);
    expect(parseRetryAfterSeconds('Sun, 01 Jun 2025 08:00:45 GMT', now)).toBe(45);
    expect(parseRetryAfterSeconds('Sun, 01 Jun 2025 07:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfterSeconds(null, now)).toBeNull();
    expect(parseRetryAfterSeconds('soon', now)).toBeNull();
  });

  it('formatRateLimitMessage follows spec §8', () => {
    expect(formatRateLimitMessage(undefined, null)).toBe('Too many requests. Please try again later.');
    expect(formatRateLimitMessage('  ', 3)).toBe('Too many requests. Please try again later. (retry after 3s)');
    expect(formatRateLimitMessage('Quota atteint.', 60)).toBe('Quota atteint. (retry after 60s)');
  });

  it('buildUrl appends to an existing query string', () => {
    expect(buildUrl('/api/x/?a=1', { b: 'deux mots', c: false })).toBe('/api/x/?a=1&b=deux+mots&c=false');
    expect(buildUrl('/api/x/', {})).toBe('/api/x/');
  });
});
