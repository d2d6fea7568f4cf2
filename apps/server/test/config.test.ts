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
