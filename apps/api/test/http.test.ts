import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { HealthSchema } from '@vnoc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
const BIG_SCRIPT = `export const rows = [${'"a row of text",'.repeat(400)}];\n`;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'vnoc-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>vNOC</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // As the build writes them (apps/web/vite.config.ts): .br and .gz beside the text assets.
  const big = path.join(webDist, 'assets', 'big-def456.js');
  writeFileSync(big, BIG_SCRIPT);
  writeFileSync(`${big}.br`, brotliCompressSync(BIG_SCRIPT));
  writeFileSync(`${big}.gz`, gzipSync(BIG_SCRIPT));
  const index = path.join(webDist, 'index.html');
  writeFileSync(`${index}.br`, brotliCompressSync(readFileSync(index)));
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

  it('sends the precompressed asset the browser accepts: brotli, else gzip, else the file itself', async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/big-def456.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    // The build's own file (best quality, no work per request), not one compressed on the fly.
    expect(br.rawPayload.equals(readFileSync(path.join(webDist, 'assets', 'big-def456.js.br')))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(readFileSync(path.join(webDist, 'assets', 'big-def456.js.gz')))).toBe(true);
    const identity = await get();
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(BIG_SCRIPT);
    // A client-side route gets index.html's brotli sibling, revalidated on every visit.
    const route = await t.app.inject({
      method: 'GET',
      url: '/alerts',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(route.headers['content-encoding']).toBe('br');
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(route.rawPayload).toString()).toContain('<div id="root">');
  });

  it('compresses API answers of 1 KB or more by negotiation (br, gzip, identity) and leaves small ones alone', async () => {
    const get = (url: string, encoding?: string) =>
      t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get('/api/openapi.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('/api/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const small = await get('/api/health', 'gzip, deflate, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().status).toBe('ok');
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
