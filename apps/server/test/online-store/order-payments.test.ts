import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, PublicOrder, Sale } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { sendOrderMessages } from '../../src/modules/orders/index.js';
import { createTestApp, type TestApp } from '../helper.js';
import { balancesOf } from '../ledger/fixtures.js';
import {
  BANK_SECRET,
  accountOfOrder,
  addFee,
  addStock,
  call,
  deliverEvent,
  emailsTo,
  employeeWith,
  expect400,
  expectLedgerBalanced,
  getOrder,
  jobDeps,
  moveOrder,
  moveThrough,
  orderMessagesSettled,
  payerSends,
  placeOrder,
  recordPayment,
  shopWorld,
  someAddress,
  transferEvent,
  type ShopWorld,
} from './shop-helper.js';

/**
 * An order's money (issue 15): its own account at the bank rail, a transfer to it landing on the order
 * once (the sandbox payer's bank, or the rail's signed event delivered again), money for a cancelled or
 * already paid order kept as refund due, the ledger balanced; payments recorded by hand and fees added,
 * each once per `_id`.
 */

let t: TestApp;
let w: ShopWorld;
let other: ShopWorld;
let b: string;
let catalogue: { token: string };
let fees: { token: string };
let viewer: { token: string };
let manager: { token: string };
let nobody: { token: string };

beforeAll(async () => {
  t = await createTestApp({
    bankingWebhookSecret: BANK_SECRET,
    transferInFee: { bps: 100, capKobo: 30_000 },
  });
  w = await shopWorld(t);
  other = await shopWorld(t, { businessName: 'Other Ventures' });
  b = w.owner.businessId;
  await addStock(t, w, w.ankara.productId, 1_000);
  [catalogue, fees, viewer, manager, nobody] = await Promise.all([
    employeeWith(t, w.owner, ['online_store.catalogue']),
    employeeWith(t, w.owner, ['online_store.shipping_fees']),
    employeeWith(t, w.owner, ['online_store.view_orders']),
    employeeWith(t, w.owner, ['online_store.manage_orders']),
    employeeWith(t, w.owner, ['customers.view']),
  ]);
});
afterAll(async () => t?.close());

const payUrl = (orderId: string, businessId = b, method = 'transfer') =>
  `/v1/orders/businesses/${businessId}/${orderId}/payment/${method}`;
const publicOrder = async (token: string) =>
  (await t.request({ method: 'GET', url: `/v1/shop/orders/${token}`, remoteAddress: someAddress() })).json()
    .data as PublicOrder;

