import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileWaitingPayments } from '../../src/flows/confirm-transfer-payments.js';
import { insertTransferIn } from '../../src/modules/bank-transactions/index.js';
import { createTestApp, type TestApp } from '../helper.js';
import { transferIn } from '../ledger/fixtures.js';
import { dataOf, messageOf, OTHER_UUID } from '../inventory/inventory-helper.js';
import { lagos, openFixedAccount, SECRET, transferAt } from '../payouts/payouts-helper.js';
import { saleBody, salesWorld, type Sale, type SalesWorld } from './sales-helper.js';

/**
 * "bank transfer (fixed)" at the till (issue 14): the sale's payment waits until the customer's
 * transfer of that amount lands on the store's fixed account — the bank's event, not a screenshot —
 * whichever comes first, the sale or the transfer; someone allowed can confirm it by hand.
 */

let t: TestApp;
let w: SalesWorld;
let account: string;
let branchAccount: string;

beforeAll(async () => {
  t = await createTestApp({ bankingWebhookSecret: SECRET });
  w = await salesWorld(t);
  account = await openFixedAccount(t, w.owner);
  branchAccount = await openFixedAccount(t, w.owner, w.branch);
});
afterAll(async () => t?.close());

/** A ₦`naira` sale of the delivery service paid by transfer, made `at` (default now). */
const transferSale = async (naira: number, at?: Date, who: { token: string } = w.owner) => {
  const body = saleBody(w.owner.storeId, [{ _id: w.service.productId, quantity: 1, price: naira }], {
    payments: [{ method: 'fixed_account', amount: naira }],
    ...(at ? { offline_date: at.toISOString() } : {}),
  });
  const res = await w.call(who, 'POST', '/v1/sales/', body);
  return dataOf<Sale>(res, 201);
};

const saleNow = async (id: string) =>
  dataOf<Sale>(await w.call(w.owner, 'GET', `/v1/sales/${id}/businesses/${w.owner.businessId}`));

const transferPayment = (sale: Sale) => sale.payments.find((p) => p.method === 'fixed_account')!;

describe('matching the transfer', () => {
  it('a sale waits for its transfer, and is paid when a transfer of its amount lands on the store account', async () => {
    const sale = await transferSale(1_850);
    expect(transferPayment(sale)).toMatchObject({ awaiting_transfer: true, confirmed_at: null });
    // Another amount, or the same amount to another store's account: not this sale's.
    await transferAt(t, account, 184_999, new Date());
    await transferAt(t, branchAccount, 185_000, new Date());
    expect(transferPayment(await saleNow(sale._id)).awaiting_transfer).toBe(true);
    const paidAt = new Date();
    expect(await transferAt(t, account, 185_000, paidAt)).toBe('applied');
    const paid = transferPayment(await saleNow(sale._id));
    expect(paid).toMatchObject({ awaiting_transfer: false, confirmed_at: paidAt.toISOString() });
    expect(paid.transfer_reference).toMatch(/^000058/);
  });

  it('a transfer that landed before the cashier charged pays the sale as it is recorded', async () => {
    await transferAt(t, account, 240_000, new Date(Date.now() - 5 * 60_000));
    const sale = await transferSale(2_400);
    expect(transferPayment(sale)).toMatchObject({ awaiting_transfer: false });
  });

  it('one transfer pays one sale: two equal sales take two transfers, the older sale first', async () => {
    const first = await transferSale(3_100);
    const second = await transferSale(3_100);
    await transferAt(t, account, 310_000, new Date());
    expect(transferPayment(await saleNow(first._id)).awaiting_transfer).toBe(false);
    expect(transferPayment(await saleNow(second._id)).awaiting_transfer).toBe(true);
    await transferAt(t, account, 310_000, new Date());
    expect(transferPayment(await saleNow(second._id)).awaiting_transfer).toBe(false);
    // A third sale of that amount finds both transfers taken.
    expect(transferPayment(await transferSale(3_100)).awaiting_transfer).toBe(true);
  });

  it('a sale made offline yesterday and uploaded today takes the transfer that landed yesterday', async () => {
    await transferAt(t, account, 455_000, lagos(1, 15, 2));
    const sale = await transferSale(4_550, lagos(1, 15, 0));
    expect(transferPayment(sale).awaiting_transfer).toBe(false);
  });

  it('a transfer more than a day older than the sale is not its payment', async () => {
    await transferAt(t, account, 560_000, lagos(3, 9));
    expect(transferPayment(await transferSale(5_600)).awaiting_transfer).toBe(true);
  });
});

