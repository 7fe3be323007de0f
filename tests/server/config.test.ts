import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      pgliteDir: path.resolve('./data/pglite'),
      databaseUrl: undefined,
      jwtSecret: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      authRateLimitMax: 10,
      bodyLimitBytes: 1024 * 1024,
      logLevel: 'info',
      staticDir: path.resolve('./dist'),
      trustProxy: false,
    });
  });

  it('reads and converts every variable', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/mosaic',
      DATABASE_URL: 'postgres://u:p@db:5432/mosaic',
      JWT_SECRET: 's'.repeat(32),
      ACCESS_TOKEN_TTL_SECONDS: '300',
      REFRESH_TOKEN_TTL_DAYS: '7',
      AUTH_RATE_LIMIT_MAX: '50',
      BODY_LIMIT_BYTES: '2048',
      LOG_LEVEL: 'warn',
      STATIC_DIR: '/srv/app',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      pgliteDir: '/var/lib/mosaic/pglite',
      databaseUrl: 'postgres://u:p@db:5432/mosaic',
      accessTokenTtlSeconds: 300,
      refreshTokenTtlDays: 7,
      authRateLimitMax: 50,
      bodyLimitBytes: 2048,
      logLevel: 'warn',
      staticDir: '/srv/app',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
    });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', JWT_SECRET: '' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      jwtSecret: undefined,
    });
  });

  it.each([
    [{ ACCESS_TOKEN_TTL_SECONDS: '901' }, 'ACCESS_TOKEN_TTL_SECONDS'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ AUTH_RATE_LIMIT_MAX: '0' }, 'AUTH_RATE_LIMIT_MAX'],
  ])('rejects %j with a message naming the problem', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'y' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('LOG_LEVEL');
    }
  });
});