describe('GET /v1/orders/businesses/{b}/{orderId}/payment/transfer', () => {
  it('opens the order’s own account (the same every time, one even when asked twice at once)', async () => {
    const placed = await placeOrder(t, w);
    const first = await accountOfOrder(t, w.owner, placed._id);
    expect(first).toMatchObject({ method: 'transfer', amount: 6_000, reference: placed.number });
    expect(first.account_number).toMatch(/^\d{10}$/);
    expect(first.account_name).toContain(placed.number);
    expect((await accountOfOrder(t, w.owner, placed._id)).account_number).toBe(first.account_number);
    const another = await placeOrder(t, w);
    const both = await Promise.all([
      call(t, viewer, 'GET', payUrl(another._id)),
      call(t, manager, 'GET', payUrl(another._id)),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0]!.json().data.account_number).toBe(both[1]!.json().data.account_number);
    const rows = await t.db
      .selectFrom('collection_accounts')
      .select(['id', 'purpose'])
      .where('subject_id', '=', another._id)
      .execute();
    expect(rows).toEqual([{ id: expect.any(String), purpose: 'order' }]);
    expect(both[0]!.json().data.account_number).not.toBe(first.account_number);
  });

  it('401, 403, 404 for another business, 400 naming the field; 409 when nothing is owed', async () => {
    const placed = await placeOrder(t, w);
    expect((await call(t, null, 'GET', payUrl(placed._id))).statusCode).toBe(401);
    for (const who of [catalogue, fees, nobody])
      expect((await call(t, who, 'GET', payUrl(placed._id))).statusCode).toBe(403);
    expect((await call(t, other.owner, 'GET', payUrl(placed._id))).statusCode).toBe(404);
    expect((await call(t, other.owner, 'GET', payUrl(placed._id, other.owner.businessId))).statusCode).toBe(
      404,
    );
    expect((await call(t, w.owner, 'GET', payUrl(newId()))).statusCode).toBe(404);
    expect((await call(t, w.owner, 'GET', payUrl('not-an-id'))).statusCode).toBe(404);
    expect400(await call(t, w.owner, 'GET', payUrl(placed._id, b, 'cash')), 'method');
    expect400(await call(t, w.owner, 'GET', payUrl('a%00b')), 'orderId');
    // No account was opened for any of it.
    expect(
      await t.db
        .selectFrom('collection_accounts')
        .select('id')
        .where('subject_id', '=', placed._id)
        .execute(),
    ).toEqual([]);
    expect((await recordPayment(t, w.owner, placed._id, 6_000)).statusCode).toBe(200);
    expect((await call(t, w.owner, 'GET', payUrl(placed._id))).statusCode).toBe(409);
    const cancelled = await placeOrder(t, w);
    await moveOrder(t, w.owner, cancelled._id, 'cancelled');
    expect((await call(t, w.owner, 'GET', payUrl(cancelled._id))).statusCode).toBe(409);
  });
});

