import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const REDOCLY = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
/** The recommended ruleset, less the rule redocly.yaml says is wrong for this API, and why. */
const CONFIG = path.join(ROOT, 'redocly.yaml');

type Problem = {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
};

/** Every problem Redocly's lint finds in `file` (the CLI exits 1 on errors; its JSON report lists them all). */
async function lint(file: string): Promise<string[]> {
  const args = [
    'lint',
    `--config=${CONFIG}`,
    '--extends=recommended',
    '--max-problems=100000',
    '--format=json',
  ];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const { stdout } = await run(process.execPath, [REDOCLY, ...args, file], {
    maxBuffer: 64 * 1024 * 1024,
    env,
  }).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
  const { problems } = JSON.parse(stdout) as { problems: Problem[] };
  return problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
}

let t: TestApp;
/** A production server's: e-mail and SMS sent for real (no dev outbox, no simulator), no external broker. */
let production: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'vnoc-openapi-'));
  // Every route the app can serve: the development surfaces (outbox, simulator) and the broker's as well.
  t = await createTestApp({ SIMULATOR: '1', MQTT_AUTH_TOKEN: 'broker-token-0123456789abcdef' });
  production = await createTestApp({
    DELIVERY: 'live',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    SMS_API_URL: 'https://sms.example.com',
    SMS_ACCOUNT_SID: 'sid',
    SMS_AUTH_TOKEN: 'token',
    SMS_FROM: '+15550100',
  });
});
afterAll(async () => {
  await t.close();
  await production.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the served OpenAPI document', () => {
  it("passes Redocly's recommended ruleset with no error and no warning, on every kind of server", async () => {
    const files = await Promise.all(
      [
        ['every-route', t],
        ['production', production],
      ].map(async ([name, app]) => {
        const res = await (app as TestApp).app.inject({ method: 'GET', url: '/api/openapi.json' });
        expect(res.statusCode).toBe(200);
        const file = path.join(dir, `${name}.json`);
        writeFileSync(file, res.body);
        return file;
      }),
    );
    const [everyRoute, prod] = await Promise.all(files.map(lint));
    expect(everyRoute).toEqual([]);
    expect(prod).toEqual([]);
    // The production server's document lacks the development and broker routes, and names no scheme it does not use.
    const doc = JSON.parse(readFileSync(files[1] as string, 'utf8'));
    expect(doc.paths['/api/dev/outbox']).toBeUndefined();
    expect(Object.keys(doc.components.securitySchemes)).not.toContain('brokerToken');
  });

  it("names each operation's credential from its route's auth rule: a person's bearer token, or none", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId: string; security: unknown[] }>>;
    };
    const op = (path: string, method: string) => doc.paths[path]?.[method];
    expect(op('/api/alert/{id}/acknowledge', 'post')).toMatchObject({
      operationId: 'acknowledgeAlert',
      security: [{ bearer: [] }],
    });
    expect(op('/api/site/{id}', 'get')?.security).toEqual([{ bearer: [] }]);
    // Public: signing in, and the health check.
    expect(op('/api/login', 'post')?.security).toEqual([]);
    expect(op('/api/health', 'get')).toMatchObject({ operationId: 'getHealth', security: [] });
    // A device's own credential, not a person's.
    expect(op('/api/v1/monitoring/device/{uuid}', 'post')?.security).toEqual([{ deviceKey: [] }]);
  });
});

describe('the API reference page', () => {
  it('GET /api/docs is HTML whose scripts and styles all come from this server', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // The app's own policy: scripts from this origin only, none inline.
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    const assets = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(assets.filter((a) => a.endsWith('.js'))).toHaveLength(3);
    expect(res.body).not.toMatch(/<script>|<script [^>]*>[^<\s]/);
    for (const asset of assets) {
      expect(asset, asset).toMatch(/^\/api\/docs\/static\//);
      const file = await t.app.inject({ method: 'GET', url: asset });
      expect(file.statusCode, asset).toBe(200);
      // Swagger UI's files keep their names from one version to the next: never kept, or an upgrade shows stale ones.
      expect(file.headers['cache-control'], asset).toBe('no-store');
    }
    expect(res.headers['cache-control']).toBe('no-store');
    // The document it shows is the served one.
    const shown = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const served = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(shown.json()).toEqual(served.json());
    expect(shown.json().info.title).toBe('vNOC API');
  });
});
