import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper.js';

/** The built web app: every app path answers index.html, to GET and to HEAD (link checkers, proxies). */
let t: TestApp;
const BIG = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};`;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'ms-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Merchant</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // A chunk as the build leaves it: compressed copies beside it.
  writeFileSync(join(webDist, 'assets', 'big-def456.js'), BIG);
  writeFileSync(join(webDist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG));
  writeFileSync(join(webDist, 'assets', 'big-def456.js.gz'), gzipSync(BIG));
  writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("install", () => {});');
  t = await createTestApp({ webDist });
});
afterAll(async () => t.close());

describe('the web app', () => {
  it.each(['/login', '/pos', '/customer-details?id=1'])('answers %s to GET and HEAD alike', async (url) => {
    const get = await t.app.inject({ method: 'GET', url });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toContain('text/html');
    expect(get.body).toContain('<div id="root">');
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    expect(head.body).toBe('');
  });

  it('answers HEAD for a file of the app, and never the app for an API path', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/assets/app-abc123.js' })).statusCode).toBe(200);
    const api = await t.app.inject({ method: 'HEAD', url: '/v1/nothing-here' });
    expect(api.statusCode).toBeGreaterThanOrEqual(400);
    expect(api.headers['content-type']).toContain('application/json');
  });

  it('keeps content-hashed files a year and checks the rest on every load', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/sw.js', '/login', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends the compressed copy the build made, as it is, to a browser that takes it', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(brotliCompressSync(BIG))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(BIG))).toBe(true);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG);
  });
});
