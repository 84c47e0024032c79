import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Register,
  RegisterDetail,
  Sale,
  SettleUnregisteredCashData,
  UnregisteredCash,
  UploadResult,
} from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { createTestApp, type TestApp } from '../helper.js';
import { dataOf, messageOf, OTHER_UUID } from '../inventory/inventory-helper.js';
import { openTill, registerCashFor, salesWorld, type SalesWorld } from '../sales/sales-helper.js';

let t: TestApp;
let w: SalesWorld;
/** The owner's store's register, closed while the offline sales land. */
let till: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await salesWorld(t);
  till = await openTill(w, w.owner.storeId, 0);
  dataOf(await w.call(w.owner, 'PUT', `/v1/registries/${till}/close`, { counted_cash: 0 }));
});
afterAll(async () => {
  await t.close();
});

const listUrl = (businessId: string, query = '') =>
  `/v1/registries/businesses/${businessId}/unregistered-cash${query}`;
const settleUrl = (registerId: string) => `/v1/registries/${registerId}/unregistered-cash`;

/** A sale made offline (rice at ₦1,000 each) paid in cash, uploaded while no register of the store is open. */
const offlineCashSale = async (quantity = 1) => {
  const sale = {
    _id: newId(),
    store_id: w.owner.storeId,
    items: [{ _id: w.rice.productId, quantity }],
    payments: [{ method: 'cash', amount: 1000 * quantity }],
    offline_date: Date.now() - 60_000,
    is_offline_data: true,
  };
  const res = await w.call(w.cashier, 'POST', `/v2/business/${w.owner.businessId}/sales/offline/sync`, {
    sales: [sale],
  });
  const [result] = dataOf<{ results: UploadResult<Sale>[] }>(res).results;
  expect(result).toMatchObject({ outcome: 'accepted', data: { register_id: null } });
  return result!.data!;
};

const unregistered = async (query = `?store_id=${w.owner.storeId}`) =>
  dataOf<UnregisteredCash>(await w.call(w.owner, 'GET', listUrl(w.owner.businessId, query)));

