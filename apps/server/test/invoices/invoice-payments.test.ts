import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, InvoicePayInstructions } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import { tellOwnersOfInvoicePayments } from '../../src/modules/invoices/index.js';
import { signBody, SIGNATURE_HEADER } from '../../src/providers/banking/index.js';
import { createTestApp, signUp, type TestApp } from '../helper.js';
import { balancesOf } from '../ledger/fixtures.js';
import {
  addClient,
  call,
  emailsTo,
  employeeWith,
  expect400,
  getInvoice,
  jobDeps,
  logPayment,
  makeInvoice,
  type Owner,
} from './invoice-helper.js';

/**
 * Money for an invoice by transfer (issue 15): the invoice's own account at the rail, a transfer to it
 * (the sandbox payer's bank, or the rail's signed event) lands on the invoice as a payment, once, with
 * the ledger balanced; money for a cancelled invoice is kept and owed back; the owner hears of each
 * payment once.
 */

const SECRET = 'invoice-payments-secret-0123456789';
let t: TestApp;
let owner: Owner;
let other: Owner;
let client: { _id: string };
let viewer: { token: string };
let nobody: { token: string };

beforeAll(async () => {
  t = await createTestApp({ bankingWebhookSecret: SECRET, transferInFee: { bps: 100, capKobo: 30_000 } });
  owner = await signUp(t);
  other = await signUp(t, { business_name: 'Other Ventures' });
  client = await addClient(t, owner);
  viewer = await employeeWith(t, owner, ['invoices.view']);
  nobody = await employeeWith(t, owner, ['customers.view']);
});
afterAll(async () => t?.close());

const payUrl = (invoiceId: string, businessId = owner.businessId, method = 'transfer') =>
  `/v1/invoices/businesses/${businessId}/${invoiceId}/payment/${method}`;

