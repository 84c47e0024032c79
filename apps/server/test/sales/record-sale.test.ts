import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { createTestApp, type TestApp } from '../helper.js';
import { stockOf } from '../catalogue/fixtures.js';
import { dataOf, messageOf, OTHER_UUID } from '../inventory/inventory-helper.js';
import {
  expectLedgerBalanced,
  expectLoyaltyBalanced,
  openTill,
  registerCashFor,
  saleBody,
  salesWorld,
  type Sale,
  type SalesWorld,
} from './sales-helper.js';

let t: TestApp;
let w: SalesWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await salesWorld(t);
});
afterAll(async () => {
  await t.close();
});

const post = (who: { token: string } | null, body: unknown) => w.call(who, 'POST', '/v1/sales/', body);

describe('a cash sale without an open register', () => {
  it('is refused with 409 and records nothing', async () => {
    const body = saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 1 }], {
      payments: [{ method: 'cash', amount: 1000 }],
    });
    const res = await post(w.cashier, body);
    expect(res.statusCode, res.body).toBe(409);
    expect(messageOf(res)).toBe('Open a register in this store before taking cash.');
    expect(await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId)).toBe(10);
    const row = await t.db.selectFrom('sales').select('id').where('id', '=', body._id).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('records a sale paid another way, with no register', async () => {
    // A service: the stock the tests below count stays as it is.
    const body = saleBody(w.owner.storeId, [{ _id: w.service.productId, quantity: 1 }], {
      payments: [{ method: 'fixed_account', amount: 200 }],
    });
    expect(dataOf<Sale>(await post(w.cashier, body), 201)).toMatchObject({ register_id: null, total: 200 });
  });
});