describe('cash of offline sales that no register took', () => {
  it('lists them with the total; counting them in puts the cash in the open session once', async () => {
    const a = await offlineCashSale(1);
    const b = await offlineCashSale(2);
    const before = await unregistered();
    expect(before.total).toBe(3000);
    expect(before.sales).toEqual([
      expect.objectContaining({
        sale_id: a._id,
        receipt_number: a.receipt_number,
        store_id: w.owner.storeId,
        amount: 1000,
        cashier_name: expect.stringMatching(/\S/),
      }),
      expect.objectContaining({ sale_id: b._id, amount: 2000 }),
    ]);
    expect(before.sales[0]!.offline_date).not.toBeNull();
    // Every store the owner sees: the same sales.
    expect((await unregistered('')).total).toBe(3000);

    // No register open: refused, nothing moves.
    const closed = await w.call(w.owner, 'POST', settleUrl(till), { sale_ids: [a._id] });
    expect(closed.statusCode).toBe(409);
    expect((await unregistered()).total).toBe(3000);

    dataOf(await w.call(w.owner, 'PUT', `/v1/registries/${till}/open`, { float: 200 }));
    const settled = dataOf<SettleUnregisteredCashData>(
      await w.call(w.cashier, 'POST', settleUrl(till), { sale_ids: [a._id, b._id] }),
    );
    expect(settled.amount).toBe(3000);
    expect([...settled.settled_sale_ids].sort()).toEqual([a._id, b._id].sort());
    expect(settled.register.expected_cash).toBe(3200);
    expect(await unregistered()).toEqual({ sales: [], total: 0 });

    // The register's session counts the cash as sales, each movement naming its sale.
    const detail = dataOf<RegisterDetail>(await w.call(w.owner, 'GET', `/v1/registries/${till}`));
    expect(detail.expected_cash).toBe(3200);
    expect(detail.session?.totals.sales).toBe(3000);
    expect(detail.movements.filter((m) => m.kind === 'sale').map((m) => m.reference_id)).toEqual(
      expect.arrayContaining([a._id, b._id]),
    );
    const sale = dataOf<Sale>(
      await w.call(w.owner, 'GET', `/v1/sales/${a._id}/businesses/${w.owner.businessId}`),
    );
    expect(sale.register_id).toBe(till);

    // Closing counts it in the expected cash.
    const close = dataOf<{ expected_cash: number }>(
      await w.call(w.owner, 'PUT', `/v1/registries/${till}/close`, { counted_cash: 3200 }),
    );
    expect(close.expected_cash).toBe(3200);
  });

  it('settling the same sale twice, or twice at once, records its cash once', async () => {
    const sale = await offlineCashSale();
    dataOf(await w.call(w.owner, 'PUT', `/v1/registries/${till}/open`, { float: 0 }));
    const [r1, r2] = await Promise.all([
      w.call(w.owner, 'POST', settleUrl(till), { sale_ids: [sale._id] }),
      w.call(w.owner, 'POST', settleUrl(till), { sale_ids: [sale._id] }),
    ]);
    const amounts = [dataOf<SettleUnregisteredCashData>(r1), dataOf<SettleUnregisteredCashData>(r2)]
      .map((d) => d.amount)
      .sort();
    expect(amounts).toEqual([0, 1000]);
    const again = dataOf<SettleUnregisteredCashData>(
      await w.call(w.owner, 'POST', settleUrl(till), { sale_ids: [sale._id] }),
    );
    expect(again).toMatchObject({ amount: 0, settled_sale_ids: [] });
    expect(again.register.expected_cash).toBe(1000);
    expect(await registerCashFor(t, w.owner.businessId, sale._id)).toBe(100_000);
    dataOf(await w.call(w.owner, 'PUT', `/v1/registries/${till}/close`, { counted_cash: 1000 }));
  });

  it('401 without a token, 403 without the permission, 404 across businesses, 400 naming the field', async () => {
    const sale = await offlineCashSale();
    const body = { sale_ids: [sale._id] };
    expect((await w.call(null, 'GET', listUrl(w.owner.businessId))).statusCode).toBe(401);
    expect((await w.call(null, 'POST', settleUrl(till), body)).statusCode).toBe(401);
    expect((await w.call(w.keeper, 'GET', listUrl(w.owner.businessId))).statusCode).toBe(403);
    expect((await w.call(w.keeper, 'POST', settleUrl(till), body)).statusCode).toBe(403);

    // Another business: its id, its store, its register; a sale id it does not know.
    expect((await w.call(w.owner, 'GET', listUrl(w.other.businessId))).statusCode).toBe(404);
    const theirStore = await w.call(
      w.owner,
      'GET',
      listUrl(w.owner.businessId, `?store_id=${w.other.storeId}`),
    );
    expect(theirStore.statusCode).toBe(404);
    const theirTill = await openTill(
      { ...w, owner: w.other, call: w.otherCall } as unknown as SalesWorld,
      w.other.storeId,
    );
    expect((await w.call(w.owner, 'POST', settleUrl(theirTill), body)).statusCode).toBe(404);
    expect((await w.otherCall(w.other, 'POST', settleUrl(theirTill), body)).statusCode).toBe(404);
    dataOf(await w.call(w.owner, 'PUT', `/v1/registries/${till}/open`, { float: 0 }));
    expect((await w.call(w.owner, 'POST', settleUrl(till), { sale_ids: [OTHER_UUID] })).statusCode).toBe(404);

    const badStore = await w.call(w.owner, 'GET', listUrl(w.owner.businessId, '?store_id=nope'));
    expect(badStore.statusCode).toBe(400);
    expect(messageOf(badStore)).toContain('store_id');
    for (const bad of [{}, { sale_ids: [] }, { sale_ids: ['nope'] }, { sale_ids: 'x' }]) {
      const res = await w.call(w.owner, 'POST', settleUrl(till), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(messageOf(res)).toContain('sale_ids');
    }
    // Nothing was counted in by the refusals.
    expect((await unregistered()).sales.map((s) => s.sale_id)).toEqual([sale._id]);
    dataOf(await w.call(w.owner, 'PUT', `/v1/registries/${till}/close`, { counted_cash: 0 }));
  });

  it('a register of another store cannot take the sale', async () => {
    const sale = await offlineCashSale();
    const branchTill = await openTill(w, w.branch, 0);
    const res = await w.call(w.owner, 'POST', settleUrl(branchTill), { sale_ids: [sale._id] });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toContain('sale_ids');
    const list = dataOf<Register[]>(
      await w.call(w.owner, 'GET', `/v1/registries/businesses/${w.owner.businessId}?store_id=${w.branch}`),
    );
    expect(list.find((r) => r.id === branchTill)?.expected_cash).toBe(0);
  });
});
