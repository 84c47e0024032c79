import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentLogDetails, PaymentsData, PaymentsReport, ReceivedPayment, Sale } from '@ms/contracts';
import { createTestApp, type TestApp } from '../helper.js';
import { dataOf, messageOf, OTHER_UUID } from '../inventory/inventory-helper.js';
import { lagos, openFixedAccount, SECRET, transferAt } from '../payouts/payouts-helper.js';
import { openTill, saleBody, salesWorld, type SalesWorld } from '../sales/sales-helper.js';

/**
 * The payments lists (issue 14, spec 001 §7 "Payments"): sale payments, refunds and the transfers received
 * on the stores' fixed accounts, each naira counted once — a sale paid by "bank transfer (fixed)" is listed
 * as its transfer when it lands; a payment counts on the day it was received (a sale made offline yesterday
 * and uploaded today counts yesterday); the report sums them; the payment log takes store ids; the details
 * of one payment show what it paid.
 */

let t: TestApp;
let w: SalesWorld;
let b: string;
let mainAccount: string;
let branchAccount: string;
const day = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' });
const today = () => day(new Date());
const yesterday = () => day(lagos(1, 12));

beforeAll(async () => {
  t = await createTestApp({ bankingWebhookSecret: SECRET });
  w = await salesWorld(t);
  b = w.owner.businessId;
  await openTill(w, w.owner.storeId);
  mainAccount = await openFixedAccount(t, w.owner);
  branchAccount = await openFixedAccount(t, w.owner, w.branch);
});
afterAll(async () => t?.close());

/** A sale of `naira` worth of the delivery service at a store, paid as given. */
const sell = async (
  storeId: string,
  naira: number,
  payments: { method: string; amount: number }[],
  extra = {},
) =>
  dataOf<Sale>(
    await w.call(
      w.owner,
      'POST',
      '/v1/sales/',
      saleBody(storeId, [{ _id: w.service.productId, quantity: 1, price: naira }], { payments, ...extra }),
    ),
    201,
  );

const single = (q: string, who: { token: string } | null = w.owner) =>
  w.call(who, 'GET', `/v1/payments/single/businesses/${b}${q}`);
const listOf = async (q: string, who: { token: string } = w.owner) =>
  dataOf<PaymentsData>(await single(q, who)).item;
const range = (start: string, end = start) => `?startdate=${start}&enddate=${end}`;

let cardSale: Sale;
let transferSale: Sale;
let offlineSale: Sale;
let strayTransferRef: string;

describe('the list of money received', () => {
  it('lists a transfer once: as the transfer, with the sale it paid, and not the waiting payment', async () => {
    cardSale = await sell(w.owner.storeId, 2_000, [{ method: 'card', amount: 2_000 }]);
    transferSale = await sell(w.owner.storeId, 4_500, [{ method: 'fixed_account', amount: 4_500 }]);
    const before = await listOf(range(today()));
    expect(before.list_of_payments.map((p) => p.kind)).toEqual(['sale_payment']);
    expect(before.total_value_payments).toBe(2_000);

    expect(await transferAt(t, mainAccount, 450_000, new Date())).toBe('applied');
    // And a transfer no sale asked for (money sent straight to the branch's account).
    expect(await transferAt(t, branchAccount, 120_000, new Date())).toBe('applied');
    const after = await listOf(range(today()));
    const transfers = after.list_of_payments.filter((p) => p.kind === 'transfer');
    expect(transfers).toHaveLength(2);
    const paid = transfers.find((p) => p.sale_id === transferSale._id)!;
    expect(paid).toMatchObject({
      amount: 4_500,
      method: 'fixed_account',
      method_label: 'bank transfer (fixed)',
      store_id: w.owner.storeId,
      receipt_number: transferSale.receipt_number,
    });
    expect(paid.fee).toBeGreaterThan(0);
    expect(paid.reference).toMatch(/^0/);
    const stray = transfers.find((p) => p.sale_id === null)!;
    expect(stray).toMatchObject({ amount: 1_200, store_id: w.branch, receipt_number: null });
    strayTransferRef = stray.reference!;
    // 2,000 by card + 4,500 and 1,200 by transfer: the transfer sale is not counted twice.
    expect(after.total_value_payments).toBe(7_700);
    expect(after.list_of_payments.every((p) => p.method !== 'fixed_account' || p.kind === 'transfer')).toBe(
      true,
    );
  });

  it('counts a sale made offline yesterday on yesterday, though it reached the server today', async () => {
    offlineSale = await sell(w.owner.storeId, 700, [{ method: 'card', amount: 700 }], {
      offline_date: lagos(1, 15).toISOString(),
      is_offline_data: true,
    });
    const y = await listOf(range(yesterday()));
    expect(y.list_of_payments.map((p) => p.sale_id)).toEqual([offlineSale._id]);
    expect(y.list_of_payments[0]!.received_at).toBe(lagos(1, 15).toISOString());
    expect((await listOf(range(today()))).total_value_payments).toBe(7_700);
    // The offline download still sees it as new (it was listed today).
    const firstPage = dataOf<PaymentsData>(await single('?batchsync=true&limit=1000'));
    expect(firstPage.item.list_of_payments.map((p) => p._id)).toContain(offlineSale.payments[0]!._id);
  });

  it('lists a transfer payment confirmed by hand from when it was confirmed', async () => {
    const handSale = await sell(w.owner.storeId, 900, [{ method: 'fixed_account', amount: 900 }]);
    const payment = handSale.payments[0]!;
    const since = dataOf<PaymentsData>(await single('?batchsync=true&limit=1000')).metaData.lastUpdate;
    dataOf(await w.call(w.owner, 'POST', `/v1/sales/${handSale._id}/payments/${payment._id}/confirm`, {}));
    const changed = dataOf<PaymentsData>(await single(`?batchsync=true&updated_at=${since}`));
    expect(changed.item.list_of_payments).toEqual([
      expect.objectContaining({
        _id: payment._id,
        kind: 'sale_payment',
        amount: 900,
        method: 'fixed_account',
      }),
    ]);
  });
});

