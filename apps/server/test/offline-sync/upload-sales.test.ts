import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sale, UploadResult } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { createTestApp, type TestApp } from '../helper.js';
import { seedProduct, stockOf } from '../catalogue/fixtures.js';
import { dataOf, messageOf, OTHER_UUID } from '../inventory/inventory-helper.js';
import {
  expectLedgerBalanced,
  openTill,
  registerCashFor,
  salesWorld,
  type SalesWorld,
} from '../sales/sales-helper.js';

let t: TestApp;
let w: SalesWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await salesWorld(t);
  await openTill(w, w.owner.storeId, 0);
});
afterAll(async () => {
  await t.close();
});

const V1 = '/v1/sales/syncsale/';
const v2 = (businessId: string) => `/v2/business/${businessId}/sales/offline/sync`;

/** A sale made offline a minute ago (by default): one rice, paid ₦1,000 cash. */
const offlineSale = (extra: Record<string, unknown> = {}) => ({
  _id: newId(),
  store_id: w.owner.storeId,
  items: [{ _id: w.rice.productId, quantity: 1 }],
  payments: [{ method: 'cash', amount: 1000 }],
  offline_date: Date.now() - 60_000,
  is_offline_data: true,
  ...extra,
});

const upload = async (who: { token: string } | null, sales: unknown[], url = V1) =>
  w.call(who, 'POST', url, { sales });

const resultsOf = (res: Awaited<ReturnType<typeof upload>>) =>
  dataOf<{ results: UploadResult<Sale>[] }>(res).results;

const saleRow = (id: string) =>
  t.db
    .selectFrom('sales')
    .select([
      'id',
      'customer_id',
      'pending_customer_id',
      'register_id',
      'unregistered_cash_kobo',
      'is_offline_data',
    ])
    .where('id', '=', id)
    .executeTakeFirst();

