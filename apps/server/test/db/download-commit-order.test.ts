import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capDownload } from '../../src/db/snapshot.js';
import { newId } from '../../src/lib/ids.js';
import { seedStore } from '../catalogue/fixtures.js';
import type { TestApp } from '../helper.js';
import { createTestApp } from '../helper.js';
import { makeInvoice } from '../invoices/invoice-helper.js';
import { dataOf } from '../inventory/inventory-helper.js';
import { saleBody, salesWorld, type SalesWorld } from '../sales/sales-helper.js';

/**
 * Incremental downloads and commit order (db/snapshot.ts `downloadHorizon`): a row's `updated_at` is
 * taken when it is written, but it becomes visible only when its transaction commits. A transaction
 * that writes a row and commits late must not be passed by a download's cursor that another row,
 * written later and committed first, moved on — or that row never reaches the device. Each table the
 * devices download is tried: X is touched in a transaction held open, Y is touched and committed
 * meanwhile, a device downloads (Y, not X), the transaction commits, and the device's next download
 * from its cursor must bring X. Two connections at once are needed, so this runs on PostgreSQL.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('downloads never pass a late commit (PostgreSQL)', () => {
  let t: TestApp;
  let w: SalesWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await salesWorld(t);
  });
  afterAll(async () => t?.close());

  type Download = { table: string; url: (since?: number) => string; ids: () => Promise<[string, string]> };

  const b = () => w.owner.businessId;
  const q = (since?: number) => (since === undefined ? '' : `updated_at=${since}`);
  const sell = async () => {
    const res = await w.call(
      w.owner,
      'POST',
      '/v1/sales/',
      saleBody(w.owner.storeId, [{ _id: w.service.productId, quantity: 1 }], {
        payments: [{ method: 'card', amount: 200 }],
      }),
    );
    return dataOf<{ id: string }>(res, 201).id;
  };
  const category = async (name: string) => {
    const res = await w.call(w.owner, 'POST', `/v2/business/${b()}/product/categories`, { name });
    return dataOf<{ _id: string }>(res, 201)._id;
  };
  const option = async (name: string) => {
    const res = await w.call(w.owner, 'POST', `/v1/payments/customoptions/businesses/${b()}`, { name });
    return dataOf<{ _id: string }>(res, 201)._id;
  };
  const client = async (first_name: string) => {
    const res = await w.call(w.owner, 'POST', '/v1/customers/', { first_name, last_name: 'Okafor' });
    return dataOf<{ _id: string }>(res, 201)._id;
  };

  const downloads: Download[] = [
    {
      table: 'products',
      url: (s) => `/v2/business/${b()}/products/sync/list?${q(s)}`,
      ids: async () => [w.rice.productId, w.shirt.productId],
    },
    {
      table: 'stores',
      url: (s) => `/v1/stores/businesses/${b()}?${q(s)}`,
      ids: async () => [w.owner.storeId, await seedStore(t, b(), `Ikeja ${newId().slice(0, 4)}`)],
    },
    {
      table: 'customers',
      url: (s) => `/v2/customers/businesses/${b()}?${q(s)}`,
      ids: async () => [await client('Ada'), await client('Bisi')],
    },
    {
      table: 'categories',
      url: (s) => `/v2/businesses/${b()}/collections?${q(s)}`,
      ids: async () => [await category('Drinks'), await category('Snacks')],
    },
    {
      table: 'payment_options',
      url: (s) => `/v1/payments/customoptions/businesses/${b()}?${q(s)}`,
      ids: async () => [await option('POS Moniepoint'), await option('OPay')],
    },
    {
      table: 'sales',
      url: (s) => `/v1/sales/businesses/${b()}/all?${q(s)}`,
      ids: async () => [await sell(), await sell()],
    },
    {
      table: 'invoices',
      url: (s) => `/v1/invoices/businesses/${b()}?${q(s ?? 0)}`,
      ids: async () => {
        const c = await client('Chidi');
        return [(await makeInvoice(t, w.owner, c))._id, (await makeInvoice(t, w.owner, c))._id];
      },
    },
  ];

  /** What a device gets from one download: every id in the answer, and its cursor. */
  const download = async (d: Download, since?: number) => {
    const res = await t.request({ method: 'GET', url: d.url(since), token: w.owner.token });
    expect(res.statusCode, `${d.table}: ${res.body}`).toBe(200);
    const data = res.json().data as { metaData: { lastUpdate: number } };
    return { ids: res.body, cursor: data.metaData.lastUpdate };
  };

  const touch = (db: TestApp['db'], table: string, id: string) =>
    sql`UPDATE ${sql.table(table)} SET updated_at = clock_timestamp()
        WHERE business_id = ${b()}::uuid AND id = ${id}::uuid`.execute(db);

  for (const d of downloads)
    it(`${d.table}: a row committed after a later one still reaches the device`, async () => {
      const [x, y] = await d.ids();
      const { cursor: start } = await download(d);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let touched!: () => void;
      const xWritten = new Promise<void>((resolve) => (touched = resolve));
      const slow = t.db.transaction().execute(async (tx) => {
        await touch(tx, d.table, x);
        touched();
        await held;
      });
      await xWritten;
      let first: Awaited<ReturnType<typeof download>>;
      try {
        await new Promise((r) => setTimeout(r, 20));
        await touch(t.db, d.table, y);
        first = await download(d, start);
        expect(first.ids, `${d.table}: the committed row is sent`).toContain(y);
        expect(first.ids, `${d.table}: the open transaction's row is not seen yet`).not.toContain(x);
      } finally {
        release();
        await slow;
      }
      const next = await download(d, first.cursor);
      expect(next.ids, `${d.table}: the late commit reaches the device`).toContain(x);
    });
});

describe('capDownload', () => {
  it('keeps a cursor short of the horizon, never before the device’s own; a cut page is the last', () => {
    expect(capDownload({ lastUpdate: 900, hasMore: true }, 1_000, 100)).toEqual({
      lastUpdate: 900,
      hasMore: true,
    });
    expect(capDownload({ lastUpdate: 1_500, hasMore: true }, 1_000, 100)).toEqual({
      lastUpdate: 1_000,
      hasMore: false,
    });
    expect(capDownload({ lastUpdate: 1_500 }, 1_000, 1_200)).toEqual({ lastUpdate: 1_200 });
    expect(capDownload({ lastUpdate: 1_500 }, 1_000, undefined)).toEqual({ lastUpdate: 1_000 });
  });
});
