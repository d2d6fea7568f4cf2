import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, toFastifyTrustProxy } from '../src/config/env.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ INIT_CWD: '/srv/app' });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('/srv/app/data'),
      databaseUrl: undefined,
      nodeEnv: 'development',
      appEnv: 'development',
      publicUrl: 'http://localhost:3000',
    });
  });

  it('stops on a bad PORT with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc' });
    } catch (error) {
      expect((error as ConfigError).issues.map((issue) => issue.variable)).toEqual(['PORT']);
      expect((error as Error).message).toContain('PORT');
    }
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x', APP_SECRET: 'short', TRUST_PROXY: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).issues.map((issue) => issue.variable).sort()).toEqual([
        'APP_SECRET',
        'DATABASE_URL',
        'PORT',
        'TRUST_PROXY',
      ]);
    }
  });

  it('treats empty optional variables as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', APP_SECRET: '', PUBLIC_URL: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.appSecret).toBeUndefined();
  });

  it('reads SUPPORT_EMAIL (the user menu’s Support address), unset by default, and refuses a non-address', () => {
    expect(loadConfig({}).supportEmail).toBeUndefined();
    expect(loadConfig({ SUPPORT_EMAIL: 'aide@exemple.fr' }).supportEmail).toBe('aide@exemple.fr');
    try {
      loadConfig({ SUPPORT_EMAIL: 'support' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).issues.map((issue) => issue.variable)).toEqual(['SUPPORT_EMAIL']);
    }
  });

  it('reads a PostgreSQL URL and an https public URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://app@db:5432/pilote',
      PUBLIC_URL: 'https://app.exemple.fr/',
      PORT: '8080',
    });
    expect(config.databaseUrl).toBe('postgresql://app@db:5432/pilote');
    expect(config.publicUrl).toBe('https://app.exemple.fr');
    expect(config.port).toBe(8080);
  });

  it('runs the server’s PGlite in a worker thread unless PGLITE_THREAD=false (ADR 0042)', () => {
    expect(loadConfig({}).pgliteThread).toBe(true);
    expect(loadConfig({ PGLITE_THREAD: '' }).pgliteThread).toBe(true);
    expect(loadConfig({ PGLITE_THREAD: 'false' }).pgliteThread).toBe(false);
    expect(() => loadConfig({ PGLITE_THREAD: 'oui' })).toThrow('PGLITE_THREAD');
  });
});