describe('uploading offline sales', () => {
  it('records a batch through both routes, each answered in order, the sale marked as offline', async () => {
    const a = offlineSale();
    const b = offlineSale({
      items: [{ _id: w.shirt.productId, variety_id: w.shirt.varietyIds[1], quantity: 2 }],
    });
    const stock = await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId);
    const r1 = resultsOf(await upload(w.cashier, [a]));
    const r2 = resultsOf(await upload(w.cashier, [b], v2(w.owner.businessId)));
    expect(r1).toMatchObject([{ _id: a._id, outcome: 'accepted' }]);
    expect(r2).toMatchObject([{ _id: b._id, outcome: 'accepted' }]);
    expect(r1[0]?.data).toMatchObject({
      _id: a._id,
      total: 1000,
      is_offline_data: true,
      status: 'completed',
    });
    expect(new Date(r1[0]!.data!.offline_date!).getTime()).toBe(a.offline_date);
    expect(r2[0]?.data?.items[0]).toMatchObject({ name: 'Shirt (M)', quantity: 2, total: 1000 });
    expect(await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId)).toBe(stock - 1);
    expect(await registerCashFor(t, w.owner.businessId, a._id)).toBe(100_000);
    await expectLedgerBalanced(t, w.owner.businessId);
  });

  it('answers a mixed batch record by record: good, duplicate, malformed, unknown product, foreign store', async () => {
    const earlier = offlineSale();
    const first = resultsOf(await upload(w.cashier, [earlier]));
    const good = offlineSale();
    const malformed = offlineSale({ items: [{ _id: w.rice.productId, quantity: 0 }] });
    const unknown = offlineSale({ items: [{ _id: w.foreign.productId, quantity: 1 }] });
    const foreignStore = offlineSale({ store_id: w.other.storeId });
    const notAnObject = 42;
    const good2 = offlineSale({
      items: [{ _id: w.service.productId, quantity: 1 }],
      payments: [{ method: 'cash', amount: 200 }],
    });
    const res = await upload(w.cashier, [
      good,
      earlier,
      malformed,
      unknown,
      foreignStore,
      notAnObject,
      good2,
    ]);
    const results = resultsOf(res);
    expect(results.map((r) => [r._id, r.outcome, r.code])).toEqual([
      [good._id, 'accepted', undefined],
      [earlier._id, 'duplicate', undefined],
      [malformed._id, 'rejected', 'invalid'],
      [unknown._id, 'rejected', 'unknown_product'],
      [foreignStore._id, 'rejected', 'not_found'],
      ['', 'rejected', 'invalid'],
      [good2._id, 'accepted', undefined],
    ]);
    expect(results[1]?.data).toEqual(first[0]?.data);
    expect(results[2]?.reason).toBe('items[0].quantity: quantity must be at least 1');
    expect(results[3]?.reason).toContain("not in this business's catalogue");
    expect(results[4]?.reason).toBe('Store not found');
    for (const id of [good._id, good2._id]) expect(await saleRow(id)).toBeDefined();
    for (const id of [malformed._id, unknown._id, foreignStore._id])
      expect(await saleRow(id)).toBeUndefined();
  });

  it('an id already used by another business is rejected, not recorded twice', async () => {
    const theirs = offlineSale({
      store_id: w.other.storeId,
      items: [{ _id: w.foreign.productId, quantity: 1 }],
      payments: [],
      pay_later: true,
    });
    expect(resultsOf(await w.otherCall(w.other, 'POST', V1, { sales: [theirs] }))).toMatchObject([
      { outcome: 'accepted' },
    ]);
    const mine = offlineSale({ _id: theirs._id });
    expect(resultsOf(await upload(w.cashier, [mine]))).toMatchObject([
      {
        _id: theirs._id,
        outcome: 'rejected',
        code: 'conflict',
        reason: 'This sale id is already used; make a new sale.',
      },
    ]);
  });

  it('a retry after the server committed records nothing twice and answers the same sales', async () => {
    const batch = [
      offlineSale(),
      offlineSale({
        items: [{ _id: w.rice.productId, quantity: 3 }],
        payments: [{ method: 'cash', amount: 3000 }],
      }),
    ];
    const first = resultsOf(await upload(w.cashier, batch));
    const stock = await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId);
    const again = resultsOf(await upload(w.cashier, batch, v2(w.owner.businessId)));
    expect(again.map((r) => r.outcome)).toEqual(['duplicate', 'duplicate']);
    expect(again.map((r) => r.data)).toEqual(first.map((r) => r.data));
    expect(await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId)).toBe(stock);
    expect(await registerCashFor(t, w.owner.businessId, batch[1]!._id)).toBe(300_000);
  });

  it('the same batch uploaded at once from two tabs records each sale once', async () => {
    const batch = Array.from({ length: 5 }, () => offlineSale());
    const stock = await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId);
    const [a, b] = await Promise.all([
      upload(w.cashier, batch),
      t.request({
        method: 'POST',
        url: v2(w.owner.businessId),
        token: w.cashier.token,
        device: w.owner.device,
        body: { sales: batch },
      }),
    ]);
    const ra = resultsOf(a);
    const rb = resultsOf(b);
    for (let i = 0; i < batch.length; i++) {
      expect([ra[i]?.outcome, rb[i]?.outcome].sort()).toEqual(['accepted', 'duplicate']);
      expect(ra[i]?.data).toEqual(rb[i]?.data);
    }
    const rows = await t.db
      .selectFrom('sales')
      .select('id')
      .where(
        'id',
        'in',
        batch.map((s) => s._id),
      )
      .execute();
    expect(rows).toHaveLength(5);
    expect(await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId)).toBe(stock - 5);
    for (const s of batch) expect(await registerCashFor(t, w.owner.businessId, s._id)).toBe(100_000);
    await expectLedgerBalanced(t, w.owner.businessId);
  });

  it('a transient database failure fails the whole request (503), and the retry records each sale once', async () => {
    await sql`CREATE FUNCTION test_fail_sale() RETURNS trigger AS $$ BEGIN IF NEW.note = 'flaky' THEN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; END IF; RETURN NEW; END; $$ LANGUAGE plpgsql`.execute(
      t.db,
    );
    await sql`CREATE TRIGGER test_fail_sale BEFORE UPDATE ON sales FOR EACH ROW EXECUTE FUNCTION test_fail_sale()`.execute(
      t.db,
    );
    const batch = [offlineSale(), offlineSale({ note: 'flaky' }), offlineSale()];
    const failed = await upload(w.cashier, batch);
    expect(failed.statusCode).toBe(503);
    expect(messageOf(failed)).toContain('will be sent again');
    expect(await saleRow(batch[0]!._id)).toBeDefined();
    expect(await saleRow(batch[1]!._id)).toBeUndefined();
    await sql`DROP TRIGGER test_fail_sale ON sales`.execute(t.db);
    await sql`DROP FUNCTION test_fail_sale()`.execute(t.db);
    const retried = resultsOf(await upload(w.cashier, batch));
    expect(retried.map((r) => r.outcome)).toEqual(['duplicate', 'accepted', 'accepted']);
    expect(await registerCashFor(t, w.owner.businessId, batch[0]!._id)).toBe(100_000);
  });
});

