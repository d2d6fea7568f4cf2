import { type AccountUser, simulatorEndpoints } from '@pilote/contracts';
import { vi } from 'vitest';

export type MockRequest = { method: string; path: string; url: URL; body: unknown; headers: Headers };
export type MockAnswer = Response | { status?: number; body?: unknown; headers?: Record<string, string> };
export type MockHandler = (request: MockRequest) => MockAnswer | Promise<MockAnswer>;

export const testUser: AccountUser = {
  id: 'user-1',
  name: 'Camille Martin',
  email: 'camille@exemple.fr',
  emailVerified: true,
  image: null,
  role: 'user',
  tier: 'free',
};

function toResponse(answer: MockAnswer): Response {
  if (answer instanceof Response) {
    return answer;
  }
  const status = answer.status ?? 200;
  return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
    status,
    headers: { 'Content-Type': 'application/json', ...answer.headers },
  });
}

/**
 * Replaces `fetch` with a small router: "METHOD /path" → handler. Defaults: the CSRF token, nobody signed in
 * (`/api/auth/get-session` → null), Google not configured, the runtime info, the simulator's endpoints
 * (`GET /api/simulator/`). Returns the mock (its calls) and `requests`.
 */
export function mockApi(handlers: Record<string, MockHandler> = {}) {
  const requests: MockRequest[] = [];
  const routes: Record<string, MockHandler> = {
    'GET /api/common/get-csrf-token/': () => ({ body: { csrfToken: 'csrf-test' } }),
    'GET /api/auth/get-session': () => ({ body: null }),
    'GET /api/common/auth-providers/': () => ({ body: { google: false, microsoft: false } }),
    'GET /runtime-info.json': () => ({ body: { revision: 'abcdef1234567890', env: 'test' } }),
    // The simulator's root names its endpoints (ADR 0047); without them the simulator shows its configuration message.
    'GET /api/simulator/': () => ({
      body: { items: [], total: 0, page: 1, pageSize: 1, endpoints: simulatorEndpoints },
    }),
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const request = { method, path: url.pathname, url, body, headers: new Headers(init.headers) };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) {
      return toResponse({ status: 404, body: { error: `No mock for ${method} ${url.pathname}`, code: 'NOT_FOUND' } });
    }
    return toResponse(await handler(request));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

/** A session answer for `user` (better-auth's get-session shape). */
export function sessionOf(user: AccountUser = testUser) {
  return { session: { id: 'session-1', userId: user.id }, user: { ...user, createdAt: '2026-01-01T00:00:00.000Z' } };
}

/** `/api/auth/get-session` answering `user`. */
export function signedInAs(user: AccountUser = testUser): Record<string, MockHandler> {
  return { 'GET /api/auth/get-session': () => ({ body: sessionOf(user) }) };
}