describe('loadConfig: identity settings', () => {
  it('keeps mail in the outbox, Google off and the OWASP hashing cost by default', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://app.exemple.fr' });
    expect(config.mail).toEqual({ smtpUrl: undefined, from: 'Pilote Énergie <no-reply@app.exemple.fr>' });
    expect(config.google).toBeUndefined();
    expect(config.passwordHashLogN).toBe(17);
    expect(config.authRateLimit).toEqual({ max: 10, windowSeconds: 60, store: 'memory' });
  });

  it('enables Google only with both client id and secret, on Google’s issuer unless told otherwise', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
    try {
      loadConfig({ GOOGLE_CLIENT_ID: 'id' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).issues.map((issue) => issue.variable)).toEqual(['GOOGLE_CLIENT_SECRET']);
    }
  });

  it('refuses a bad SMTP_URL, an unknown store and a cheap hashing cost in production', () => {
    try {
      loadConfig({ SMTP_URL: 'http://mail', RATE_LIMIT_STORE: 'memcached', AUTH_RATE_LIMIT_MAX: '0' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).issues.map((issue) => issue.variable).sort()).toEqual([
        'AUTH_RATE_LIMIT_MAX',
        'RATE_LIMIT_STORE',
        'SMTP_URL',
      ]);
    }
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_LOG_N: '12' })).toThrow(/PASSWORD_HASH_LOG_N/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_ENV: 'staging', PASSWORD_HASH_LOG_N: '12' })).toThrow(
      /PASSWORD_HASH_LOG_N/,
    );
    // The browser tests' throwaway server (production build, APP_ENV=e2e) only.
    expect(loadConfig({ NODE_ENV: 'production', APP_ENV: 'e2e', PASSWORD_HASH_LOG_N: '12' }).passwordHashLogN).toBe(12);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_LOG_N: '12' }).passwordHashLogN).toBe(12);
  });

  describe('TRUST_PROXY', () => {
    it('is off by default and with false or 0', () => {
      expect(loadConfig({}).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    });

    it('reads a hop count, and true as one hop (never "trust every hop")', () => {
      expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
      expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
      expect(loadConfig({ TRUST_PROXY: 'TRUE', NODE_ENV: 'production' }).trustProxy).toBe(1);
      const oneHop = toFastifyTrustProxy(1);
      expect(typeof oneHop).toBe('function');
      const trust = oneHop as (address: string, hop: number) => boolean;
      expect([trust('10.0.0.1', 0), trust('203.0.113.7', 1)]).toEqual([true, false]);
    });

    it('reads a comma-separated list of proxy addresses, CIDR ranges and proxy-addr aliases', () => {
      expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual([
        '10.0.0.1',
        '192.168.0.0/16',
        '::1',
        'fd00::/8',
        'loopback',
      ]);
      expect(toFastifyTrustProxy(['10.0.0.1'])).toEqual(['10.0.0.1']);
    });

    it.each([
      'yes',
      'maybe',
      '-1',
      '11',
      '1.5',
      '10.0.0.300',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.1,',
      '10.0.0.1;10.0.0.2',
      'proxy.internal',
    ])('refuses %s with a message naming TRUST_PROXY and its forms', (value) => {
      try {
        loadConfig({ TRUST_PROXY: value });
        expect.unreachable();
      } catch (error) {
        expect((error as ConfigError).issues.map((issue) => issue.variable)).toEqual(['TRUST_PROXY']);
        expect((error as Error).message).toContain('TRUST_PROXY');
        expect((error as Error).message).toContain('true (= 1 proxy)');
      }
    });
  });

  describe('trusted origins (CSRF Origin check)', () => {
    it('trusts PUBLIC_URL’s origin only when it is set, in production', () => {
      expect(loadConfig({ PUBLIC_URL: 'https://app.exemple.fr/base/', NODE_ENV: 'production' }).trustedOrigins).toEqual(
        ['https://app.exemple.fr'],
      );
    });

    it('adds the loopback spellings of the default PUBLIC_URL, and Vite’s dev server in development', () => {
      expect(loadConfig({ NODE_ENV: 'production', PORT: '8080' }).trustedOrigins).toEqual([
        'http://localhost:8080',
        'http://127.0.0.1:8080',
        'http://[::1]:8080',
      ]);
      expect(loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' }).trustedOrigins).toEqual([
        'http://localhost:3000',
        'http://localhost:5173',
        'http://127.0.0.1:5173',
      ]);
      expect(loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' }).trustedOrigins).toEqual([
        'http://localhost:3000',
      ]);
    });
  });

  it('RATE_LIMIT_STORE=redis needs REDIS_URL; the key prefix and the PDF limits are read', () => {
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(
      /REDIS_URL : obligatoire quand RATE_LIMIT_STORE=redis/,
    );
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis', REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL/);
    const config = loadConfig({
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL: 'redis://127.0.0.1:6379',
      RATE_LIMIT_KEY_PREFIX: 'pe:test:',
      PDF_RATE_LIMIT_MAX: '5',
    });
    expect(config.rateLimitStore).toEqual({ kind: 'redis', redisUrl: 'redis://127.0.0.1:6379', keyPrefix: 'pe:test:' });
    expect(config.pdf).toEqual({ rateLimitMax: 5, rateLimitWindowSeconds: 60, workers: 1, queueMax: 50 });
    expect(loadConfig({}).rateLimitStore.kind).toBe('memory');
  });

  it('simulations at once: 2 with PGlite, 8 with PostgreSQL, or SIMULATE_CONCURRENCY; the queue bound (ADR 0038)', () => {
    expect(loadConfig({}).simulate).toEqual({ concurrency: 2, queueMax: 500 });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app' }).simulate).toEqual({ concurrency: 8, queueMax: 500 });
    expect(loadConfig({ SIMULATE_CONCURRENCY: '8', SIMULATE_QUEUE_MAX: '0' }).simulate).toEqual({
      concurrency: 8,
      queueMax: 0,
    });
    expect(() => loadConfig({ SIMULATE_CONCURRENCY: '0' })).toThrow(/SIMULATE_CONCURRENCY/);
  });
});
