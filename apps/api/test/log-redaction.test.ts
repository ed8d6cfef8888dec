import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../src/app.ts';
import { errSerializer, redactUrl } from '../src/plugins/log-redaction.ts';
import { createTestDatabase, testConfig } from './helpers.ts';

describe('redactUrl', () => {
  it.each([
    ['/impersonate?accessCode=eyJhbGciOi.x.y', '/impersonate?accessCode=[redacted]'],
    [
      '/login/callback?code=abc&state=xyz&iss=https%3A%2F%2Fidp',
      '/login/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fidp',
    ],
    ['/api/sites?page=2&q=denver', '/api/sites?page=2&q=denver'],
    ['/api/events?lastEventId=1-2-a', '/api/events?lastEventId=1-2-a'],
    ['/x?TOKEN=1&password', '/x?TOKEN=[redacted]&password'],
    ['/plain', '/plain'],
    [
      '/api/v1/monitoring/device/8d8f4b54-8e55-4b8e-9a54-6d6f8a0d0c11/?key=s3cr3t&time=29-11-2026_10:00:00.000000',
      '/api/v1/monitoring/device/8d8f4b54-8e55-4b8e-9a54-6d6f8a0d0c11/?key=[redacted]&time=29-11-2026_10:00:00.000000',
    ],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it("drops a failed statement's parameters from the error, its stack and its cause", () => {
    const cause = Object.assign(new Error('duplicate key'), { code: '23505' });
    const error = new DrizzleQueryError(
      'update users set app_secret = $1 where id = $2',
      ['JBSWY3DPEHPK3PXP', 'u1'],
      cause,
    );
    const out = JSON.stringify(errSerializer(error));
    expect(out).not.toContain('JBSWY3DPEHPK3PXP');
    expect(out).toContain('update users set app_secret = $1');
    expect(out).toContain('duplicate key');
  });
});

describe('the server log (issue 11: never log codes, tokens or secrets)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({ LOG_LEVEL: 'info' });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      config,
      db: database.db,
      logger: { ...(loggerOptions(config) as object), stream },
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('logs requests without secret query values and errors without statement parameters', async () => {
    await app.inject({ method: 'GET', url: '/api/health?accessCode=SECRET-ACCESS-CODE&page=1' });
    await app.inject({
      method: 'GET',
      url: '/api/userProfile',
      headers: { authorization: 'Bearer SECRET-BEARER-TOKEN' },
    });
    app.log.error(
      { err: new DrizzleQueryError('select $1', ['SECRET-SEED'], new Error('boom')) },
      'a statement failed',
    );
    const log = lines.join('');
    expect(log).toContain('accessCode=[redacted]&page=1');
    expect(log).toContain('a statement failed');
    for (const secret of ['SECRET-ACCESS-CODE', 'SECRET-BEARER-TOKEN', 'SECRET-SEED'])
      expect(log).not.toContain(secret);
  });
});
