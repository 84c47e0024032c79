import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { readEnv } from '../../src/config/env.js';
import { createTestApp, type TestApp } from '../helper.js';

/** The security headers a browser reads, on the app, its service worker, the API and the docs. */
let t: TestApp;
let app: FastifyInstance;
// The build's one inline script (it starts a signed-in page's downloads early): allowed by its hash.
const INLINE = "(function(){if(localStorage.getItem('ms.session'))document.title='x'})()";
const inlineHash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;

beforeAll(async () => {
  t = await createTestApp();
  const dataDir = mkdtempSync(join(tmpdir(), 'ms-headers-'));
  const webDist = join(dataDir, 'web');
  mkdirSync(webDist);
  writeFileSync(
    join(webDist, 'index.html'),
    `<!doctype html><title>Merchant</title><script type="module" src="/assets/a.js"></script><script>${INLINE}</script>`,
  );
  writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  app = await buildApp({
    env: {
      ...readEnv([], {
        DATA_DIR: dataDir,
        JWT_SECRET: 'test-secret-0123456789-abcdefghij',
        TRUST_PROXY: '1',
      }),
      webDist,
    },
    db: t.db,
    notifier: t.notifier,
    jobs: t.jobs,
    logger: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const directives = (csp: string | undefined) =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it.each(['/', '/pos', '/sw.js', '/v1/auth/check/ada@example.ng', '/docs/static/index.html'])(
    '%s carries the CSP, nosniff, no framing and a referrer policy',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBeLessThan(400);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
      // The barcode scanner compiles WebAssembly; nothing else runs but the app's own scripts (its
      // files, and the one inline script of its index.html, by hash).
      expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", inlineHash]);
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(csp['worker-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      // A shop's server on its LAN answers plain HTTP: nothing may force its requests to https.
      expect(csp).not.toHaveProperty('upgrade-insecure-requests');
      expect(res.headers).not.toHaveProperty('strict-transport-security');
    },
  );

  it('sends HSTS only when served over TLS (a trusted proxy saying https)', async () => {
    const tls = await app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await app.inject({ method: 'GET', url: '/' });
    expect(plain.headers).not.toHaveProperty('strict-transport-security');
  });

  it('the test app (default configuration) sends them too', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/auth/check/ada@example.ng' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