describe('the reconcile run', () => {
  it('pays a sale whose transfer committed at the same instant without seeing it', async () => {
    const sale = await transferSale(6_300);
    // The transfer, written as a concurrent webhook would have: recorded, its entry posted, no sale seen.
    const fixed = await t.db
      .selectFrom('fixed_accounts')
      .select('id')
      .where('account_number', '=', account)
      .executeTakeFirstOrThrow();
    const reference = `race-${sale._id}`;
    const entry = await transferIn(
      t.db,
      w.owner.businessId,
      630_000,
      6_300,
      `sandbox:transfer_in:${reference}`,
    );
    await t.db.transaction().execute((tx) =>
      insertTransferIn(tx, {
        business_id: w.owner.businessId,
        store_id: w.owner.storeId,
        fixed_account_id: fixed.id,
        provider: 'sandbox',
        provider_reference: reference,
        amount_kobo: 630_000,
        fee_kobo: 6_300,
        payer_name: 'OBI CHUKWUMA',
        payer_bank_code: '058',
        payer_bank_name: 'Guaranty Trust Bank',
        payer_account_number: null,
        narration: null,
        paid_at: new Date().toISOString(),
        ledger_entry_id: entry.entryId,
      }),
    );
    expect(transferPayment(await saleNow(sale._id)).awaiting_transfer).toBe(true);
    expect(await reconcileWaitingPayments(t.db)).toBeGreaterThanOrEqual(1);
    expect(transferPayment(await saleNow(sale._id))).toMatchObject({
      awaiting_transfer: false,
      transfer_reference: reference,
    });
  });
});

describe('confirming by hand: POST /v1/sales/{id}/payments/{paymentId}/confirm', () => {
  const confirm = (who: { token: string } | null, saleId: string, paymentId: string) =>
    w.call(who, 'POST', `/v1/sales/${saleId}/payments/${paymentId}/confirm`);

  it('the owner confirms a transfer the bank has not matched; once', async () => {
    const sale = await transferSale(7_000);
    const payment = transferPayment(sale);
    expect((await confirm(null, sale._id, payment._id)).statusCode).toBe(401);
    const cashier = await confirm(w.cashier, sale._id, payment._id);
    expect(cashier.statusCode).toBe(403);
    const foreign = await w.otherCall(
      w.other,
      'POST',
      `/v1/sales/${sale._id}/payments/${payment._id}/confirm`,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await confirm(w.owner, sale._id, OTHER_UUID)).statusCode).toBe(404);
    const bad = await confirm(w.owner, sale._id, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toMatch(/paymentId/);
    const done = dataOf<Sale>(await confirm(w.owner, sale._id, payment._id));
    expect(transferPayment(done)).toMatchObject({ awaiting_transfer: false, transfer_reference: null });
    const again = await confirm(w.owner, sale._id, payment._id);
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('This payment is not waiting for a transfer.');
    // The transfer that lands later is not taken by a sale already paid: it stays in Transactions.
    await transferAt(t, account, 700_000, new Date());
    expect(transferPayment(await saleNow(sale._id)).transfer_reference).toBeNull();
  });

  it('a cash payment is not a transfer to confirm', async () => {
    const body = saleBody(w.owner.storeId, [{ _id: w.service.productId, quantity: 1 }], {
      payments: [{ method: 'card', amount: 200 }],
    });
    const sale = dataOf<Sale>(await w.call(w.owner, 'POST', '/v1/sales/', body), 201);
    const res = await confirm(w.owner, sale._id, sale.payments[0]!._id);
    expect(res.statusCode).toBe(409);
    expect(sale.payments[0]).not.toHaveProperty('awaiting_transfer');
  });
});
