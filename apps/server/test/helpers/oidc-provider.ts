import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next interaction signs in as (the "person at the keyboard"). */
  signInAs(user: OidcUser): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (panva/oidc-provider) on 127.0.0.1, standing in for Google in tests: discovery,
 * JWKS, authorization code + PKCE, signed id_token, userinfo. The login and consent screens are replaced by
 * a handler that signs in as `signInAs()`'s user and grants the requested scopes.
 */
/** In-memory storage for the provider's artifacts (its own default prints a warning). */
class MemoryAdapter {
  private static readonly store = new Map<string, Record<string, unknown>>();
  constructor(private readonly model: string) {}
  private key(id: string) {
    return `${this.model}:${id}`;
  }
  async upsert(id: string, payload: Record<string, unknown>) {
    MemoryAdapter.store.set(this.key(id), payload);
  }
  async find(id: string) {
    return MemoryAdapter.store.get(this.key(id));
  }
  async findByUid(uid: string) {
    return [...MemoryAdapter.store.values()].find((payload) => payload.uid === uid);
  }
  async findByUserCode(userCode: string) {
    return [...MemoryAdapter.store.values()].find((payload) => payload.userCode === userCode);
  }
  async consume(id: string) {
    const payload = MemoryAdapter.store.get(this.key(id));
    if (payload) {
      payload.consumed = Math.floor(Date.now() / 1000);
    }
  }
  async destroy(id: string) {
    MemoryAdapter.store.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string) {
    for (const [key, payload] of MemoryAdapter.store) {
      if (payload.grantId === grantId) {
        MemoryAdapter.store.delete(key);
      }
    }
  }
}

export async function startOidcProvider(redirectUri: string): Promise<LocalOidcProvider> {
  const clientId = 'pilote-test-client';
  const clientSecret = 'pilote-test-secret-0123456789';
  let current: OidcUser | undefined;

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    adapter: MemoryAdapter,
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['oidc-test-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => (current && current.sub === sub ? { ...current } : { sub }),
    }),
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  });
  // No Koa logs on stderr for expected failures.
  provider.on('server_error', () => {});

  const callback = provider.callback();
  server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) {
      callback(req, res);
      return;
    }
    try {
      const details = await provider.interactionDetails(req, res);
      const user = current;
      if (!user) {
        throw new Error('signInAs() was not called');
      }
      const result: Record<string, unknown> = {};
      if (details.prompt.name === 'login') {
        result.login = { accountId: user.sub };
      } else {
        const grant = details.grantId
          ? await provider.Grant.find(details.grantId)
          : new provider.Grant({ accountId: user.sub, clientId });
        const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
        if (missing.missingOIDCScope) {
          grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        }
        if (missing.missingOIDCClaims) {
          grant.addOIDCClaims(missing.missingOIDCClaims);
        }
        result.consent = { grantId: await grant.save() };
      }
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(user) {
      current = user;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Plays the browser between the app's sign-in answer and its callback: follows the provider's redirects with
 * its own cookie jar until the provider sends the browser back to `callbackPrefix`; returns that URL.
 */
export async function followProviderRedirects(authorizationUrl: string, callbackPrefix: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next = new URL(authorizationUrl);
  for (let hop = 0; hop < 15; hop++) {
    if (next.href.startsWith(callbackPrefix)) {
      return next;
    }
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    const location = response.headers.get('location');
    if (!location) {
      throw new Error(
        `provider stopped at ${next.href} with ${response.status}: ${(await response.text()).slice(0, 300)}`,
      );
    }
    next = new URL(location, next);
  }
  throw new Error('too many redirects at the provider');
}