describe('a transfer to the order’s account', () => {
  it('from the sandbox payer’s bank marks the order paid: partly, then in full; the ledger balances', async () => {
    const placed = await placeOrder(t, w);
    const account = await accountOfOrder(t, w.owner, placed._id);
    const before = await balancesOf(t.db, b);
    const part = await payerSends(t, account.account_number, 2_000, 'Okafor Ngozi');
    expect(part.outcome).toBe('applied');
    let order = await getOrder(t, w.owner, b, placed._id);
    expect(order).toMatchObject({ payment_status: 'partially_paid', amount_paid: 2_000, balance: 4_000 });
    expect(order.payments).toEqual([
      {
        _id: expect.any(String),
        method: 'transfer',
        source: 'rail',
        amount: 2_000,
        paid_at: expect.any(String),
        reference: part.reference,
        payer_name: 'OKAFOR NGOZI',
        recorded_by_name: null,
      },
    ]);
    // What the account asks for now is what is left.
    expect((await accountOfOrder(t, w.owner, placed._id)).amount).toBe(4_000);
    const rest = await payerSends(t, account.account_number, 4_000);
    expect(rest.outcome).toBe('applied');
    order = await getOrder(t, w.owner, b, placed._id);
    expect(order).toMatchObject({
      payment_status: 'paid',
      amount_paid: 6_000,
      balance: 0,
      refund_due: 0,
      status: 'pending',
    });
    expect(await publicOrder(placed.token)).toMatchObject({
      payment_status: 'paid',
      amount_paid: 6_000,
      balance: 0,
    });
    // The bank holds ₦6,000 more; the business is owed it less the 1 % fee.
    const after = await expectLedgerBalanced(t, b);
    expect((after.bank_clearing?.posted ?? 0) - (before.bank_clearing?.posted ?? 0)).toBe(600_000);
    expect((after.collections?.posted ?? 0) - (before.collections?.posted ?? 0)).toBe(594_000);
    // A paid transfer order can be delivered; its sale's goods are paid by that transfer (confirmed by it).
    const delivered = await moveThrough(t, w.owner, placed._id, [
      'confirmed',
      'ready',
      'shipped',
      'delivered',
    ]);
    const sale = (await call(t, w.owner, 'GET', `/v1/sales/${delivered.sale_id}/businesses/${b}`)).json()
      .data as Sale;
    // ₦4,500 of goods: the first transfer's ₦2,000 and ₦2,500 of the second (the rest paid the delivery fee).
    expect(sale.payments.map((p) => [p.method, p.amount])).toEqual([
      ['fixed_account', 2_000],
      ['fixed_account', 2_500],
    ]);
  });

  it('the same bank event twice, or the same transfer under another event id, pays once', async () => {
    const placed = await placeOrder(t, w);
    const account = await accountOfOrder(t, w.owner, placed._id);
    const before = await balancesOf(t.db, b);
    const event = transferEvent(account, 150_000);
    expect(await deliverEvent(t, event)).toBe('applied');
    expect(await deliverEvent(t, event)).toBe('duplicate');
    expect(await deliverEvent(t, { ...event, id: `evt_${newId()}` })).toBe('duplicate');
    // At the same moment too.
    const racing = transferEvent(account, 100_000);
    const outcomes = await Promise.all([
      deliverEvent(t, racing),
      deliverEvent(t, { ...racing, id: `evt_${newId()}` }),
    ]);
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    const order = await getOrder(t, w.owner, b, placed._id);
    expect(order).toMatchObject({ amount_paid: 2_500, balance: 3_500, payment_status: 'partially_paid' });
    expect(order.payments.map((p) => [p.source, p.amount, p.payer_name])).toEqual([
      ['rail', 1_500, 'EZE NNAMDI'],
      ['rail', 1_000, 'EZE NNAMDI'],
    ]);
    const after = await expectLedgerBalanced(t, b);
    expect((after.bank_clearing?.posted ?? 0) - (before.bank_clearing?.posted ?? 0)).toBe(250_000);
  });

  it('a transfer and a payment by hand at the same moment both count', async () => {
    const placed = await placeOrder(t, w);
    const account = await accountOfOrder(t, w.owner, placed._id);
    const [rail, manual] = await Promise.all([
      deliverEvent(t, transferEvent(account, 100_000)),
      recordPayment(t, manager, placed._id, 2_000),
    ]);
    expect(rail).toBe('applied');
    expect(manual.statusCode, manual.body).toBe(200);
    expect(await getOrder(t, w.owner, b, placed._id)).toMatchObject({ amount_paid: 3_000, balance: 3_000 });
    const row = await t.db
      .selectFrom('orders')
      .select(['paid_kobo', 'total_kobo'])
      .where('id', '=', placed._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ paid_kobo: 300_000, total_kobo: 600_000 });
  });

  it('to a cancelled order is kept and shows as refund_due; more than owed is refund_due too', async () => {
    const placed = await placeOrder(t, w);
    const account = await accountOfOrder(t, w.owner, placed._id);
    await moveOrder(t, w.owner, placed._id, 'cancelled');
    const sent = await payerSends(t, account.account_number, 2_500);
    expect(sent.outcome).toBe('applied');
    const cancelled = await getOrder(t, w.owner, b, placed._id);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      amount_paid: 2_500,
      balance: 0,
      refund_due: 2_500,
    });
    expect(await publicOrder(placed.token)).toMatchObject({ refund_due: 2_500, balance: 0 });
    const over = await placeOrder(t, w);
    const overAccount = await accountOfOrder(t, w.owner, over._id);
    expect((await payerSends(t, overAccount.account_number, 10_000)).outcome).toBe('applied');
    expect(await getOrder(t, w.owner, b, over._id)).toMatchObject({
      payment_status: 'paid',
      amount_paid: 10_000,
      balance: 0,
      refund_due: 4_000,
    });
    await expectLedgerBalanced(t, b);
    // The owner and the shopper hear of it (sent by the job), each once.
    await Promise.all([sendOrderMessages(jobDeps(t)), sendOrderMessages(jobDeps(t))]);
    await orderMessagesSettled(t);
    const owner = (await emailsTo(t, w.owner.email)).filter(
      (m) => m.kind === 'order_owner_payment' && m.subject === `Payment received for order ${placed.number}`,
    );
    expect(owner).toHaveLength(1);
    expect(owner[0]!.body).toContain('which was cancelled: ₦2,500.00 is owed back to Ngozi Okafor');
    const shopper = (await emailsTo(t, over.email!)).filter((m) => m.kind === 'order_shopper_payment');
    expect(shopper).toHaveLength(1);
    expect(shopper[0]!.body).toContain('₦4,000.00 is more than this order needs');
  });
});