/** How to pay the invoice by transfer (opens its account the first time). */
const accountOf = async (invoiceId: string): Promise<InvoicePayInstructions & { bank_code: string }> => {
  const res = await call(t, owner, 'GET', payUrl(invoiceId));
  expect(res.statusCode, res.body).toBe(200);
  const row = await t.db
    .selectFrom('collection_accounts')
    .select('bank_code')
    .where('subject_id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  return { ...res.json().data, bank_code: row.bank_code };
};

/** The sandbox payer's bank sends `amount` naira to the account; answers what the webhook made of it. */
const payerSends = async (accountNumber: string, amount: number, payerName = 'Okafor Chioma') => {
  const res = await t.request({
    method: 'POST',
    url: '/v1/sandbox/banking/payer-transfers',
    body: { account_number: accountNumber, amount, payer_name: payerName },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { event_id: string; reference: string; outcome: string };
};

const transferEvent = (
  account: { account_number: string; bank_code: string },
  amountKobo: number,
  over: { id?: string; reference?: string } = {},
) => ({
  id: over.id ?? `evt_${newId()}`,
  event: 'transfer.received',
  data: {
    reference: over.reference ?? `NIP${newId().replace(/-/g, '').slice(0, 20)}`,
    account_number: account.account_number,
    bank_code: account.bank_code,
    amount: amountKobo,
    currency: 'NGN',
    payer: {
      name: 'EZE NNAMDI',
      bank_code: '058',
      bank_name: 'Guaranty Trust Bank',
      account_number: '0123456789',
    },
    narration: 'Invoice payment',
    paid_at: new Date().toISOString(),
  },
});

const deliver = async (event: unknown): Promise<string> => {
  const raw = JSON.stringify(event);
  const res = await t.request({
    method: 'POST',
    url: '/v1/webhooks/banking',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(SECRET, raw) },
    body: raw,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message;
};

/** The ledger of the business balances: what reached the bank is what the business is owed plus fees. */
const expectLedgerBalanced = async (businessId: string) => {
  const b = await balancesOf(t.db, businessId);
  const clearing = b.bank_clearing?.posted ?? 0;
  const owed = b.collections?.posted ?? 0;
  const fees = b.fees?.posted ?? 0;
  expect(clearing).toBe(owed + fees);
  const sums = await t.db
    .selectFrom('ledger_postings')
    .select((eb) => eb.fn.sum<string>('amount').as('sum'))
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  // Every entry's postings add up to zero.
  expect(Number(sums.sum ?? 0)).toBe(0);
  return b;
};

describe('GET /v1/invoices/businesses/{b}/{id}/payment/transfer', () => {
  it("answers the invoice's own account (the same one every time), what is owed and the reference", async () => {
    const made = await makeInvoice(t, owner, client._id);
    const first = await accountOf(made._id);
    expect(first).toMatchObject({ method: 'transfer', amount: 10_000, reference: made.number });
    expect(first.account_number).toMatch(/^\d{10}$/);
    expect(first.account_name).toContain(made.number!);
    const again = await accountOf(made._id);
    expect(again.account_number).toBe(first.account_number);
    // Twice at once: one account.
    const another = await makeInvoice(t, owner, client._id);
    const both = await Promise.all([
      call(t, owner, 'GET', payUrl(another._id)),
      call(t, owner, 'GET', payUrl(another._id)),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0]!.json().data.account_number).toBe(both[1]!.json().data.account_number);
    const rows = await t.db
      .selectFrom('collection_accounts')
      .select('id')
      .where('subject_id', '=', another._id)
      .execute();
    expect(rows).toHaveLength(1);
    // The viewer may see it too.
    expect((await call(t, viewer, 'GET', payUrl(made._id))).statusCode).toBe(200);
  });

  it('401, 403, 404 for another business, 400 naming the method; 409 once nothing is owed', async () => {
    const made = await makeInvoice(t, owner, client._id);
    expect((await call(t, null, 'GET', payUrl(made._id))).statusCode).toBe(401);
    expect((await call(t, nobody, 'GET', payUrl(made._id))).statusCode).toBe(403);
    expect((await call(t, other, 'GET', payUrl(made._id, other.businessId))).statusCode).toBe(404);
    expect((await call(t, other, 'GET', payUrl(made._id))).statusCode).toBe(404);
    expect((await call(t, owner, 'GET', payUrl(newId()))).statusCode).toBe(404);
    expect400(await call(t, owner, 'GET', payUrl(made._id, owner.businessId, 'cash')), 'method');
    expect400(await call(t, owner, 'GET', payUrl('a%00b')), 'invoiceId');
    await logPayment(t, owner, made._id, 10_000);
    expect((await call(t, owner, 'GET', payUrl(made._id))).statusCode).toBe(409);
    const cancelled = await makeInvoice(t, owner, client._id);
    await call(t, owner, 'PATCH', `/v1/invoices/${cancelled._id}`, { cancelled: true });
    expect((await call(t, owner, 'GET', payUrl(cancelled._id))).statusCode).toBe(409);
  });
});

describe('a transfer to the invoice account', () => {
  it("from the sandbox payer's bank lands as a payment with the payer's name: partially paid, then paid", async () => {
    const made = await makeInvoice(t, owner, client._id);
    const account = await accountOf(made._id);
    const before = await balancesOf(t.db, owner.businessId);
    const sent = await payerSends(account.account_number, 4_000, 'Okafor Chioma');
    expect(sent.outcome).toBe('applied');
    const part = await getInvoice(t, owner, made._id);
    expect(part).toMatchObject({ status: 'partially_paid', amount_paid: 4_000, balance: 6_000 });
    expect(part.payments).toHaveLength(1);
    expect(part.payments[0]).toMatchObject({
      method: 'transfer',
      source: 'rail',
      amount: 4_000,
      payer_name: 'OKAFOR CHIOMA',
      reference: sent.reference,
      recorded_by_name: null,
    });
    // What is owed now is what the account asks for.
    expect((await accountOf(made._id)).amount).toBe(6_000);
    const rest = await payerSends(account.account_number, 6_000);
    expect(rest.outcome).toBe('applied');
    expect(await getInvoice(t, owner, made._id)).toMatchObject({ status: 'paid', balance: 0, refund_due: 0 });
    // The ledger: the bank holds ₦10,000; the business is owed it less 1 % fees.
    const after = await expectLedgerBalanced(owner.businessId);
    expect((after.bank_clearing?.posted ?? 0) - (before.bank_clearing?.posted ?? 0)).toBe(1_000_000);
    expect((after.collections?.posted ?? 0) - (before.collections?.posted ?? 0)).toBe(990_000);
    // The transfers list shows them, on the invoice's account.
    const list = await call(t, owner, 'GET', `/v1/payments/transactions/businesses/${owner.businessId}`);
    expect(list.statusCode, list.body).toBe(200);
    const mine = list
      .json()
      .data.transfers.filter((x: { reference: string }) =>
        [sent.reference, rest.reference].includes(x.reference),
      );
    expect(mine).toHaveLength(2);
    expect(mine[0].account_number).toBe(account.account_number);
    // Each names the invoice it paid.
    expect(mine[0].paid_for).toEqual({ kind: 'invoice', _id: made._id, number: made.number });
  });

  it('the same event twice, or the same transfer under another event id, pays once', async () => {
    const made = await makeInvoice(t, owner, client._id);
    const account = await accountOf(made._id);
    const event = transferEvent(account, 300_000);
    const before = await balancesOf(t.db, owner.businessId);
    expect(await deliver(event)).toBe('applied');
    expect(await deliver(event)).toBe('duplicate');
    expect(await deliver({ ...event, id: `evt_${newId()}` })).toBe('duplicate');
    // At the same moment, too.
    const racing = transferEvent(account, 200_000);
    const outcomes = await Promise.all([deliver(racing), deliver({ ...racing, id: `evt_${newId()}` })]);
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    const paid = await getInvoice(t, owner, made._id);
    expect(paid).toMatchObject({ amount_paid: 5_000, balance: 5_000, status: 'partially_paid' });
    expect(paid.payments.map((p) => p.payer_name)).toEqual(['EZE NNAMDI', 'EZE NNAMDI']);
    const after = await expectLedgerBalanced(owner.businessId);
    expect((after.bank_clearing?.posted ?? 0) - (before.bank_clearing?.posted ?? 0)).toBe(500_000);
  });

  it('a transfer and a payment logged by hand at the same moment both count', async () => {
    const made = await makeInvoice(t, owner, client._id);
    const account = await accountOf(made._id);
    const [rail, manual] = await Promise.all([
      deliver(transferEvent(account, 100_000)),
      logPayment(t, owner, made._id, 2_000),
    ]);
    expect(rail).toBe('applied');
    expect(manual.statusCode, manual.body).toBe(200);
    const now = await getInvoice(t, owner, made._id);
    expect(now).toMatchObject({ amount_paid: 3_000, balance: 7_000 });
    const row = await t.db
      .selectFrom('invoices')
      .select(['paid_kobo', 'balance_kobo'])
      .where('id', '=', made._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ paid_kobo: 300_000, balance_kobo: 700_000 });
  });

  it('for a cancelled invoice is kept and shown as refund_due; more than owed is refund_due too', async () => {
    const made = await makeInvoice(t, owner, client._id);
    const account = await accountOf(made._id);
    const cancelled = await call(t, owner, 'PATCH', `/v1/invoices/${made._id}`, { cancelled: true });
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(await deliver(transferEvent(account, 250_000))).toBe('applied');
    expect(await getInvoice(t, owner, made._id)).toMatchObject({
      status: 'cancelled',
      amount_paid: 2_500,
      balance: 0,
      refund_due: 2_500,
    });
    const over = await makeInvoice(t, owner, client._id);
    const overAccount = await accountOf(over._id);
    expect(await deliver(transferEvent(overAccount, 1_200_000))).toBe('applied');
    expect(await getInvoice(t, owner, over._id)).toMatchObject({
      status: 'paid',
      amount_paid: 12_000,
      balance: 0,
      refund_due: 2_000,
    });
    await expectLedgerBalanced(owner.businessId);
    // The owner hears that it is owed back, not that something is still to pay.
    await tellOwnersOfInvoicePayments(jobDeps(t));
    const told = (await emailsTo(t, owner.email)).find(
      (m) => m.kind === 'invoice_payment' && m.subject.endsWith(`invoice ${made.number}`),
    );
    expect(told?.body).toContain('₦2,500.00 is owed back to the client');
  });

  it('the owner is e-mailed once per payment, even by two runs at once', async () => {
    const fresh = await signUp(t);
    const who = await addClient(t, fresh);
    const made = await makeInvoice(t, fresh, who._id);
    const res = await call(t, fresh, 'GET', payUrl(made._id, fresh.businessId));
    const account = res.json().data as InvoicePayInstructions;
    const bank = await t.db
      .selectFrom('collection_accounts')
      .select('bank_code')
      .where('subject_id', '=', made._id)
      .executeTakeFirstOrThrow();
    const target = { account_number: account.account_number, bank_code: bank.bank_code };
    expect(await deliver(transferEvent(target, 150_000))).toBe('applied');
    expect(await deliver(transferEvent(target, 250_000))).toBe('applied');
    // A payment logged by hand is the owner's own: nobody needs telling.
    await logPayment(t, fresh, made._id, 1_000);
    await Promise.all([tellOwnersOfInvoicePayments(jobDeps(t)), tellOwnersOfInvoicePayments(jobDeps(t))]);
    expect(await tellOwnersOfInvoicePayments(jobDeps(t))).toBe(0);
    const mails = (await emailsTo(t, fresh.email)).filter((m) => m.kind === 'invoice_payment');
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Payment received: ₦1,500.00 for invoice ${made.number}`,
      `Payment received: ₦2,500.00 for invoice ${made.number}`,
    ]);
    expect(mails.some((m) => m.body.includes('EZE NNAMDI paid ₦2,500.00'))).toBe(true);
    const untold = await t.db
      .selectFrom('invoice_payments')
      .select('id')
      .where('invoice_id', '=', made._id)
      .where('owner_told_at', 'is', null)
      .execute();
    expect(untold).toEqual([]);
    const final: Invoice = await getInvoice(t, fresh, made._id);
    expect(final.amount_paid).toBe(5_000);
  });
});

describe('the sandbox payer routes', () => {
  it('GET /v1/sandbox/banking/payer answers without login', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/sandbox/banking/payer' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ sandbox: true });
  });

  it("pays only an invoice's account: a store's fixed account or an unknown number → 404; 400 naming the field", async () => {
    const fixed = await call(
      t,
      owner,
      'POST',
      `/v2/payments/accounts/businesses/${owner.businessId}/customfixedaccount`,
      { store_id: owner.storeId, bank_code: '035' },
    );
    expect(fixed.statusCode, fixed.body).toBeLessThan(300);
    const send = (body: unknown) =>
      t.request({ method: 'POST', url: '/v1/sandbox/banking/payer-transfers', body });
    expect((await send({ account_number: fixed.json().data.account_number, amount: 10 })).statusCode).toBe(
      404,
    );
    expect((await send({ account_number: '0000000001', amount: 10 })).statusCode).toBe(404);
    expect400(await send({ account_number: '12', amount: 10 }), 'account_number');
    expect400(await send({ account_number: '0123456789', amount: 0 }), 'amount');
    expect400(await send({ account_number: '0123456789', amount: 1e12 }), 'amount');
    expect400(await send({ account_number: '0123456789', amount: '5' }), 'amount');
    expect400(await send({ account_number: '0123456789', amount: 5, payer_name: 'a\u0000' }), 'payer_name');
  });
});
