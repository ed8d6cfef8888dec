import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HealthSchema } from '@vnoc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'vnoc-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>vNOC</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('HTTP surface', () => {
  it('GET /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(HealthSchema.parse(res.json())).toEqual({
      status: 'ok',
      version: '0.1.0',
      database: 'external',
      delivery: 'outbox',
    });
  });

  it('GET /api/openapi.json documents the account calls from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/login',
      '/api/access/register',
      '/api/access/validateTOTP',
      '/api/access/pwreset/{email}',
      '/api/userProfile',
      '/api/userProfile/mfa/getQRCodePdi',
      '/api/organization/username/{name}',
      '/api/dev/outbox',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    const login = doc.paths['/api/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties.username).toBeDefined();
    expect(login.responses['200']).toBeDefined();
    expect(login.responses['401']).toBeDefined();
  });

  it('sends a strict CSP and the other helmet headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data: blob: https:",
      "style-src 'self' 'unsafe-inline'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-expose-headers']).toBe('Authorization');
  });

  it('unknown /api paths answer a JSON 404, even for browsers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/does-not-exist',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ id: 'not_found', message: 'Not found.' });
  });

  it('serves the SPA, its assets, and index.html for client-side routes', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const route = await t.app.inject({
      method: 'GET',
      url: '/sites/123?tab=devices',
      headers: { accept: 'text/html,*/*' },
    });
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toContain('text/html');
    expect(route.body).toContain('<div id="root">');
    const missingAsset = await t.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(missingAsset.statusCode).toBe(404);
  });

  it('refuses bodies over 1 MiB', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a@b.example', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().id).toBe('invalid_input');
  });
});