describe('the money of a paid order elsewhere', () => {
  it('the payments list counts a transfer for an order once, before and after the order is delivered', async () => {
    const fresh = await shopWorld(t);
    const fb = fresh.owner.businessId;
    const placed = await placeOrder(t, fresh);
    const account = await accountOfOrder(t, fresh.owner, placed._id);
    expect((await payerSends(t, account.account_number, 6_000)).outcome).toBe('applied');
    const day = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
    const received = async () => {
      const res = await call(
        t,
        fresh.owner,
        'GET',
        `/v1/payments/single/businesses/${fb}?startdate=${day}&enddate=${day}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.item as {
        total_value_payments: number;
        list_of_payments: { kind: string; amount: number }[];
      };
    };
    const paid = await received();
    expect(paid.total_value_payments).toBe(6_000);
    await moveThrough(t, fresh.owner, placed._id, ['confirmed', 'ready', 'shipped', 'delivered']);
    const after = await received();
    // The sale's part paid by the transfer is confirmed by that transfer, which stands for it in the list:
    // the money is counted once (decision 0010).
    expect(
      after.list_of_payments.map((p) => [p.kind, p.amount]),
      JSON.stringify(after.list_of_payments.map((p) => [p.kind, p.amount])),
    ).toHaveLength(1);
    expect(after.total_value_payments).toBe(6_000);
  });

  it('the e-mails of a transfer received go out right after it lands, as other steps do', async () => {
    const placed = await placeOrder(t, w);
    const account = await accountOfOrder(t, w.owner, placed._id);
    expect(await deliverEvent(t, transferEvent(account, 600_000))).toBe('applied');
    await orderMessagesSettled(t);
    const mails = (await emailsTo(t, placed.email!)).filter((m) => m.kind === 'order_shopper_payment');
    // The webhook sends the order's messages right after it applies the transfer (not at the next job run).
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('Your order is paid.');
  });
});

describe('PATCH /v1/orders/recordpayment/', () => {
  it('records money by hand: partly paid, then paid; the same _id twice records once', async () => {
    const placed = await placeOrder(t, w, { payment_method: 'on_delivery' });
    const id = newId();
    const first = await call(t, manager, 'PATCH', '/v1/orders/recordpayment/', {
      order_id: placed._id,
      _id: id,
      method: 'pos',
      amount: 1_000.5,
      reference: 'POS 0042',
      paid_at: '2026-01-05T10:00:00+01:00',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Payment recorded');
    const order = first.json().data as Order;
    expect(order).toMatchObject({ payment_status: 'partially_paid', amount_paid: 1_000.5, balance: 4_999.5 });
    expect(order.payments).toEqual([
      {
        _id: id,
        method: 'pos',
        source: 'manual',
        amount: 1_000.5,
        paid_at: '2026-01-05T09:00:00.000Z',
        reference: 'POS 0042',
        payer_name: null,
        recorded_by_name: 'Chidi Eze',
      },
    ]);
    // Again, and twice at once: nothing more.
    const again = await recordPayment(t, manager, placed._id, 1_000.5, id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.amount_paid).toBe(1_000.5);
    const twinId = newId();
    const twins = await Promise.all([
      recordPayment(t, w.owner, placed._id, 999.5, twinId),
      recordPayment(t, manager, placed._id, 999.5, twinId),
    ]);
    expect(twins.map((r) => r.statusCode)).toEqual([200, 200]);
    const now = await getOrder(t, w.owner, b, placed._id);
    expect(now).toMatchObject({ amount_paid: 2_000, balance: 4_000 });
    expect(now.payments).toHaveLength(2);
    // The same _id on another order is refused.
    const another = await placeOrder(t, w);
    expect((await recordPayment(t, w.owner, another._id, 10, id)).statusCode).toBe(409);
    // The rest: paid.
    expect((await recordPayment(t, w.owner, placed._id, 4_000)).json().data).toMatchObject({
      payment_status: 'paid',
      balance: 0,
    });
  });

  it('two payments of the whole balance at the same moment: one is recorded, the other refused', async () => {
    const placed = await placeOrder(t, w, { payment_method: 'on_delivery' });
    const both = await Promise.all([
      recordPayment(t, w.owner, placed._id, 6_000),
      recordPayment(t, manager, placed._id, 6_000),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await getOrder(t, w.owner, b, placed._id)).toMatchObject({
      amount_paid: 6_000,
      balance: 0,
      refund_due: 0,
    });
  });

  it('refuses more than is owed (400 naming amount), a paid order and a cancelled one (409)', async () => {
    const placed = await placeOrder(t, w);
    const over = await recordPayment(t, w.owner, placed._id, 6_000.01);
    expect400(over, 'amount');
    expect(over.json().message).toContain('₦6,000.00');
    expect((await recordPayment(t, w.owner, placed._id, 6_000)).statusCode).toBe(200);
    const paid = await recordPayment(t, w.owner, placed._id, 1);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toContain('paid');
    const cancelled = await placeOrder(t, w);
    await moveOrder(t, w.owner, cancelled._id, 'cancelled');
    const res = await recordPayment(t, w.owner, cancelled._id, 1);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain('cancelled');
    expect((await getOrder(t, w.owner, b, cancelled._id)).payments).toEqual([]);
  });

  it('400 naming the field, 401, 403, 404 for another business’s order, never a 500', async () => {
    const placed = await placeOrder(t, w);
    const theirs = await placeOrder(t, other);
    const base = { order_id: placed._id, _id: newId(), method: 'cash', amount: 100 };
    const send = (over: Record<string, unknown>, who: { token: string } | null = w.owner) =>
      call(t, who, 'PATCH', '/v1/orders/recordpayment/', { ...base, _id: newId(), ...over });
    for (const [over, field] of [
      [{ amount: 1e20 }, 'amount'],
      [{ amount: -5 }, 'amount'],
      [{ amount: 0 }, 'amount'],
      [{ amount: 1.234 }, 'amount'],
      [{ amount: '100' }, 'amount'],
      [{ method: 'bitcoin' }, 'method'],
      [{ order_id: 'abc' }, 'order_id'],
      [{ _id: 'pay-1' }, '_id'],
      [{ paid_at: 'yesterday' }, 'paid_at'],
      [{ reference: 'r\u0000' }, 'reference'],
      [{ reference: 'x'.repeat(101) }, 'reference'],
    ] as const)
      expect400(await send(over), field, JSON.stringify(over));
    for (const who of [viewer, fees, catalogue, nobody]) expect((await send({}, who)).statusCode).toBe(403);
    expect((await send({}, null)).statusCode).toBe(401);
    expect((await send({ order_id: theirs._id })).statusCode).toBe(404);
    expect((await send({ order_id: newId() })).statusCode).toBe(404);
    expect((await getOrder(t, w.owner, b, placed._id)).payments).toEqual([]);
    expect((await getOrder(t, other.owner, other.owner.businessId, theirs._id)).payments).toEqual([]);
  });
});

describe('PATCH /v1/orders/addfee/', () => {
  it('adds a fee: total and balance rise; the same _id twice adds it once', async () => {
    const placed = await placeOrder(t, w);
    await recordPayment(t, w.owner, placed._id, 6_000);
    const id = newId();
    const res = await addFee(t, fees, placed._id, 750.25, id, 'Express delivery');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Fee added');
    const order = res.json().data as Order;
    expect(order).toMatchObject({
      subtotal: 4_500,
      fee_total: 2_250.25,
      total: 6_750.25,
      amount_paid: 6_000,
      balance: 750.25,
      payment_status: 'partially_paid',
    });
    expect(order.fees.map((f) => [f.name, f.amount])).toEqual([
      ['Delivery: Island', 1_500],
      ['Express delivery', 750.25],
    ]);
    expect((await addFee(t, fees, placed._id, 750.25, id)).json().data.total).toBe(6_750.25);
    const twinId = newId();
    const twins = await Promise.all([
      addFee(t, fees, placed._id, 100, twinId),
      addFee(t, w.owner, placed._id, 100, twinId),
    ]);
    expect(twins.map((r) => r.statusCode)).toEqual([200, 200]);
    const now = await getOrder(t, w.owner, b, placed._id);
    expect(now).toMatchObject({ fee_total: 2_350.25, total: 6_850.25, balance: 850.25 });
    expect(await publicOrder(placed.token)).toMatchObject({ total: 6_850.25, balance: 850.25 });
    // The same _id on another order is refused.
    const another = await placeOrder(t, w);
    expect((await addFee(t, w.owner, another._id, 10, id)).statusCode).toBe(409);
  });

  it('is refused (409) once the order is delivered or cancelled; allowed while shipped', async () => {
    const placed = await placeOrder(t, w);
    await moveThrough(t, w.owner, placed._id, ['shipped']);
    expect((await addFee(t, fees, placed._id, 200)).statusCode).toBe(200);
    await recordPayment(t, w.owner, placed._id, 6_200);
    await moveThrough(t, w.owner, placed._id, ['delivered']);
    const delivered = await addFee(t, fees, placed._id, 200);
    expect(delivered.statusCode, delivered.body).toBe(409);
    expect(delivered.json().message).toContain('delivered');
    const gone = await placeOrder(t, w);
    await moveOrder(t, w.owner, gone._id, 'cancelled');
    const cancelled = await addFee(t, fees, gone._id, 200);
    expect(cancelled.statusCode, cancelled.body).toBe(409);
    expect(cancelled.json().message).toContain('cancelled');
    expect((await getOrder(t, w.owner, b, gone._id)).fee_total).toBe(1_500);
  });

  it('shipping_fees only; 400 naming the field; 404 for another business’s order; never a 500', async () => {
    const placed = await placeOrder(t, w);
    const theirs = await placeOrder(t, other);
    for (const who of [manager, viewer, catalogue, nobody])
      expect((await addFee(t, who, placed._id, 10)).statusCode).toBe(403);
    expect((await addFee(t, null, placed._id, 10)).statusCode).toBe(401);
    expect((await addFee(t, fees, theirs._id, 10)).statusCode).toBe(404);
    expect((await addFee(t, fees, newId(), 10)).statusCode).toBe(404);
    const send = (over: Record<string, unknown>) =>
      call(t, fees, 'PATCH', '/v1/orders/addfee/', {
        order_id: placed._id,
        _id: newId(),
        name: 'Fee',
        amount: 10,
        ...over,
      });
    for (const [over, field] of [
      [{ amount: 1e20 }, 'amount'],
      [{ amount: -1 }, 'amount'],
      [{ amount: 0 }, 'amount'],
      [{ amount: 0.001 }, 'amount'],
      [{ amount: null }, 'amount'],
      [{ name: 'Fee\u0000' }, 'name'],
      [{ name: ' ' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ order_id: 'abc' }, 'order_id'],
      [{ _id: 12 }, '_id'],
    ] as const)
      expect400(await send(over), field, JSON.stringify(over));
    expect((await getOrder(t, w.owner, b, placed._id)).fee_total).toBe(1_500);
    await expectLedgerBalanced(t, b);
  });
});
