import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../helper.js';

/** Shops are on slow, metered connections: big answers go compressed when the client accepts it. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  for (let i = 0; i < 25; i++) {
    const res = await t.request({
      method: 'POST',
      url: `/v2/business/${owner.businessId}/products/`,
      token: owner.token,
      body: { name: `Golden Penny Spaghetti 500g carton ${i}`, selling_price: 1200 + i },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

const syncPage = (encoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/v2/business/${owner.businessId}/products/sync/list`,
    headers: {
      authorization: `Bearer ${owner.token}`,
      deviceid: 'test-device-1',
      ...(encoding ? { 'accept-encoding': encoding } : {}),
    },
  });

describe('compressed answers', () => {
  it('sends a products sync page with brotli or gzip, much smaller, the same JSON inside', async () => {
    const plain = await syncPage();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const items = JSON.parse(plain.body).data.items;
    expect(items).toHaveLength(25);

    const br = await syncPage('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).data.items).toEqual(items);

    const gzip = await syncPage('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).data.items).toEqual(items);
  });

  it('leaves small answers as they are', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/check/nobody@example.ng',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
