import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  consoleUrl,
  defaultPoolSize,
  isLoopback,
  loadConfig,
  REPO_ROOT,
  resolveJwtSecret,
} from '../src/plugins/config.ts';

const LIVE = {
  DATABASE_URL: 'postgres://u@db.example/vnoc',
  JWT_SECRET: 'x'.repeat(32),
  SMTP_URL: 'smtp://mail.example:587',
  SMS_API_URL: 'https://api.sms.example/2010-04-01',
  SMS_ACCOUNT_SID: 'AC1',
  SMS_AUTH_TOKEN: 'tok',
  SMS_FROM: '+15550000000',
};

describe('loadConfig defaults', () => {
  it('embedded: port 8080 on 127.0.0.1, ./data under cwd, demo on, outbox, simulator follows demo', () => {
    const c = loadConfig({}, '/srv/vnoc');
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/vnoc/data',
      databaseUrl: undefined,
      demo: true,
      simulator: true,
      delivery: 'outbox',
      jwtSecret: undefined,
      demoPassword: 'vnoc-demo-2026!',
      logLevel: 'info',
      webDist: path.join(REPO_ROOT, 'apps/web/dist'),
      pgPort: 54329,
    });
  });

  it('external database: demo off, live delivery, secrets required', () => {
    const c = loadConfig(LIVE);
    expect(c).toMatchObject({
      demo: false,
      simulator: false,
      delivery: 'live',
      databaseUrl: LIVE.DATABASE_URL,
    });
    expect(c.sms).toEqual({
      apiUrl: LIVE.SMS_API_URL,
      accountSid: 'AC1',
      authToken: 'tok',
      from: '+15550000000',
    });
  });

  it.each([
    [{ DEMO: '0' }, { demo: false, simulator: false }],
    [
      { DEMO: 'true', SIMULATOR: '0' },
      { demo: true, simulator: false },
    ],
    [
      { PORT: '9000', HOST: '0.0.0.0', ALLOW_INSECURE_NETWORK: '1' },
      { port: 9000, host: '0.0.0.0' },
    ],
    [{ DATA_DIR: '/var/lib/vnoc' }, { dataDir: '/var/lib/vnoc' }],
    [{ DEMO_PASSWORD: 'another-demo-pass' }, { demoPassword: 'another-demo-pass' }],
    [
      { DELIVERY: 'outbox', DATABASE_URL: 'postgresql://h/db', JWT_SECRET: 'y'.repeat(40) },
      { delivery: 'outbox', demo: false },
    ],
    [{ DEMO: '' }, { demo: true }],
    [{ REDIS_URL: 'redis://127.0.0.1:6379' }, { redisUrl: 'redis://127.0.0.1:6379' }],
    [{}, { pgPoolSize: defaultPoolSize() }],
    [{ PG_POOL_SIZE: '12' }, { pgPoolSize: 12 }],
  ])('%j → %j', (env, expected) => {
    expect(loadConfig(env, '/srv')).toMatchObject(expected);
  });

  it.each([
    [1, 4],
    [2, 5],
    [8, 17],
  ])('sizes the pool for %i cores: %i connections', (cores, size) => {
    expect(defaultPoolSize(cores)).toBe(size);
  });
});

describe('loadConfig refusals list every problem', () => {
  it.each([
    [{ PORT: 'eighty' }, ['PORT']],
    [{ PORT: '70000' }, ['PORT']],
    [{ DEMO: 'yes' }, ['DEMO']],
    [{ DELIVERY: 'carrier-pigeon' }, ['DELIVERY']],
    [{ DATABASE_URL: 'mysql://x/y' }, ['DATABASE_URL']],
    [{ JWT_SECRET: 'short' }, ['JWT_SECRET']],
    [{ LOG_LEVEL: 'loud' }, ['LOG_LEVEL']],
    [{ PG_POOL_SIZE: '1' }, ['PG_POOL_SIZE: must be at least 2']],
    [{ PG_POOL_SIZE: 'many' }, ['PG_POOL_SIZE']],
    [{ SMS_FROM: '555-1234' }, ['SMS_FROM']],
    [{ PORT: 'x', DEMO: 'x', LOG_LEVEL: 'x' }, ['PORT', 'DEMO', 'LOG_LEVEL']],
    [{ DATABASE_URL: 'postgres://h/db' }, ['JWT_SECRET', 'SMTP_URL', 'SMS_API_URL']],
    [{ DELIVERY: 'live' }, ['SMTP_URL', 'SMS_API_URL']],
    // Issue 11: the dev outbox and the demo seed are for this machine only.
    [{ HOST: '0.0.0.0' }, ['HOST: 0.0.0.0 would serve the dev outbox', 'HOST: 0.0.0.0 would serve the demo']],
    [{ HOST: '192.168.1.10', DEMO: '0' }, ['HOST: 192.168.1.10 would serve the dev outbox']],
    [
      {
        HOST: '::',
        DATABASE_URL: 'postgres://h/db',
        JWT_SECRET: 'x'.repeat(32),
        DELIVERY: 'outbox',
        DEMO: '1',
      },
      ['dev outbox', 'demo organizations'],
    ],
  ])('%j', (env, names) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(names.length);
    names.forEach((name, i) => {
      expect(problems[i]).toContain(name);
    });
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:\n {2}- /);
  });
});

describe('the demo and the dev outbox stay on this machine (issue 11)', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.5', false],
    ['127.0.0.1.example.com', false],
    ['vnoc.example.com', false],
  ])('isLoopback(%s) → %s', (host, expected) => {
    expect(isLoopback(host)).toBe(expected);
  });

  it('starts on a loopback address, and on a network address when the risk is accepted or neither is on', () => {
    expect(loadConfig({ HOST: 'localhost' }).host).toBe('localhost');
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_INSECURE_NETWORK: '1' }).host).toBe('0.0.0.0');
    const live = {
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://h/db',
      JWT_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail.example:25',
      SMS_API_URL: 'https://sms.example',
      SMS_ACCOUNT_SID: 'sid',
      SMS_AUTH_TOKEN: 'token',
      SMS_FROM: '+15550100000',
    };
    expect(loadConfig(live).host).toBe('0.0.0.0');
  });
});

describe('consoleUrl: where links in emails point (issue 34)', () => {
  it("is PUBLIC_URL when set, else the server's own address (never a request's)", () => {
    expect(consoleUrl({ publicUrl: 'https://vnoc.example', host: '0.0.0.0', port: 80 })).toBe(
      'https://vnoc.example',
    );
    expect(consoleUrl({ publicUrl: undefined, host: '127.0.0.1', port: 8080 })).toBe('http://127.0.0.1:8080');
    expect(consoleUrl({ publicUrl: undefined, host: '0.0.0.0', port: 8080 })).toBe('http://localhost:8080');
    expect(consoleUrl({ publicUrl: undefined, host: '::1', port: 8080 })).toBe('http://[::1]:8080');
    expect(consoleUrl(loadConfig({ ...LIVE, PUBLIC_URL: 'https://noc.example/' }))).toBe(
      'https://noc.example',
    );
  });
});

describe('resolveJwtSecret', () => {
  it('generates a secret into DATA_DIR once (mode 0600) and reuses it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vnoc-config-'));
    try {
      const config = loadConfig({ DATA_DIR: dir });
      const first = resolveJwtSecret(config);
      expect(first.length).toBeGreaterThanOrEqual(48);
      expect(resolveJwtSecret(config)).toBe(first);
      expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
      expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
      expect(resolveJwtSecret({ ...config, jwtSecret: 'z'.repeat(32) })).toBe('z'.repeat(32));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
