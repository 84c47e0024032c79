import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsData, Sale } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { createTestApp, type TestApp } from '../helper.js';
import { dataOf, messageOf, OTHER_UUID } from '../inventory/inventory-helper.js';
import { addCashier } from '../helper.js';
import { openTill, salesWorld, type SalesWorld } from '../sales/sales-helper.js';

let t: TestApp;
let w: SalesWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await salesWorld(t);
  await openTill(w, w.owner.storeId, 0);
  await openTill(w, w.branch, 0);
});
afterAll(async () => {
  await t.close();
});

const sell = async (storeId: string, quantity: number, payments: { method: string; amount: number }[]) =>
  dataOf<Sale>(
    await w.call(w.owner, 'POST', '/v1/sales/', {
      _id: newId(),
      store_id: storeId,
      items: [{ _id: w.rice.productId, quantity }],
      payments,
    }),
    201,
  );

const payments = (who: { token: string } | null, query: string, businessId = w.owner.businessId) =>
  w.call(who, 'GET', `/v1/payments/single/businesses/${businessId}${query}`);

/** Every page of the batch download from `updatedAt`, as the offline engine asks for them. */
const downloadAll = async (who: { token: string }, updatedAt: number | undefined, limit: number) => {
  const pages: PaymentsData[] = [];
  let since = updatedAt;
  for (;;) {
    const page = dataOf<PaymentsData>(
      await payments(
        who,
        `?batchsync=true&limit=${limit}${since === undefined ? '' : `&updated_at=${since}`}`,
      ),
    );
    pages.push(page);
    since = page.metaData.lastUpdate;
    if (!page.metaData.hasMore) return pages;
    expect(pages.length).toBeLessThan(50);
  }
};

