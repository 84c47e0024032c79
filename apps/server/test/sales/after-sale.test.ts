import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalePage, SalesSyncData, Ticket } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { createTestApp, lastEmail, type TestApp } from '../helper.js';
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
  await openTill(w, w.owner.storeId, 0);
});
afterAll(async () => {
  await t.close();
});

const sell = async (extra: Record<string, unknown> = {}, items?: unknown[]) =>
  dataOf<Sale>(
    await w.call(
      w.cashier,
      'POST',
      '/v1/sales/',
      saleBody(w.owner.storeId, items ?? [{ _id: w.rice.productId, quantity: 3 }], {
        payments: [{ method: 'cash', amount: 3000 }],
        ...extra,
      }),
    ),
    201,
  );

describe('refunds: POST /v1/sales/{id}/refunds', () => {
  it('refunds part of a line to cash: stock back, cash out of the register, status partially_refunded', async () => {
    const sale = await sell();
    const stock = await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId);
    const line = sale.items[0]!;
    const res = await w.call(w.cashier, 'POST', `/v1/sales/${sale.id}/refunds`, {
      lines: [{ line_id: line._id, quantity: 2 }],
      to: 'cash',
      reason: 'Wrong brand',
    });
    const after = dataOf<Sale>(res, 201);
    expect(after).toMatchObject({ status: 'partially_refunded', refunded_total: 2000 });
    expect(after.items[0]?.refunded_quantity).toBe(2);
    expect(after.refunds).toMatchObject([
      { amount: 2000, to: 'cash', reason: 'Wrong brand', payouts: [{ method: 'cash', amount: 2000 }] },
    ]);
    expect(await stockOf(t, w.owner.businessId, w.owner.storeId, w.rice.productId)).toBe(stock + 2);
    expect(await registerCashFor(t, w.owner.businessId, sale.id)).toBe(300_000 - 200_000);
    // The last unit: the sale is refunded; a third try is refused.
    const last = dataOf<Sale>(
      await w.call(w.cashier, 'POST', `/v1/sales/${sale.id}/refunds`, {
        lines: [{ line_id: line._id, quantity: 1 }],
        to: 'cash',
      }),
      201,
    );
    expect(last.status).toBe('refunded');
    const again = await w.call(w.cashier, 'POST', `/v1/sales/${sale.id}/refunds`, {
      lines: [{ line_id: line._id, quantity: 1 }],
      to: 'cash',
    });
    expect(again.statusCode).toBe(409);
    await expectLedgerBalanced(t, w.owner.businessId);
  });

  it('refuses to refund a line more than sold minus already refunded (409 with a message)', async () => {
    const sale = await sell();
    const line = sale.items[0]!;
    dataOf(
      await w.call(w.owner, 'POST', `/v1/sales/${sale.id}/refunds`, {
        lines: [{ line_id: line._id, quantity: 2 }],
        to: 'original',
      }),
      201,
    );
    const over = await w.call(w.owner, 'POST', `/v1/sales/${sale.id}/refunds`, {
      lines: [{ line_id: line._id, quantity: 2 }],
      to: 'cash',
    });
    expect(over.statusCode).toBe(409);
    expect(messageOf(over)).toBe('Cannot refund 2 of Rice: only 1 left to refund.');
    // The same line twice in one request adds up.
    const twice = await w.call(w.owner, 'POST', `/v1/sales/${sale.id}/refunds`, {
      lines: [
        { line_id: line._id, quantity: 1 },
        { line_id: line._id, quantity: 1 },
      ],
      to: 'cash',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('to store credit or the original methods: credit back, points taken back, stock back', async () => {
    const sale = await sell({
      customer_id: w.customerId,
      payments: [
        { method: 'store_credit', amount: 300 },
        { method: 'card', amount: 2700 },
      ],
    });
    expect(sale.points_earned).toBe(30);
    const pointsOf = async () =>
      Number(
        (
          await t.db
            .selectFrom('loyalty_balances')
            .select(['points', 'store_credit_kobo'])
            .where('customer_id', '=', w.customerId)
            .executeTakeFirstOrThrow()
        ).points,
      );
    const creditOf = async () =>
      Number(
        (
          await t.db
            .selectFrom('loyalty_balances')
            .select('store_credit_kobo')
            .where('customer_id', '=', w.customerId)
            .executeTakeFirstOrThrow()
        ).store_credit_kobo,
      );
    const points = await pointsOf();
    const credit = await creditOf();
    const line = sale.items[0]!;
    const after = dataOf<Sale>(
      await w.call(w.owner, 'POST', `/v1/sales/${sale.id}/refunds`, {
        lines: [{ line_id: line._id, quantity: 1 }],
        to: 'original',
      }),
      201,
    );
    // ₦1,000 back: the first ₦300 to store credit (paid first), ₦700 to the card.
    expect(after.refunds[0]?.payouts).toEqual([
      { method: 'store_credit', amount: 300 },
      { method: 'card', amount: 700 },
    ]);
    expect(await creditOf()).toBe(credit + 30_000);
    expect(await pointsOf()).toBe(points - 10);
    const toCredit = dataOf<Sale>(
      await w.call(w.owner, 'POST', `/v1/sales/${sale.id}/refunds`, {
        lines: [{ line_id: line._id, quantity: 1 }],
        to: 'store_credit',
      }),
      201,
    );
    expect(toCredit.refunded_total).toBe(2000);
    expect(await creditOf()).toBe(credit + 130_000);
    await expectLoyaltyBalanced(t, w.owner.businessId, w.customerId);
    await expectLedgerBalanced(t, w.owner.businessId);
  });

  it('a cash refund needs an open register in the store (409), and then nothing changes', async () => {
    const sale = dataOf<Sale>(
      await w.call(
        w.owner,
        'POST',
        '/v1/sales/',
        saleBody(w.branch, [{ _id: w.service.productId, quantity: 2 }], {
          payments: [{ method: 'card', amount: 400 }],
        }),
      ),
      201,
    );
    const res = await w.call(w.owner, 'POST', `/v1/sales/${sale.id}/refunds`, {
      lines: [{ line_id: sale.items[0]!._id, quantity: 1 }],
      to: 'cash',
    });
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe('Open a register in this store before taking cash.');
    const back = dataOf<Sale>(
      await w.call(w.owner, 'POST', `/v1/sales/${sale.id}/refunds`, {
        lines: [{ line_id: sale.items[0]!._id, quantity: 1 }],
        to: 'original',
      }),
      201,
    );
    expect(back.refunds.map((r) => r.payouts)).toEqual([[{ method: 'card', amount: 200 }]]);
  });

  it('401, 403, 404 across businesses and for unknown lines, 400 naming the field', async () => {
    const sale = await sell();
    const line = sale.items[0]!._id;
    const url = `/v1/sales/${sale.id}/refunds`;
    const body = { lines: [{ line_id: line, quantity: 1 }], to: 'cash' };
    expect((await w.call(null, 'POST', url, body)).statusCode).toBe(401);
    expect((await w.call(w.keeper, 'POST', url, body)).statusCode).toBe(403);
    expect((await w.otherCall(w.other, 'POST', url, body)).statusCode).toBe(404);
    expect((await w.call(w.owner, 'POST', '/v1/sales/nope/refunds', body)).statusCode).toBe(404);
    expect(
      (await w.call(w.owner, 'POST', url, { ...body, lines: [{ line_id: OTHER_UUID, quantity: 1 }] }))
        .statusCode,
    ).toBe(404);
    const bad = await w.call(w.owner, 'POST', url, { ...body, to: 'wallet' });
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('to');
    const noQty = await w.call(w.owner, 'POST', url, { ...body, lines: [{ line_id: line }] });
    expect(noQty.statusCode).toBe(400);
    expect(messageOf(noQty)).toContain('quantity');
    const noCustomer = await w.call(w.owner, 'POST', url, { ...body, to: 'store_credit' });
    expect(noCustomer.statusCode).toBe(400);
  });
});

describe('pay later', () => {
  it('lists unpaid sales of a store and takes payments until paid; cash through the register', async () => {
    const sale = await sell({ payments: [{ method: 'card', amount: 1000 }], pay_later: true });
    expect(sale.status).toBe('partially_paid');
    const listed = dataOf<{ sales: Sale[] }>(
      await w.call(
        w.cashier,
        'GET',
        `/v1/sales/businesses/${w.owner.businessId}/store/${w.owner.storeId}/unpaid/`,
      ),
    );
    expect(listed.sales.map((s) => s.id)).toContain(sale.id);
    const url = `/v1/sales/${sale.id}/businesses/${w.owner.businessId}/payment`;
    const tooMuch = await w.call(w.cashier, 'PATCH', `${url}/card`, { amount: 5000 });
    expect(tooMuch.statusCode).toBe(400);
    const part = dataOf<Sale>(await w.call(w.cashier, 'PATCH', `${url}/fixed_account`, { amount: 500 }));
    expect(part).toMatchObject({ status: 'partially_paid', amount_paid: 1500, balance: 1500 });
    const rest = dataOf<Sale>(await w.call(w.cashier, 'PATCH', `${url}/cash`, { amount: 2000 }));
    expect(rest).toMatchObject({ status: 'completed', amount_paid: 3000, balance: 0, change_due: 500 });
    expect(await registerCashFor(t, w.owner.businessId, sale.id)).toBe(150_000);
    const done = await w.call(w.cashier, 'PATCH', `${url}/cash`, { amount: 1 });
    expect(done.statusCode).toBe(409);
    const after = dataOf<{ sales: Sale[] }>(
      await w.call(
        w.cashier,
        'GET',
        `/v1/sales/businesses/${w.owner.businessId}/store/${w.owner.storeId}/unpaid/`,
      ),
    );
    expect(after.sales.map((s) => s.id)).not.toContain(sale.id);
  });

  it('401, 403, 404 across businesses, 400 naming the field', async () => {
    const sale = await sell({ payments: [], pay_later: true });
    const url = `/v1/sales/${sale.id}/businesses/${w.owner.businessId}/payment/card`;
    const unpaid = `/v1/sales/businesses/${w.owner.businessId}/store/${w.owner.storeId}/unpaid/`;
    expect((await w.call(null, 'PATCH', url, { amount: 1 })).statusCode).toBe(401);
    expect((await w.call(w.keeper, 'PATCH', url, { amount: 1 })).statusCode).toBe(403);
    expect((await w.call(null, 'GET', unpaid)).statusCode).toBe(401);
    expect((await w.call(w.keeper, 'GET', unpaid)).statusCode).toBe(403);
    expect(
      (await w.call(w.cashier, 'GET', `/v1/sales/businesses/${w.owner.businessId}/store/${w.branch}/unpaid/`))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await w.otherCall(
          w.other,
          'PATCH',
          `/v1/sales/${sale.id}/businesses/${w.other.businessId}/payment/card`,
          { amount: 1 },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await w.otherCall(
          w.other,
          'GET',
          `/v1/sales/businesses/${w.other.businessId}/store/${w.owner.storeId}/unpaid/`,
        )
      ).statusCode,
    ).toBe(404);
    const zero = await w.call(w.owner, 'PATCH', url, { amount: 0 });
    expect(zero.statusCode).toBe(400);
    expect(messageOf(zero)).toContain('amount');
    const method = await w.call(
      w.owner,
      'PATCH',
      `/v1/sales/${sale.id}/businesses/${w.owner.businessId}/payment/gold`,
      { amount: 1 },
    );
    expect(method.statusCode).toBe(400);
    expect(messageOf(method)).toContain('method');
  });
});

describe('receipts: POST /v1/sales/{id}/receipts/?email=', () => {
  it("e-mails a readable receipt to the address given, or to the customer's", async () => {
    const sale = await sell({ customer_id: w.customerId, note: 'See you' });
    const to = `buyer.${newId().slice(-8)}@example.ng`;
    const res = dataOf<{ sent_to: string }>(
      await w.call(w.cashier, 'POST', `/v1/sales/${sale.id}/receipts/?email=${encodeURIComponent(to)}`),
    );
    expect(res.sent_to).toBe(to);
    const mail = await lastEmail(t, to);
    expect(mail?.subject).toContain(sale.receipt_number);
    expect(mail?.body).toContain('Ada Stores');
    expect(mail?.body).toContain('Ikeja');
    expect(mail?.body).toContain('3 x Rice @ ₦1,000.00  ₦3,000.00');
    expect(mail?.body).toContain('Total: ₦3,000.00');
    expect(mail?.body).toContain('Paid (Cash): ₦3,000.00');
    const toCustomer = dataOf<{ sent_to: string }>(
      await w.call(w.owner, 'POST', `/v1/sales/${sale.id}/receipts/`),
    );
    expect(toCustomer.sent_to).toBe('ngozi@example.ng');
  });

  it('401, 403, 404 across businesses, 400 naming the field', async () => {
    const sale = await sell();
    const url = `/v1/sales/${sale.id}/receipts/`;
    expect((await w.call(null, 'POST', `${url}?email=a@b.ng`)).statusCode).toBe(401);
    expect((await w.call(w.keeper, 'POST', `${url}?email=a@b.ng`)).statusCode).toBe(403);
    expect((await w.otherCall(w.other, 'POST', `${url}?email=a@b.ng`)).statusCode).toBe(404);
    const bad = await w.call(w.owner, 'POST', `${url}?email=nope`);
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('email');
    const none = await w.call(w.owner, 'POST', url);
    expect(none.statusCode).toBe(400);
    expect(messageOf(none)).toContain('email');
  });
});

describe('history and details', () => {
  it('downloads sales incrementally with metaData, by store or all', async () => {
    const base = `/v1/sales/businesses/${w.owner.businessId}`;
    const first = dataOf<SalesSyncData>(await w.call(w.owner, 'GET', `${base}/all`));
    expect(first.metaData.total_count).toBe(first.sales.length);
    expect(first.metaData.hasMore).toBe(false);
    const sale = await sell();
    const next = dataOf<SalesSyncData>(
      await w.call(w.owner, 'GET', `${base}/all?updated_at=${first.metaData.lastUpdate}`),
    );
    expect(next.sales.map((s) => s.id)).toContain(sale.id);
    expect(next.sales.length).toBeLessThan(first.sales.length + 1);
    expect(next.metaData.total_count).toBe(first.metaData.total_count! + 1);
    const byStore = dataOf<SalesSyncData>(await w.call(w.cashier, 'GET', `${base}/${w.owner.storeId}`));
    expect(byStore.sales.map((s) => s.id)).toContain(sale.id);
    const paged = dataOf<SalesSyncData>(await w.call(w.owner, 'GET', `${base}/all?limit=1`));
    expect(paged.sales).toHaveLength(1);
    expect(paged.metaData.hasMore).toBe(true);
    const branch = dataOf<SalesSyncData>(await w.call(w.owner, 'GET', `${base}/${w.branch}`));
    expect(branch.sales.every((s) => s.store_id === w.branch)).toBe(true);
    expect(branch.sales.map((s) => s.id)).not.toContain(sale.id);
  });

  it('history: 401, 403, 404 across businesses and for unknown stores, 400 naming the field', async () => {
    const base = `/v1/sales/businesses/${w.owner.businessId}`;
    expect((await w.call(null, 'GET', `${base}/all`)).statusCode).toBe(401);
    expect((await w.call(w.keeper, 'GET', `${base}/all`)).statusCode).toBe(403);
    expect((await w.call(w.cashier, 'GET', `${base}/${w.branch}`)).statusCode).toBe(403);
    expect((await w.otherCall(w.other, 'GET', `${base}/all`)).statusCode).toBe(404);
    expect((await w.call(w.owner, 'GET', `${base}/${w.other.storeId}`)).statusCode).toBe(404);
    expect((await w.call(w.owner, 'GET', `${base}/garbage`)).statusCode).toBe(404);
    const bad = await w.call(w.owner, 'GET', `${base}/all?updated_at=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('updated_at');
  });

  it('v2 list: filters by store, customer, user, status, receipt number and dates', async () => {
    const sale = await sell({ customer_id: w.customerId });
    const url = `/v2/business/${w.owner.businessId}/sales`;
    const all = dataOf<SalePage>(await w.call(w.owner, 'GET', `${url}?limit=200`));
    expect(all.total).toBeGreaterThan(1);
    expect(all.items[0]?.id).toBe(sale.id);
    const byReceipt = dataOf<SalePage>(await w.call(w.owner, 'GET', `${url}?search=${sale.receipt_number}`));
    expect(byReceipt.items.map((s) => s.id)).toEqual([sale.id]);
    const byCustomer = dataOf<SalePage>(await w.call(w.owner, 'GET', `${url}?customer=${w.customerId}`));
    expect(byCustomer.items.every((s) => s.customer_id === w.customerId)).toBe(true);
    const byUser = dataOf<SalePage>(
      await w.call(w.owner, 'GET', `${url}?user=${w.cashier.userId}&status=completed`),
    );
    expect(byUser.items.every((s) => s.user_id === w.cashier.userId && s.status === 'completed')).toBe(true);
    const future = dataOf<SalePage>(await w.call(w.owner, 'GET', `${url}?from=2999-01-01`));
    expect(future.total).toBe(0);
    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    const todays = dataOf<SalePage>(
      await w.call(w.owner, 'GET', `${url}?from=${today}&to=${today}&store=${w.owner.storeId}`),
    );
    expect(todays.items.map((s) => s.id)).toContain(sale.id);
    expect((await w.call(null, 'GET', url)).statusCode).toBe(401);
    expect((await w.call(w.keeper, 'GET', url)).statusCode).toBe(403);
    expect((await w.otherCall(w.other, 'GET', url)).statusCode).toBe(404);
    const bad = await w.call(w.owner, 'GET', `${url}?from=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('from');
  });

  it('details: lines, payments, refunds, customer and cashier names; 401, 403, 404', async () => {
    const sale = await sell({ customer_id: w.customerId });
    dataOf(
      await w.call(w.owner, 'POST', `/v1/sales/${sale.id}/refunds`, {
        lines: [{ line_id: sale.items[0]!._id, quantity: 1 }],
        to: 'cash',
      }),
      201,
    );
    const url = `/v1/sales/${sale.id}/businesses/${w.owner.businessId}`;
    const detail = dataOf<Sale>(await w.call(w.cashier, 'GET', url));
    expect(detail).toMatchObject({
      customer_name: 'Ngozi Ade',
      cashier_name: 'Chidi Eze',
      status: 'partially_refunded',
    });
    expect(detail.refunds[0]?.lines).toEqual([
      { sale_line_id: sale.items[0]!._id, name: 'Rice', quantity: 1, amount: 1000 },
    ]);
    expect((await w.call(null, 'GET', url)).statusCode).toBe(401);
    expect((await w.call(w.keeper, 'GET', url)).statusCode).toBe(403);
    expect(
      (await w.otherCall(w.other, 'GET', `/v1/sales/${sale.id}/businesses/${w.other.businessId}`)).statusCode,
    ).toBe(404);
    expect(
      (await w.call(w.owner, 'GET', `/v1/sales/${OTHER_UUID}/businesses/${w.owner.businessId}`)).statusCode,
    ).toBe(404);
    expect((await w.call(w.owner, 'GET', `/v1/sales/x/businesses/${w.owner.businessId}`)).statusCode).toBe(
      404,
    );
    // A cashier only sees sales of the stores they are assigned to.
    const atBranch = dataOf<Sale>(
      await w.call(
        w.owner,
        'POST',
        '/v1/sales/',
        saleBody(w.branch, [{ _id: w.service.productId, quantity: 1 }], {
          payments: [{ method: 'card', amount: 200 }],
        }),
      ),
      201,
    );
    expect(
      (await w.call(w.cashier, 'GET', `/v1/sales/${atBranch.id}/businesses/${w.owner.businessId}`))
        .statusCode,
    ).toBe(403);
    const cashierList = dataOf<SalePage>(
      await w.call(w.cashier, 'GET', `/v2/business/${w.owner.businessId}/sales?limit=200`),
    );
    expect(cashierList.items.map((s) => s.id)).not.toContain(atBranch.id);
  });
});

describe('parked tickets', () => {
  it('parks, replaces, lists and deletes a ticket', async () => {
    const url = `/v2/business/${w.owner.businessId}/tickets`;
    const id = newId();
    const cart = { items: [{ _id: w.rice.productId, quantity: 2 }] };
    const saved = dataOf<Ticket>(
      await w.call(w.cashier, 'POST', url, { _id: id, store_id: w.owner.storeId, name: 'Table 4', cart }),
      201,
    );
    expect(saved).toMatchObject({ _id: id, name: 'Table 4', cart, user_name: 'Chidi Eze' });
    const replaced = dataOf<Ticket>(
      await w.call(w.cashier, 'POST', url, {
        _id: id,
        store_id: w.owner.storeId,
        name: 'Table 4b',
        cart: {},
      }),
    );
    expect(replaced.name).toBe('Table 4b');
    const listed = dataOf<{ tickets: Ticket[] }>(
      await w.call(w.cashier, 'GET', `${url}?store=${w.owner.storeId}`),
    );
    expect(listed.tickets.map((x) => x.id)).toEqual([id]);
    dataOf(await w.call(w.cashier, 'DELETE', `${url}/${id}`));
    expect(dataOf<{ tickets: Ticket[] }>(await w.call(w.cashier, 'GET', url)).tickets).toEqual([]);
    expect((await w.call(w.cashier, 'DELETE', `${url}/${id}`)).statusCode).toBe(404);
  });

  it('401, 403, 404 across businesses, 400 naming the field', async () => {
    const url = `/v2/business/${w.owner.businessId}/tickets`;
    const body = { _id: newId(), store_id: w.owner.storeId, name: 'T', cart: {} };
    expect((await w.call(null, 'GET', url)).statusCode).toBe(401);
    expect((await w.call(w.keeper, 'GET', url)).statusCode).toBe(403);
    expect((await w.call(w.keeper, 'POST', url, body)).statusCode).toBe(403);
    expect((await w.call(w.cashier, 'POST', url, { ...body, store_id: w.branch })).statusCode).toBe(403);
    expect((await w.otherCall(w.other, 'GET', url)).statusCode).toBe(404);
    expect((await w.call(w.owner, 'POST', url, { ...body, store_id: w.other.storeId })).statusCode).toBe(404);
    dataOf(await w.call(w.owner, 'POST', url, body), 201);
    expect(
      (await w.otherCall(w.other, 'DELETE', `/v2/business/${w.other.businessId}/tickets/${body._id}`))
        .statusCode,
    ).toBe(404);
    expect((await w.call(w.keeper, 'DELETE', `${url}/${body._id}`)).statusCode).toBe(403);
    expect((await w.call(w.owner, 'DELETE', `${url}/nope`)).statusCode).toBe(404);
    const noName = await w.call(w.owner, 'POST', url, { ...body, name: '' });
    expect(noName.statusCode).toBe(400);
    expect(messageOf(noName)).toContain('name');
    const noCart = await w.call(w.owner, 'POST', url, { ...body, cart: 'x' });
    expect(noCart.statusCode).toBe(400);
    expect(messageOf(noCart)).toContain('cart');
  });
});
