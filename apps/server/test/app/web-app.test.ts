import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper.js';

/** The built web app: every app path answers index.html, to GET and to HEAD (link checkers, proxies). */
let t: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'ms-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Merchant</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
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
});
