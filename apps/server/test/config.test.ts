import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env.ts';

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

  it('refuses a bad SMTP_URL, a store other than memory and a cheap hashing cost in production', () => {
    try {
      loadConfig({ SMTP_URL: 'http://mail', RATE_LIMIT_STORE: 'redis', AUTH_RATE_LIMIT_MAX: '0' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).issues.map((issue) => issue.variable).sort()).toEqual([
        'AUTH_RATE_LIMIT_MAX',
        'RATE_LIMIT_STORE',
        'SMTP_URL',
      ]);
    }
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_LOG_N: '12' })).toThrow(/PASSWORD_HASH_LOG_N/);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_LOG_N: '12' }).passwordHashLogN).toBe(12);
  });
});
