import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalePage } from '@ms/contracts';
import { createTestApp, type TestApp } from '../helper.js';
import { dataOf } from '../inventory/inventory-helper.js';
import { openTill, saleBody, salesWorld, type Sale, type SalesWorld } from './sales-helper.js';

let t: TestApp;
let w: SalesWorld;
let url: string;
let refunded: Sale;
let owing: Sale;

const kobo = (n: number) => Math.round(n * 100);

const sell = async (
  who: 'owner' | 'cashier',
  storeId: string,
  items: unknown[],
  extra: Record<string, unknown>,
) => dataOf<Sale>(await w.call(w[who], 'POST', '/v1/sales/', saleBody(storeId, items, extra)), 201);

const list = async (query: string) => dataOf<SalePage>(await w.call(w.owner, 'GET', `${url}?${query}`));

beforeAll(async () => {
  t = await createTestApp();
  w = await salesWorld(t);
  url = `/v2/business/${w.owner.businessId}/sales`;
  await openTill(w, w.owner.storeId, 0);
  const rice = (quantity: number) => [{ _id: w.rice.productId, quantity }];
  // ₦3,000 cash, then one unit (₦1,000) refunded; ₦1,000 card by the owner; ₦2,000 with ₦500 paid
  // now and the rest later; ₦200 by card in the Lekki branch.
  refunded = await sell('cashier', w.owner.storeId, rice(3), {
    payments: [{ method: 'cash', amount: 3000 }],
  });
  dataOf(
    await w.call(w.cashier, 'POST', `/v1/sales/${refunded.id}/refunds`, {
      lines: [{ line_id: refunded.items[0]!._id, quantity: 1 }],
      to: 'cash',
    }),
    201,
  );
  await sell('owner', w.owner.storeId, rice(1), { payments: [{ method: 'card', amount: 1000 }] });
  owing = await sell('cashier', w.owner.storeId, rice(2), {
    payments: [{ method: 'cash', amount: 500 }],
    pay_later: true,
  });
  await sell('owner', w.branch, [{ _id: w.service.productId, quantity: 1 }], {
    payments: [{ method: 'card', amount: 200 }],
  });
});
afterAll(async () => {
  await t.close();
});

describe('v2 sales list: totals of the whole filtered range', () => {
  it('are the same on every page and equal the sum of the sales over all pages', async () => {
    const first = await list('limit=3&page=1');
    const second = await list('limit=3&page=2');
    expect(first.items).toHaveLength(3);
    expect(second.items).toHaveLength(1);
    expect(second.totals).toEqual(first.totals);
    const rows = [...first.items, ...second.items];
    const sum = (pick: (s: SalePage['items'][number]) => number) =>
      rows.reduce((n, s) => n + kobo(pick(s)), 0) / 100;
    expect(first.totals).toEqual({
      count: 4,
      total: sum((s) => s.total),
      amount_paid: sum((s) => s.amount_paid),
      owed: sum((s) => s.balance),
      refunded: sum((s) => s.refunded_total),
      by_method: [
        { method: 'cash', method_label: 'Cash', amount: 3500 },
        { method: 'card', method_label: 'Card', amount: 1200 },
      ],
    });
    // What the shop owner reads: ₦6,200 sold, ₦4,700 paid, ₦1,500 owed, ₦1,000 refunded.
    expect(first.totals).toMatchObject({ total: 6200, amount_paid: 4700, owed: 1500, refunded: 1000 });
    expect(first.total).toBe(4);
  });

  it('follow the filters: store, status, user, customer, receipt number and days', async () => {
    expect((await list(`store=${w.branch}`)).totals).toEqual({
      count: 1,
      total: 200,
      amount_paid: 200,
      owed: 0,
      refunded: 0,
      by_method: [{ method: 'card', method_label: 'Card', amount: 200 }],
    });
    expect((await list('status=partially_paid')).totals).toMatchObject({
      count: 1,
      total: 2000,
      amount_paid: 500,
      owed: 1500,
    });
    expect((await list('status=partially_refunded')).totals).toMatchObject({
      count: 1,
      total: 3000,
      refunded: 1000,
    });
    expect((await list(`user=${w.owner.userId}`)).totals).toMatchObject({ count: 2, total: 1200 });
    expect((await list(`search=${owing.receipt_number}`)).totals).toMatchObject({ count: 1, owed: 1500 });
    expect((await list(`customer=${w.customerId}`)).totals).toEqual({
      count: 0,
      total: 0,
      amount_paid: 0,
      owed: 0,
      refunded: 0,
      by_method: [],
    });
    expect((await list('from=2999-01-01')).totals.count).toBe(0);
    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).totals.count).toBe(4);
  });

  it('a cashier only gets the totals of their stores', async () => {
    const mine = dataOf<SalePage>(await w.call(w.cashier, 'GET', url));
    expect(mine.totals).toMatchObject({ count: 3, total: 6000 });
    // A later payment shows under its method.
    dataOf(
      await w.call(
        w.cashier,
        'PATCH',
        `/v1/sales/${owing.id}/businesses/${w.owner.businessId}/payment/card`,
        {
          amount: 1500,
        },
      ),
    );
    const after = dataOf<SalePage>(await w.call(w.cashier, 'GET', url));
    expect(after.totals).toMatchObject({ owed: 0, amount_paid: 6000 });
    expect(after.totals.by_method).toEqual([
      { method: 'cash', method_label: 'Cash', amount: 3500 },
      { method: 'card', method_label: 'Card', amount: 2500 },
    ]);
  });
});