describe('offline sale rules', () => {
  it('oversells: stock below zero never refuses a sale already made', async () => {
    const before = await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId);
    const big = offlineSale({
      items: [{ _id: w.rice.productId, quantity: before + 40 }],
      payments: [{ method: 'cash', amount: (before + 40) * 1000 }],
    });
    expect(resultsOf(await upload(w.cashier, [big]))).toMatchObject([{ outcome: 'accepted' }]);
    expect(await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId)).toBe(-40);
    await expectLedgerBalanced(t, w.owner.businessId);
  });

  it('records the prices the device charged: a stale catalogue price is fine, a changed price needs pos.discounts', async () => {
    const pen = await seedProduct(t, w.owner.businessId, {
      name: 'Pen',
      sellingPrice: 10_000,
      stock: { [w.owner.storeId]: 50 },
    });
    dataOf(
      await w.call(w.owner, 'PATCH', `/v1/businesses/${w.owner.businessId}/products/${pen.productId}`, {
        selling_price: 120,
      }),
    );
    const stale = offlineSale({
      items: [{ _id: pen.productId, quantity: 2, price: 100, list_price: 100 }],
      payments: [{ method: 'cash', amount: 200 }],
    });
    const cut = offlineSale({
      items: [{ _id: pen.productId, quantity: 1, price: 90, list_price: 100 }],
      payments: [{ method: 'cash', amount: 90 }],
    });
    const plain = offlineSale({
      items: [{ _id: pen.productId, quantity: 1 }],
      payments: [{ method: 'cash', amount: 120 }],
    });
    const results = resultsOf(await upload(w.cashier, [stale, cut, plain]));
    expect(results.map((r) => r.outcome)).toEqual(['accepted', 'rejected', 'accepted']);
    expect(results[0]?.data).toMatchObject({ total: 200, amount_paid: 200 });
    expect(results[0]?.data?.items[0]).toMatchObject({ name: 'Pen', price: 100 });
    expect(results[1]).toMatchObject({ code: 'discount_not_allowed' });
    expect(results[1]?.reason).toContain("cashier's role cannot change prices");
    expect(results[2]?.data?.items[0]).toMatchObject({ price: 120 });
    // The owner may change prices: the same changed price is accepted.
    const byOwner = offlineSale({
      items: [{ _id: pen.productId, quantity: 1, price: 90, list_price: 100 }],
      payments: [{ method: 'cash', amount: 90 }],
    });
    expect(resultsOf(await upload(w.owner, [byOwner]))).toMatchObject([
      { outcome: 'accepted', data: { total: 90 } },
    ]);
  });

  it('sells a product, variety and modifier deleted since, under their stored names and the device prices', async () => {
    const mug = await seedProduct(t, w.owner.businessId, {
      name: 'Mug',
      sellingPrice: 30_000,
      varieties: ['Red'],
      stock: { [w.owner.storeId]: 4 },
    });
    dataOf(await w.call(w.owner, 'DELETE', `/v2/business/${w.owner.businessId}/products/${mug.productId}`));
    await t.db
      .updateTable('modifiers')
      .set({ deleted_at: new Date() })
      .where('id', '=', w.modifierId)
      .execute();
    const sale = offlineSale({
      items: [
        {
          _id: mug.productId,
          variety_id: mug.varietyIds[0],
          quantity: 1,
          modifiers: [{ _id: w.modifierId, selling_price: 40 }],
        },
      ],
      payments: [{ method: 'cash', amount: 340 }],
    });
    const [result] = resultsOf(await upload(w.cashier, [sale]));
    expect(result).toMatchObject({ outcome: 'accepted' });
    expect(result?.data?.items[0]).toMatchObject({
      name: 'Mug (Red)',
      price: 300,
      modifiers: [{ _id: w.modifierId, name: 'Gift wrap', selling_price: 40 }],
      total: 340,
    });
    expect(await stockOf(t, w.owner.businessId, w.owner.storeId, mug.varietyIds[0]!)).toBe(3);
    // Online, the deleted product cannot be sold.
    const online = await w.call(w.cashier, 'POST', '/v1/sales/', {
      ...offlineSale(),
      items: [{ _id: mug.productId, variety_id: mug.varietyIds[0], quantity: 1 }],
      payments: [{ method: 'cash', amount: 300 }],
    });
    expect(online.statusCode).toBe(404);
    await t.db.updateTable('modifiers').set({ deleted_at: null }).where('id', '=', w.modifierId).execute();
  });

  it('cash goes to the register open when the sale was made, else the one open now, else onto the sale for the registers screen', async () => {
    const store = w.branch;
    const tillA = await openTill(w, store, 0);
    const made = Date.now();
    await new Promise((r) => setTimeout(r, 20));
    const tillB = dataOf<{ id: string }>(
      await w.call(w.owner, 'POST', '/v1/registries/', { store_id: store, name: 'Till 2' }),
      201,
    ).id;
    dataOf(await w.call(w.owner, 'PUT', `/v1/registries/${tillB}/open`, { float: 0 }));
    // Till 2 is the newest (an online sale would go there); the sale was made while only Till A was open.
    const atThen = offlineSale({ store_id: store, offline_date: made });
    const [r1] = resultsOf(await upload(w.owner, [atThen]));
    expect(r1).toMatchObject({ outcome: 'accepted', data: { register_id: tillA } });
    expect(await registerCashFor(t, w.owner.businessId, atThen._id)).toBe(100_000);
    // Made before either was opened: the register open now.
    const before = offlineSale({ store_id: store, offline_date: made - 3_600_000 });
    expect(resultsOf(await upload(w.owner, [before]))).toMatchObject([{ data: { register_id: tillB } }]);

    for (const till of [tillA, tillB])
      dataOf(await w.call(w.owner, 'PUT', `/v1/registries/${till}/close`, { counted_cash: 0 }));
    const closed = offlineSale({ store_id: store, offline_date: made });
    const [r2] = resultsOf(await upload(w.owner, [closed]));
    expect(r2).toMatchObject({
      outcome: 'accepted',
      data: { register_id: null, status: 'completed', amount_paid: 1000 },
    });
    expect(await registerCashFor(t, w.owner.businessId, closed._id)).toBe(0);
    expect(await saleRow(closed._id)).toMatchObject({ unregistered_cash_kobo: 100_000 });

    dataOf(await w.call(w.owner, 'PUT', `/v1/registries/${tillA}/open`, { float: 0 }));
    const reopened = offlineSale({ store_id: store, offline_date: made });
    const [r3] = resultsOf(await upload(w.owner, [reopened]));
    expect(r3).toMatchObject({ outcome: 'accepted', data: { register_id: tillA } });
    expect(await registerCashFor(t, w.owner.businessId, reopened._id)).toBe(100_000);
    expect(await saleRow(reopened._id)).toMatchObject({ unregistered_cash_kobo: 0 });
    const till = tillA;

    // Online, a cash sale still needs an open register.
    dataOf(await w.call(w.owner, 'PUT', `/v1/registries/${till}/close`, { counted_cash: 1000 }));
    const online = await w.call(w.owner, 'POST', '/v1/sales/', {
      ...offlineSale({ store_id: store }),
      offline_date: undefined,
      is_offline_data: undefined,
    });
    expect(online.statusCode).toBe(409);
  });
});

