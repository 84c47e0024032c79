import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSyncData, type ProductSyncData } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';
import { call, createOk, v2, type Owner } from './products-helper.js';

let t: TestApp;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t);
});
afterAll(async () => t.close());

const syncUrl = (businessId: string, query: string) => `/v2/businesses/${businessId}/products?${query}`;
const listUrl = (businessId: string, query: string) =>
  `/v2/business/${businessId}/products/sync/list?${query}`;

const sync = async (who: Owner, query: string, url = syncUrl): Promise<ProductSyncData> => {
  const res = await call(t, who, 'GET', url(who.businessId, query));
  expect(res.statusCode, res.body).toBe(200);
  return productSyncData.parse(res.json().data);
};

describe('GET /v2/businesses/{b}/products (incremental download)', () => {
  it('sends every live product first, then only changes and the ids removed since', async () => {
    const a = await createOk(t, owner, { name: 'A', selling_price: 1 });
    const b = await createOk(t, owner, { name: 'B', selling_price: 1 });
    const c = await createOk(t, owner, { name: 'C', selling_price: 1 });
    const first = await sync(owner, '');
    expect(first.items.map((p) => p.name)).toEqual(['A', 'B', 'C']);
    expect(first.metaData.recordsRemoved).toEqual([]);
    expect(first.metaData.hasMore).toBe(false);
    // Just past the newest change, in whole ms.
    expect(first.metaData.lastUpdate).toBe(Date.parse(c.updated_at) + 1);

    const nothing = await sync(owner, `updated_at=${first.metaData.lastUpdate}`);
    expect(nothing.items).toEqual([]);
    expect(nothing.metaData).toMatchObject({
      recordsRemoved: [],
      hasMore: false,
      lastUpdate: first.metaData.lastUpdate,
    });

    await call(t, owner, 'PATCH', `/v1/businesses/${owner.businessId}/products/${a.id}`, { name: 'A2' });
    await call(t, owner, 'DELETE', `${v2(owner.businessId)}/${b.id}`);
    const d = await createOk(t, owner, { name: 'D', selling_price: 1 });
    const changes = await sync(owner, `updated_at=${first.metaData.lastUpdate}`);
    expect(changes.items.map((p) => p.name)).toEqual(['A2', 'D']);
    expect(changes.metaData.recordsRemoved).toEqual([b.id]);
    expect(changes.metaData.lastUpdate).toBe(Date.parse(d.updated_at) + 1);

    // A stock change counts as a change of the product.
    await call(t, owner, 'PATCH', `${v2(owner.businessId)}/stocks`, {
      store_id: owner.storeId,
      items: [{ product_id: c.id, stock: 5 }],
    });
    const stock = await sync(owner, `updated_at=${changes.metaData.lastUpdate}`);
    expect(stock.items.map((p) => [p.name, p.stock])).toEqual([['C', 5]]);

    // The other path gives the same answer.
    const viaList = await sync(owner, `updated_at=${first.metaData.lastUpdate}`, listUrl);
    expect(viaList.items.map((p) => p.name)).toEqual(['A2', 'D', 'C']);
    expect(viaList.metaData.recordsRemoved).toEqual([b.id]);
  });

  it('pages by limit without gaps or repeats, even when many rows share a millisecond', async () => {
    const biz = await signUp(t);
    // 30 products in 7 milliseconds (several in the same ms, some on the exact same instant), 4 of them deleted.
    const base = Date.UTC(2024, 0, 1, 12, 0, 0, 0);
    const rows = Array.from({ length: 30 }, (_, i) => {
      const ms = base + Math.floor(i / 5);
      const micro = i % 5 === 4 ? 0 : (i % 5) * 100;
      return {
        id: newId(),
        at: `${new Date(ms).toISOString().replace('Z', '')}${String(micro).padStart(3, '0')}Z`,
        deleted: i % 7 === 3,
      };
    });
    // Inserted with their timestamps as text: microseconds kept (a JS Date holds whole ms only).
    for (const r of rows)
      await sql`INSERT INTO products (business_id, id, name, created_at, updated_at, deleted_at)
        VALUES (${biz.businessId}::uuid, ${r.id}::uuid, ${`P ${r.id.slice(-5)}`}, ${r.at}::timestamptz,
          ${r.at}::timestamptz, ${r.deleted ? r.at : null}::timestamptz)`.execute(t.db);

    for (const [start, expectLive, expectRemoved] of [
      ['', rows.filter((r) => !r.deleted), []],
      ['updated_at=0', rows.filter((r) => !r.deleted), rows.filter((r) => r.deleted)],
    ] as const) {
      const seen: string[] = [];
      const removed: string[] = [];
      let query: string = `limit=4${start ? `&${start}` : ''}`;
      let pages = 0;
      for (;;) {
        const page = await sync(biz, query);
        pages += 1;
        seen.push(...page.items.map((p) => p.id));
        removed.push(...page.metaData.recordsRemoved);
        if (!page.metaData.hasMore) break;
        expect(page.items.length + page.metaData.recordsRemoved.length).toBeGreaterThanOrEqual(4);
        query = `limit=4&updated_at=${page.metaData.lastUpdate}`;
        if (pages > 40) throw new Error('sync never ended');
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.sort()).toEqual(expectLive.map((r) => r.id).sort());
      // From scratch, later pages may name tombstones the device never had: harmless, and never a live one.
      const deleted = new Set(rows.filter((r) => r.deleted).map((r) => r.id));
      expect(removed.every((id) => deleted.has(id))).toBe(true);
      if (start) expect(removed.sort()).toEqual(expectRemoved.map((r) => r.id).sort());
      expect(pages).toBeGreaterThan(2);
    }
  });

  it('lets a cashier download; 401 without token, 404 for another business, 400 for a bad updated_at', async () => {
    const cashier = await addCashier(t, owner);
    expect((await call(t, cashier, 'GET', syncUrl(owner.businessId, ''))).statusCode).toBe(200);
    expect((await call(t, undefined, 'GET', syncUrl(owner.businessId, ''))).statusCode).toBe(401);
    expect((await call(t, owner, 'GET', syncUrl(other.businessId, ''))).statusCode).toBe(404);
    expect((await call(t, owner, 'GET', listUrl(other.businessId, ''))).statusCode).toBe(404);
    const bad = await call(t, owner, 'GET', syncUrl(owner.businessId, 'updated_at=yesterday'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('updated_at');
    const big = await call(t, owner, 'GET', syncUrl(owner.businessId, 'limit=9000'));
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toContain('limit');
  });
});