describe('GET /v1/payments/single/businesses/{b}/report', () => {
  it('sums the range by method, kind, store and day, in kobo', async () => {
    const report = dataOf<PaymentsReport>(
      await w.call(
        w.owner,
        'GET',
        `/v1/payments/single/businesses/${b}/report${range(yesterday(), today())}`,
      ),
    );
    // 2,000 + 4,500 + 1,200 + 700 + 900.
    expect(report).toMatchObject({ total_value_payments: 9_300, count: 5 });
    expect(report.total_fees).toBeGreaterThan(0);
    expect(report.by_method).toEqual([
      { method: 'fixed_account', method_label: 'bank transfer (fixed)', count: 3, amount: 6_600 },
      { method: 'card', method_label: 'Card', count: 2, amount: 2_700 },
    ]);
    expect(report.by_kind).toEqual([
      { kind: 'transfer', count: 2, amount: 5_700 },
      { kind: 'sale_payment', count: 3, amount: 3_600 },
    ]);
    expect(report.by_store.find((s) => s.store_id === w.branch)).toEqual({
      store_id: w.branch,
      store_name: 'Lekki',
      count: 1,
      amount: 1_200,
    });
    expect(report.by_day).toEqual([
      { day: yesterday(), count: 1, amount: 700 },
      { day: today(), count: 4, amount: 8_600 },
    ]);
    const branch = dataOf<PaymentsReport>(
      await w.call(w.owner, 'GET', `/v1/payments/single/businesses/${b}/report?store_id=${w.branch}`),
    );
    expect(branch).toMatchObject({ total_value_payments: 1_200, count: 1 });
  });

  it('a cashier sums their store only; refusals name the field', async () => {
    const mine = dataOf<PaymentsReport>(
      await w.call(w.cashier, 'GET', `/v1/payments/single/businesses/${b}/report?store_id=${w.branch}`),
    );
    expect(mine).toMatchObject({ total_value_payments: 0, count: 0 });
    const url = `/v1/payments/single/businesses/${b}/report`;
    expect((await w.call(null, 'GET', url)).statusCode).toBe(401);
    expect((await w.call(w.keeper, 'GET', url)).statusCode).toBe(403);
    expect((await w.otherCall(w.other, 'GET', url)).statusCode).toBe(404);
    for (const [q, field] of [
      ['?startdate=2026-02-30', 'startdate'],
      ['?store_id=abc', 'store_id'],
      [`?startdate=${today()}&enddate=2020-01-01`, 'enddate'],
    ] as const) {
      const res = await w.call(w.owner, 'GET', `${url}${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(messageOf(res)).toContain(field);
    }
  });
});

describe('the payment log and its details', () => {
  const log = (body: unknown, q = range(yesterday(), today()), who: { token: string } | null = w.owner) =>
    w.call(who, 'POST', `/v1/payments/reports/paymentlog/businesses/${b}${q}`, body);

  it('lists the stores asked for (all when none), and a cashier only theirs', async () => {
    const all = dataOf<{ item: { total_value_payments: number; list_of_payments: ReceivedPayment[] } }>(
      await log({}),
    );
    expect(all.item.total_value_payments).toBe(9_300);
    const branch = dataOf<{ item: PaymentsData['item'] }>(await log({ store_ids: [w.branch] }));
    expect(branch.item.list_of_payments.map((p) => p.reference)).toEqual([strayTransferRef]);
    const cashiers = dataOf<{ item: PaymentsData['item'] }>(
      await log({ store_ids: [w.branch] }, undefined, w.cashier),
    );
    expect(cashiers.item).toEqual({ total_value_payments: 0, list_of_payments: [] });
    expect((await log({})).statusCode).toBe(200);
    expect((await log({}, undefined, null)).statusCode).toBe(401);
    expect((await log({}, undefined, w.keeper)).statusCode).toBe(403);
    const bad = await log({ store_ids: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('store_ids');
  });

  it('shows a transfer with its payer, sale and payout; a card payment with its sale', async () => {
    const list = (await listOf(range(today()))).list_of_payments;
    const transfer = list.find((p) => p.kind === 'transfer' && p.sale_id === transferSale._id)!;
    const url = (id: string, business = b) =>
      `/v1/payments/paymentlogdetails/businesses/${business}/paymentlogid/${id}`;
    const details = dataOf<PaymentLogDetails>(await w.call(w.owner, 'GET', url(transfer._id)));
    expect(details).toMatchObject({
      store_name: expect.any(String),
      sale: { _id: transferSale._id, receipt_number: transferSale.receipt_number, total: 4_500 },
      transfer: { net: 4_500 - transfer.fee, payout_id: null, payout_status: null },
    });
    expect(details.transfer!.payer_bank_name).toBeTruthy();
    const card = dataOf<PaymentLogDetails>(await w.call(w.owner, 'GET', url(cardSale.payments[0]!._id)));
    expect(card).toMatchObject({ sale: { _id: cardSale._id, total: 2_000 }, transfer: null });
    expect(card.payment).toMatchObject({ kind: 'sale_payment', method_label: 'Card', amount: 2_000 });

    // The branch's transfer is not the cashier's to see; nor anything of another business.
    const stray = list.find((p) => p.reference === strayTransferRef)!;
    expect((await w.call(w.cashier, 'GET', url(stray._id))).statusCode).toBe(404);
    expect((await w.call(w.owner, 'GET', url(OTHER_UUID))).statusCode).toBe(404);
    expect((await w.otherCall(w.other, 'GET', url(stray._id, w.other.businessId))).statusCode).toBe(404);
    expect((await w.otherCall(w.other, 'GET', url(stray._id))).statusCode).toBe(404);
    expect((await w.call(null, 'GET', url(stray._id))).statusCode).toBe(401);
    expect((await w.call(w.keeper, 'GET', url(stray._id))).statusCode).toBe(403);
    const bad = await w.call(w.owner, 'GET', url('nope'));
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toContain('paymentLogId');
  });
});

describe('the transactions list names the sale a transfer paid and its sales agent', () => {
  it('a till sale brought by an agent and paid by transfer shows the agent on its transfer', async () => {
    dataOf(
      await w.call(w.owner, 'POST', `/v1/businesses/${b}/stores/${w.owner.storeId}/sales-agents`, {
        name: 'Amaka',
        code: 'AMAKA',
      }),
      201,
    );
    const sale = await sell(w.owner.storeId, 3_300, [{ method: 'fixed_account', amount: 3_300 }], {
      sales_agent_code: 'amaka',
    });
    expect(await transferAt(t, mainAccount, 330_000, new Date())).toBe('applied');
    const list = dataOf<{
      transfers: { sale_id: string | null; sales_agent_code: string | null; amount: number }[];
    }>(await w.call(w.owner, 'GET', `/v1/payments/transactions/businesses/${b}`));
    expect(list.transfers.find((x) => x.amount === 3_300)).toMatchObject({
      sale_id: sale._id,
      sales_agent_code: 'AMAKA',
    });
    expect(list.transfers.find((x) => x.amount === 1_200)).toMatchObject({
      sale_id: null,
      sales_agent_code: null,
    });
    // The payments list says so too.
    const listed = (await listOf(range(today()))).list_of_payments.find((p) => p.sale_id === sale._id);
    expect(listed).toMatchObject({ kind: 'transfer', sales_agent_code: 'AMAKA' });
    const csv = await w.call(w.owner, 'GET', `/v1/payments/transactions/businesses/${b}?format=csv`);
    expect(csv.body.split('\n')[0]).toContain('Sales agent');
    expect(csv.body).toContain('AMAKA');
  });
});