describe('POST /v1/sales/', () => {
  beforeAll(async () => {
    await openTill(w, w.owner.storeId, 0);
  });

  it('records a cash sale: catalogue prices, change, stock out, cash kept in the register', async () => {
    const body = saleBody(
      w.owner.storeId,
      [
        { _id: w.rice.productId, quantity: 2 },
        {
          _id: w.shirt.productId,
          variety_id: w.shirt.varietyIds[0],
          quantity: 1,
          modifiers: [{ _id: w.modifierId }],
        },
        { _id: w.service.productId, quantity: 1 },
      ],
      { payments: [{ method: 'cash', amount: 3000 }], note: 'Thanks' },
    );
    const sale = dataOf<Sale>(await post(w.cashier, body), 201);
    // 2 × ₦1,000 + (₦500 + ₦50) + ₦200 = ₦2,750; ₦3,000 cash → ₦250 change.
    expect(sale).toMatchObject({
      _id: body._id,
      status: 'completed',
      subtotal: 2750,
      total: 2750,
      amount_paid: 2750,
      change_due: 250,
      balance: 0,
      cashier_name: 'Chidi Eze',
      note: 'Thanks',
      store_id: w.owner.storeId,
    });
    expect(sale.receipt_number).toMatch(/^RC-\d{4,}$/);
    expect(sale.items.map((i) => [i.name, i.total])).toEqual([
      ['Rice', 2000],
      ['Shirt (S)', 550],
      ['Delivery', 200],
    ]);
    expect(sale.items[1]?.modifiers).toEqual([{ _id: w.modifierId, name: 'Gift wrap', selling_price: 50 }]);
    expect(sale.payments).toMatchObject([{ method: 'cash', amount: 2750, method_label: 'Cash' }]);
    expect(await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId)).toBe(8);
    expect(await stockOf(t, w.owner.businessId, w.owner.storeId, w.shirt.varietyIds[0]!)).toBe(4);
    expect(await registerCashFor(t, w.owner.businessId, sale.id)).toBe(275_000);
    await expectLedgerBalanced(t, w.owner.businessId);
  });

  it('a sale paid without cash belongs to the register open in its store', async () => {
    const till = await openTill(w, w.owner.storeId, 0);
    const body = saleBody(w.owner.storeId, [{ _id: w.service.productId, quantity: 1 }], {
      payments: [{ method: 'fixed_account', amount: 200 }],
    });
    expect(dataOf<Sale>(await post(w.cashier, body), 201)).toMatchObject({ register_id: till, total: 200 });
    expect(await registerCashFor(t, w.owner.businessId, body._id)).toBe(0);
  });

  it('the same sale posted twice is one sale, with the same answer, and writes nothing more', async () => {
    const body = saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 1 }], {
      payments: [{ method: 'cash', amount: 1000 }],
    });
    const first = await post(w.cashier, body);
    expect(first.statusCode, first.body).toBe(201);
    const stock = await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId);
    const second = await post(w.cashier, body);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual(first.json().data);
    // Also through the v2 route, and even with a changed body: the stored sale is the answer.
    const third = await w.call(w.cashier, 'POST', `/v2/business/${w.owner.businessId}/sales`, {
      ...body,
      items: [{ _id: w.rice.productId, quantity: 5 }],
    });
    expect(third.statusCode).toBe(200);
    expect(third.json().data).toEqual(first.json().data);
    expect(await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId)).toBe(stock);
    expect(await registerCashFor(t, w.owner.businessId, body._id)).toBe(100_000);
    const payments = await t.db
      .selectFrom('sale_payments')
      .select('id')
      .where('sale_id', '=', body._id)
      .execute();
    expect(payments).toHaveLength(1);
  });

  it('two concurrent posts of the same sale record it once', async () => {
    const body = saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 1 }], {
      payments: [{ method: 'fixed_account', amount: 1000 }],
    });
    const before = await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId);
    const results = await Promise.all([post(w.owner, body), post(w.owner, body), post(w.owner, body)]);
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([
      200, 200, 201,
    ]);
    const answers = results.map((r) => r.json().data);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId)).toBe(before - 1);
    const rows = await t.db.selectFrom('sales').select('id').where('id', '=', body._id).execute();
    expect(rows).toHaveLength(1);
    await expectLedgerBalanced(t, w.owner.businessId);
  });

  it('round after round of four concurrent posts of one sale: one 201, three 200, never an error', async () => {
    for (let round = 0; round < 15; round++) {
      const body = saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 1 }], {
        payments: [{ method: 'fixed_account', amount: 1000 }],
      });
      const results = await Promise.all([1, 2, 3, 4].map(() => post(w.owner, body)));
      expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([
        200, 200, 200, 201,
      ]);
    }
    await expectLedgerBalanced(t, w.owner.businessId);
  });

  it('many different sales at once (same items, same customer, items in either order) all go through', async () => {
    const before = await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId);
    const lines = [
      { _id: w.rice.productId, quantity: 1 },
      { _id: w.shirt.productId, variety_id: w.shirt.varietyIds[0], quantity: 1 },
    ];
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(
          i % 2 ? w.owner : w.cashier,
          saleBody(w.owner.storeId, i % 2 ? [...lines].reverse() : lines, {
            customer_id: w.customerId,
            payments: [{ method: i % 3 ? 'cash' : 'card', amount: 1500 }],
          }),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const receipts = new Set(results.map((r) => r.json().data.receipt_number));
    expect(receipts.size).toBe(8);
    expect(await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId)).toBe(before - 8);
    await expectLedgerBalanced(t, w.owner.businessId);
  });

  it("another business reusing a sale's id is refused and does not see the sale", async () => {
    const body = saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 1 }], {
      payments: [{ method: 'card', amount: 1000 }],
    });
    dataOf(await post(w.owner, body), 201);
    await openTill({ ...w, owner: w.other, call: w.otherCall }, w.other.storeId);
    const res = await w.otherCall(w.other, 'POST', '/v1/sales/', {
      ...body,
      store_id: w.other.storeId,
      items: [{ _id: w.foreign.productId, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().data).toBeNull();
    expect(await stockOf(t, w.other.businessId, w.other.storeId, w.foreign.productId)).toBe(3);
  });

  it('splits a sale across methods and oversells (stock may go below zero)', async () => {
    const body = saleBody(
      w.owner.storeId,
      [{ _id: w.shirt.productId, variety_id: w.shirt.varietyIds[1], quantity: 7 }],
      {
        offline_date: '2026-11-20T10:15:00+01:00',
        payments: [
          { method: 'fixed_account', amount: 2000 },
          { method: 'cash', amount: 1500 },
        ],
      },
    );
    const sale = dataOf<Sale>(await post(w.owner, body), 201);
    expect(sale).toMatchObject({ offline_date: '2026-11-20T09:15:00.000Z', is_offline_data: true });
    expect(sale).toMatchObject({ total: 3500, amount_paid: 3500, change_due: 0, status: 'completed' });
    expect(sale.payments.map((p) => [p.method, p.amount])).toEqual([
      ['cash', 1500],
      ['fixed_account', 2000],
    ]);
    expect(await stockOf(t, w.owner.businessId, w.owner.storeId, w.shirt.varietyIds[1]!)).toBe(-2);
    await expectLedgerBalanced(t, w.owner.businessId);
  });

  it('applies line and order discounts exactly as the contracts compute them (owner has pos.discounts)', async () => {
    const body = saleBody(
      w.owner.storeId,
      [
        { _id: w.rice.productId, quantity: 3, discount_type: 'percentage', discount: 12.5 },
        { _id: w.service.productId, quantity: 1, price: 333.33, discount_type: 'amount', discount: 33.33 },
      ],
      { discount_type: 'percentage', discount: 10, payments: [{ method: 'card', amount: 2632.5 }] },
    );
    const sale = dataOf<Sale>(await post(w.owner, body), 201);
    // Rice: ₦3,000 − 12.5 % (₦375) = ₦2,625; service: ₦333.33 − ₦33.33 = ₦300; subtotal ₦2,925;
    // order −10 % = ₦292.50; total ₦2,632.50.
    expect(sale.items.map((i) => [i.discount_amount, i.total])).toEqual([
      [375, 2625],
      [33.33, 300],
    ]);
    expect(sale).toMatchObject({
      subtotal: 2925,
      order_discount_amount: 292.5,
      discount_total: 700.83,
      total: 2632.5,
    });
    expect(sale.status).toBe('completed');
    expect(sale.amount_paid).toBe(2632.5);
  });

  it('a cashier without pos.discounts cannot change a price or give a discount (403)', async () => {
    const priced = await post(
      w.cashier,
      saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 1, price: 10 }], {
        payments: [{ method: 'card', amount: 10 }],
      }),
    );
    expect(priced.statusCode).toBe(403);
    const discounted = await post(
      w.cashier,
      saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 1 }], {
        discount_type: 'amount',
        discount: 100,
        payments: [{ method: 'card', amount: 900 }],
      }),
    );
    expect(discounted.statusCode).toBe(403);
    expect(messageOf(discounted)).toMatch(/discounts/);
  });

  it('leaves a sale unpaid or partly paid only with pay_later', async () => {
    const items = [{ _id: w.rice.productId, quantity: 1 }];
    const short = await post(
      w.owner,
      saleBody(w.owner.storeId, items, { payments: [{ method: 'cash', amount: 400 }] }),
    );
    expect(short.statusCode).toBe(400);
    expect(messageOf(short)).toMatch(/pay_later/);
    const partly = dataOf<Sale>(
      await post(
        w.owner,
        saleBody(w.owner.storeId, items, { payments: [{ method: 'card', amount: 400 }], pay_later: true }),
      ),
      201,
    );
    expect(partly).toMatchObject({ status: 'partially_paid', amount_paid: 400, balance: 600 });
    const unpaid = dataOf<Sale>(
      await post(w.owner, saleBody(w.owner.storeId, items, { pay_later: true })),
      201,
    );
    expect(unpaid).toMatchObject({ status: 'unpaid', amount_paid: 0, balance: 1000 });
  });

  it('refuses non-cash payments above the total (400)', async () => {
    const res = await post(
      w.owner,
      saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 1 }], {
        payments: [{ method: 'card', amount: 1500 }],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toMatch(/payments/);
  });

  it('a customer pays with store credit and points, and earns points on what was paid', async () => {
    const body = saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 2 }], {
      customer_id: w.customerId,
      payments: [
        { method: 'store_credit', amount: 300 },
        { method: 'fixed_account', amount: 1700 },
      ],
    });
    const pointsBefore = Number(
      (
        await t.db
          .selectFrom('loyalty_balances')
          .select('points')
          .where('customer_id', '=', w.customerId)
          .executeTakeFirstOrThrow()
      ).points,
    );
    const sale = dataOf<Sale>(await post(w.cashier, body), 201);
    expect(sale).toMatchObject({
      customer_name: 'Ngozi Ade',
      total: 2000,
      amount_paid: 2000,
      points_earned: 20,
    });
    const bal = await t.db
      .selectFrom('loyalty_balances')
      .select(['points', 'store_credit_kobo'])
      .where('customer_id', '=', w.customerId)
      .executeTakeFirstOrThrow();
    expect(Number(bal.store_credit_kobo)).toBe(0);
    expect(Number(bal.points)).toBe(pointsBefore + 20);
    // 15 points are worth ₦15.
    const withPoints = dataOf<Sale>(
      await post(
        w.cashier,
        saleBody(w.owner.storeId, [{ _id: w.service.productId, quantity: 1 }], {
          customer_id: w.customerId,
          payments: [
            { method: 'loyalty_points', amount: 15, points: 15 },
            { method: 'card', amount: 185 },
          ],
        }),
      ),
      201,
    );
    expect(withPoints.payments.find((p) => p.method === 'loyalty_points')).toMatchObject({
      amount: 15,
      points: 15,
    });
    // Points are earned on the ₦185 paid by card, not on the ₦15 paid with points.
    expect(withPoints.points_earned).toBe(1);
    const notEnough = await post(
      w.cashier,
      saleBody(w.owner.storeId, [{ _id: w.service.productId, quantity: 1 }], {
        customer_id: w.customerId,
        payments: [{ method: 'store_credit', amount: 200 }],
      }),
    );
    expect(notEnough.statusCode).toBe(409);
    await expectLoyaltyBalanced(t, w.owner.businessId, w.customerId);
  });

  it('401 without a token, 403 without pos.make_sale or for a store not assigned', async () => {
    const body = saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 1 }], {
      payments: [{ method: 'card', amount: 1000 }],
    });
    expect((await post(null, body)).statusCode).toBe(401);
    expect((await post(w.keeper, body)).statusCode).toBe(403);
    const elsewhere = await post(w.cashier, { ...body, store_id: w.branch });
    expect(elsewhere.statusCode).toBe(403);
  });

  it("404 for another business's store, product, customer, or business path", async () => {
    const items = [{ _id: w.rice.productId, quantity: 1 }];
    const pay = { payments: [{ method: 'card', amount: 1000 }] };
    expect((await post(w.owner, saleBody(w.other.storeId, items, pay))).statusCode).toBe(404);
    expect(
      (await post(w.owner, saleBody(w.owner.storeId, [{ _id: w.foreign.productId, quantity: 1 }], pay)))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(w.owner, saleBody(w.owner.storeId, items, { ...pay, customer_id: OTHER_UUID }))).statusCode,
    ).toBe(404);
    const v2 = await w.call(
      w.owner,
      'POST',
      `/v2/business/${w.other.businessId}/sales`,
      saleBody(w.owner.storeId, items, pay),
    );
    expect(v2.statusCode).toBe(404);
  });

  it('400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...saleBody(w.owner.storeId, []), _id: 'abc' }, '_id'],
      [saleBody(w.owner.storeId, []), 'items'],
      [saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 0 }]), 'quantity'],
      [saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 1.5 }]), 'quantity'],
      [
        saleBody(w.owner.storeId, [{ _id: w.shirt.productId, quantity: 1 }], { pay_later: true }),
        'variety_id',
      ],
      [
        saleBody(w.owner.storeId, [
          { _id: w.rice.productId, quantity: 1, discount_type: 'percentage', discount: 120 },
        ]),
        'discount',
      ],
      [
        saleBody(
          w.owner.storeId,
          [{ _id: w.rice.productId, quantity: 1, discount_type: 'amount', discount: 5000 }],
          {
            pay_later: true,
          },
        ),
        'discount',
      ],
      [
        saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 1 }], {
          payments: [{ method: 'bitcoin', amount: 1 }],
        }),
        'method',
      ],
      [
        saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 1 }], {
          payments: [{ method: 'cash', amount: 1.234 }],
        }),
        'amount',
      ],
      [saleBody('nope', [{ _id: w.rice.productId, quantity: 1 }]), 'store_id'],
      [
        saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 1 }], {
          payments: [{ method: 'store_credit', amount: 1000 }],
        }),
        'customer',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await post(w.owner, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(messageOf(res)).toContain(field);
    }
  });

  it('never 500 on a malformed id in the v2 path', async () => {
    const res = await w.call(w.owner, 'POST', `/v2/business/not-an-id/sales`, saleBody(w.owner.storeId, []));
    expect([400, 404]).toContain(res.statusCode);
    expect(newId()).toBeTruthy();
  });
});
