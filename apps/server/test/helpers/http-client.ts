import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * A browser-like client over app.inject(): keeps cookies (pe_csrf, the session cookie…), fetches the CSRF
 * token like the SPA and sends X-CSRFToken on state-changing calls. `bearer` switches to an API client that
 * sends `Authorization: Bearer` instead of the session cookie.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  private csrfToken: string | undefined;
  bearer: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  sessionCookie(): string | undefined {
    return [...this.cookies.keys()].find((name) => name.endsWith('pe.session_token'));
  }

  async csrf(): Promise<string> {
    if (!this.csrfToken) {
      const response = await this.request('GET', '/api/common/get-csrf-token/');
      this.csrfToken = response.json<{ csrfToken: string }>().csrfToken;
    }
    return this.csrfToken;
  }

  async request(
    method: Method,
    url: string,
    payload?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (method !== 'GET') {
      headers['x-csrftoken'] ??= await this.csrf();
    }
    const cookie = this.cookieHeader();
    if (cookie) {
      headers.cookie = cookie;
    }
    if (this.bearer) {
      headers.authorization = `Bearer ${this.bearer}`;
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
      if (expired || cookie.value === '') {
        this.cookies.delete(cookie.name);
      } else {
        this.cookies.set(cookie.name, cookie.value);
      }
    }
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }

  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, payload ?? {}, headers);
  }

  patch(url: string, payload?: unknown) {
    return this.request('PATCH', url, payload ?? {});
  }
}