describe('GET /v1/payments/single/businesses/{b}', () => {
  it('downloads sale payments and refunds page by page, then only what changed, with removed records', async () => {
    const a = await sell(w.owner.storeId, 1, [{ method: 'cash', amount: 1000 }]);
    const b = await sell(w.owner.storeId, 2, [
      { method: 'fixed_account', amount: 1500 },
      { method: 'cash', amount: 500 },
    ]);
    const c = await sell(w.branch, 3, [{ method: 'card', amount: 3000 }]);
    const refunded = dataOf<Sale>(
      await w.call(w.owner, 'POST', `/v1/sales/${c.id}/refunds`, {
        lines: [{ line_id: c.items[0]!._id, quantity: 1 }],
        to: 'cash',
      }),
      201,
    );
    expect(refunded.refunds).toHaveLength(1);

    const pages = await downloadAll(w.owner, undefined, 2);
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.flatMap((p) => p.item.list_of_payments);
    const ids = all.map((p) => p._id);
    expect(new Set(ids).size).toBe(ids.length);
    // The "bank transfer (fixed)" payment is not money yet: it is listed as its transfer when that lands.
    const expected = [...a.payments, ...b.payments, ...c.payments]
      .filter((p) => p.method !== 'fixed_account')
      .map((p) => p._id);
    expect(ids).toEqual(expect.arrayContaining([...expected, refunded.refunds[0]!._id]));
    expect(all).toHaveLength(expected.length + 1);
    const refund = all.find((p) => p.kind === 'refund');
    expect(refund).toMatchObject({
      sale_id: c.id,
      amount: -1000,
      method: 'cash',
      store_id: w.branch,
      receipt_number: c.receipt_number,
    });
    expect(all.find((p) => p.method === 'fixed_account')).toBeUndefined();
    expect(all.find((p) => p.sale_id === b.id)).toMatchObject({
      amount: 500,
      method: 'cash',
      kind: 'sale_payment',
    });
    // Each page's total is the sum of its list; over all pages: 1,000 + 500 + 3,000 − 1,000.
    expect(pages.reduce((sum, p) => sum + p.item.total_value_payments, 0)).toBe(3500);
    const last = pages.at(-1)!.metaData.lastUpdate;

    // Nothing new: nothing listed.
    const nothing = dataOf<PaymentsData>(await payments(w.owner, `?batchsync=true&updated_at=${last}`));
    expect(nothing.item).toEqual({ total_value_payments: 0, list_of_payments: [] });
    expect(nothing.metaData).toMatchObject({ recordsRemoved: [], hasMore: false, lastUpdate: last });

    // A new payment and a sale removed since: only the payment, and the removed sale's payments.
    const d = await sell(w.owner.storeId, 1, [{ method: 'cash', amount: 1000 }]);
    await t.db.updateTable('sales').set({ deleted_at: new Date() }).where('id', '=', a.id).execute();
    const changed = await downloadAll(w.owner, last, 100);
    expect(changed.flatMap((p) => p.item.list_of_payments.map((x) => x._id))).toEqual(
      d.payments.map((p) => p._id),
    );
    expect(changed.flatMap((p) => p.metaData.recordsRemoved)).toEqual(a.payments.map((p) => p._id));
    expect(changed.at(-1)!.metaData.lastUpdate).toBeGreaterThan(last);

    // Without updated_at (a clean slate) the removed sale's payments are gone.
    const fresh = (await downloadAll(w.owner, undefined, 1000)).flatMap((p) => p.item.list_of_payments);
    expect(fresh.map((p) => p._id)).not.toContain(a.payments[0]!._id);

    // The date-range form: today's payments (Lagos), totalled.
    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    const range = dataOf<PaymentsData>(await payments(w.owner, `?startdate=${today}&enddate=${today}`));
    expect(range.item.list_of_payments).toHaveLength(fresh.length);
    expect(range.item.total_value_payments).toBe(3500);
    const plain = dataOf<PaymentsData>(await payments(w.owner, ''));
    expect(plain.item.total_value_payments).toBe(3500);
    const longAgo = dataOf<PaymentsData>(await payments(w.owner, '?startdate=2020-01-01&enddate=2020-01-31'));
    expect(longAgo.item).toEqual({ total_value_payments: 0, list_of_payments: [] });

    // A cashier of the main store sees that store's payments only.
    const cashier = await addCashier(t, w.owner);
    const mine = (await downloadAll(cashier, undefined, 1000)).flatMap((p) => p.item.list_of_payments);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((p) => p.store_id === w.owner.storeId)).toBe(true);
  });

  it('401 without a token, 403 for a role without payments or sales history, 404 for another business, 400 naming the field', async () => {
    expect((await payments(null, '?batchsync=true')).statusCode).toBe(401);
    expect((await payments(w.keeper, '?batchsync=true')).statusCode).toBe(403);
    expect((await payments(w.owner, '?batchsync=true', w.other.businessId)).statusCode).toBe(404);
    expect((await payments(w.owner, '?batchsync=true', OTHER_UUID)).statusCode).toBe(404);
    const bad = await payments(w.owner, '?batchsync=yes');
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('batchsync');
    const badDate = await payments(w.owner, '?startdate=2024-02-30');
    expect(badDate.statusCode).toBe(400);
    expect(messageOf(badDate)).toContain('startdate');
    const badSince = await payments(w.owner, '?batchsync=true&updated_at=yesterday');
    expect(messageOf(badSince)).toContain('updated_at');
    const reversed = await payments(w.owner, '?startdate=2024-02-10&enddate=2024-02-01');
    expect(reversed.statusCode).toBe(400);
    expect(messageOf(reversed)).toContain('enddate');
  });
});

describe('GET /v1/stores/businesses/{b} (offline stores table)', () => {
  it('answers what changed since updated_at and lists stores removed since', async () => {
    const url = (q = '') => `/v1/stores/businesses/${w.owner.businessId}${q}`;
    type Stores = {
      items: { _id: string; name: string }[];
      metaData: { lastUpdate: number; recordsRemoved: string[] };
    };
    const first = dataOf<Stores>(await w.call(w.owner, 'GET', url()));
    expect(first.items.map((s) => s._id)).toEqual(expect.arrayContaining([w.owner.storeId, w.branch]));
    const since = first.metaData.lastUpdate;
    dataOf(await w.call(w.owner, 'PATCH', `/v2/stores/${w.branch}`, { name: 'Lekki Phase 1' }));
    await t.db
      .updateTable('stores')
      .set({ deleted_at: new Date() })
      .where('id', '=', w.owner.storeId)
      .execute();
    const changed = dataOf<Stores>(await w.call(w.owner, 'GET', url(`?updated_at=${since}`)));
    expect(changed.items.map((s) => [s._id, s.name])).toEqual([[w.branch, 'Lekki Phase 1']]);
    expect(changed.metaData.recordsRemoved).toEqual([w.owner.storeId]);
    expect(changed.metaData.lastUpdate).toBeGreaterThan(since);
    await t.db.updateTable('stores').set({ deleted_at: null }).where('id', '=', w.owner.storeId).execute();
  });
});