describe('a sale to a customer made offline', () => {
  const pointsOf = async (customerId: string) =>
    dataOf<{ points: number }>(await w.call(w.owner, 'GET', `/v1/customers/${customerId}`)).points;
  const saleOf = async (id: string) =>
    dataOf<Sale>(await w.call(w.owner, 'GET', `/v1/sales/${id}/businesses/${w.owner.businessId}`));

  it('sale first: recorded with the customer pending, linked with points when the customer lands (sync endpoint)', async () => {
    const customerId = newId();
    const sale = offlineSale({ customer_id: customerId });
    const [r] = resultsOf(await upload(w.cashier, [sale]));
    expect(r).toMatchObject({ outcome: 'accepted', data: { customer_id: null, points_earned: 0 } });
    expect(await saleRow(sale._id)).toMatchObject({ customer_id: null, pending_customer_id: customerId });

    const res = await w.call(w.cashier, 'POST', '/v1/customers/syncnewofflinecustomers', {
      customers: [{ _id: customerId, first_name: 'Bola', phone: '08031110000', is_offline_data: true }],
    });
    expect(dataOf<{ results: UploadResult[] }>(res).results).toMatchObject([
      { _id: customerId, outcome: 'accepted' },
    ]);
    expect(await saleOf(sale._id)).toMatchObject({
      customer_id: customerId,
      customer_name: 'Bola',
      points_earned: 10,
    });
    expect(await saleRow(sale._id)).toMatchObject({ pending_customer_id: null });
    expect(await pointsOf(customerId)).toBe(10);
  });

  it('sale first, then the customer through POST /v1/customers/: linked too', async () => {
    const customerId = newId();
    const sale = offlineSale({ customer_id: customerId });
    resultsOf(await upload(w.cashier, [sale]));
    dataOf(await w.call(w.cashier, 'POST', '/v1/customers/', { _id: customerId, first_name: 'Kemi' }), 201);
    expect(await saleOf(sale._id)).toMatchObject({ customer_id: customerId, points_earned: 10 });
    expect(await pointsOf(customerId)).toBe(10);
  });

  it('customer first, then the sale: linked at once, points earned once', async () => {
    const customerId = newId();
    const res = await w.call(w.cashier, 'POST', '/v1/customers/syncnewofflinecustomers', {
      customers: [{ _id: customerId, first_name: 'Tunde' }],
    });
    expect(dataOf<{ results: UploadResult[] }>(res).results[0]?.outcome).toBe('accepted');
    const sale = offlineSale({ customer_id: customerId });
    const [r] = resultsOf(await upload(w.cashier, [sale]));
    expect(r).toMatchObject({ outcome: 'accepted', data: { customer_id: customerId, points_earned: 10 } });
    // The customer uploaded again (a retry) changes nothing.
    await w.call(w.cashier, 'POST', '/v1/customers/syncnewofflinecustomers', {
      customers: [{ _id: customerId, first_name: 'Tunde' }],
    });
    expect(await pointsOf(customerId)).toBe(10);
  });

  it('a batch recorded side by side: receipt numbers follow the order sent, points and stock add up', async () => {
    const [tunde, ada] = [newId(), newId()];
    await w.call(w.cashier, 'POST', '/v1/customers/syncnewofflinecustomers', {
      customers: [
        { _id: tunde, first_name: 'Tunde' },
        { _id: ada, first_name: 'Ada' },
      ],
    });
    const stock = await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId);
    const who = [tunde, undefined, tunde, ada, undefined, tunde, ada, undefined, tunde, undefined];
    const batch = who.map((customer_id) => offlineSale(customer_id ? { customer_id } : {}));
    const results = resultsOf(await upload(w.cashier, batch));
    expect(results.map((r) => [r._id, r.outcome])).toEqual(batch.map((s) => [s._id, 'accepted']));
    const numbers = results.map((r) => Number(r.data!.receipt_number.replace(/\D/g, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(batch.length);
    expect(await pointsOf(tunde)).toBe(40);
    expect(await pointsOf(ada)).toBe(20);
    expect(await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId)).toBe(stock - 10);
    for (const s of batch) expect(await registerCashFor(t, w.owner.businessId, s._id)).toBe(100_000);
    await expectLedgerBalanced(t, w.owner.businessId);
  });

  it("another business's customer is never kept: the sale lands without it, and the answer says why", async () => {
    const theirs = newId();
    await t.db
      .insertInto('customers')
      .values({ business_id: w.other.businessId, id: theirs, first_name: 'Not yours' })
      .execute();
    const sale = offlineSale({ customer_id: theirs });
    const [r] = resultsOf(await upload(w.cashier, [sale]));
    expect(r).toMatchObject({
      outcome: 'accepted',
      code: 'customer_dropped',
      reason: expect.stringMatching(/^customer_id: .*recorded without a customer/),
      data: { customer_id: null, points_earned: 0 },
    });
    expect(await saleRow(sale._id)).toMatchObject({ customer_id: null, pending_customer_id: null });
    expect(await saleOf(sale._id)).toMatchObject({ customer_id: null, customer_name: null });
  });

  it('sale and customer landing at the same moment still meet', async () => {
    const customerId = newId();
    const sale = offlineSale({ customer_id: customerId });
    await Promise.all([
      upload(w.cashier, [sale]),
      w.call(w.cashier, 'POST', '/v1/customers/syncnewofflinecustomers', {
        customers: [{ _id: customerId, first_name: 'Ife' }],
      }),
    ]);
    expect(await saleOf(sale._id)).toMatchObject({ customer_id: customerId, points_earned: 10 });
    expect(await pointsOf(customerId)).toBe(10);
  });
});

describe('sales upload: access and malformed batches', () => {
  it('401 without a token, 403 for a role without pos.make_sale, 404 for another business', async () => {
    expect((await upload(null, [offlineSale()])).statusCode).toBe(401);
    const denied = await upload(w.keeper, [offlineSale()]);
    expect(denied.statusCode).toBe(403);
    expect((await upload(w.keeper, [offlineSale()], v2(w.owner.businessId))).statusCode).toBe(403);
    const foreign = await upload(w.cashier, [offlineSale()], v2(w.other.businessId));
    expect(foreign.statusCode).toBe(404);
    expect((await upload(w.cashier, [offlineSale()], v2(OTHER_UUID))).statusCode).toBe(404);
  });

  it('400 naming the field for a batch that is not a batch', async () => {
    const missing = await w.call(w.cashier, 'POST', V1, {});
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toBe('sales should be an array');
    const empty = await upload(w.cashier, []);
    expect(empty.statusCode).toBe(400);
    expect(messageOf(empty)).toBe('sales must hold at least one record');
    const big = await upload(
      w.cashier,
      Array.from({ length: 101 }, () => ({})),
    );
    expect(big.statusCode).toBe(400);
    expect(messageOf(big)).toBe('sales can hold at most 100 records');
  });
});
