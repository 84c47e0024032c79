import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { rematchUnmatchedTransfers } from '../../src/flows/receive-bank-event.js';
import { signBody, SIGNATURE_HEADER } from '../../src/providers/banking/index.js';
import { createTestApp, signUp, type TestApp } from '../helper.js';
import { balancesOf } from '../ledger/fixtures.js';

/**
 * POST /v1/webhooks/banking (issue 14): the rail's signed events. A transfer received on a store's
 * fixed account is recorded once with its fee and posted to the ledger; a bad signature is refused
 * before anything is read; repeats, unknown accounts and unknown event types change no balance.
 */

const SECRET = 'test-webhook-secret-0123456789';
let t: TestApp;
let shop: { businessId: string; storeId: string; account: string };
let neighbour: { businessId: string; storeId: string; account: string };

const openFixedAccount = async () => {
  const owner = await signUp(t);
  const res = await t.request({
    method: 'POST',
    url: `/v2/payments/accounts/businesses/${owner.businessId}/customfixedaccount`,
    token: owner.token,
    body: { store_id: owner.storeId, bank_code: '035' },
  });
  return {
    businessId: owner.businessId,
    storeId: owner.storeId,
    account: res.json().data.account_number as string,
  };
};

beforeAll(async () => {
  t = await createTestApp({ bankingWebhookSecret: SECRET, transferInFee: { bps: 100, capKobo: 30_000 } });
  shop = await openFixedAccount();
  neighbour = await openFixedAccount();
});
afterAll(async () => t?.close());

const transferEvent = (
  over: { account?: string; amount?: number; reference?: string; id?: string } = {},
) => ({
  id: over.id ?? `evt_${newId()}`,
  event: 'transfer.received',
  data: {
    reference: over.reference ?? `NIP${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    account_number: over.account ?? shop.account,
    bank_code: '035',
    amount: over.amount ?? 2_500_000,
    currency: 'NGN',
    payer: {
      name: 'OKAFOR CHIOMA ADAEZE',
      bank_code: '058',
      bank_name: 'Guaranty Trust Bank',
      account_number: '0123456789',
    },
    narration: 'Payment for rice',
    paid_at: '2026-11-28T09:15:00.000Z',
  },
});

const deliver = (event: unknown, { signature, raw }: { signature?: string | null; raw?: string } = {}) => {
  const body = raw ?? JSON.stringify(event);
  return t.request({
    method: 'POST',
    url: '/v1/webhooks/banking',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { [SIGNATURE_HEADER]: signature ?? signBody(SECRET, body) }),
    },
    body,
  });
};

const transfersOf = (businessId: string) =>
  t.db.selectFrom('bank_transactions').selectAll().where('business_id', '=', businessId).execute();
const eventCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('bank_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a transfer received', () => {
  it('is recorded with its fee, and the business is owed the rest', async () => {
    const before = await balancesOf(t.db, shop.businessId);
    const event = transferEvent({ amount: 2_500_000 });
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('applied');
    const transfer = (await transfersOf(shop.businessId)).find(
      (r) => r.provider_reference === event.data.reference,
    );
    expect(transfer).toMatchObject({
      store_id: shop.storeId,
      amount_kobo: 2_500_000,
      fee_kobo: 25_000,
      payer_name: 'OKAFOR CHIOMA ADAEZE',
      payer_bank_name: 'Guaranty Trust Bank',
      status: 'successful',
    });
    expect(transfer!.paid_at.toISOString()).toBe('2026-11-28T09:15:00.000Z');
    const after = await balancesOf(t.db, shop.businessId);
    expect((after.collections?.posted ?? 0) - (before.collections?.posted ?? 0)).toBe(2_475_000);
    expect((after.fees?.posted ?? 0) - (before.fees?.posted ?? 0)).toBe(25_000);
    expect((after.bank_clearing?.posted ?? 0) - (before.bank_clearing?.posted ?? 0)).toBe(2_500_000);
  });

  it('delivered twice, or again under another event id, counts once', async () => {
    const event = transferEvent({ amount: 100_000 });
    expect((await deliver(event)).json().message).toBe('applied');
    const owed = (await balancesOf(t.db, shop.businessId)).collections!.posted;
    expect((await deliver(event)).json().message).toBe('duplicate');
    const resentId = `evt_${newId()}`;
    const resent = await deliver({ ...event, id: resentId });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe('duplicate');
    const kept = await t.db
      .selectFrom('bank_events')
      .select('status')
      .where('event_id', '=', resentId)
      .executeTakeFirstOrThrow();
    expect(kept.status).toBe('duplicate');
    expect((await balancesOf(t.db, shop.businessId)).collections!.posted).toBe(owed);
    const rows = (await transfersOf(shop.businessId)).filter(
      (r) => r.provider_reference === event.data.reference,
    );
    expect(rows).toHaveLength(1);
  });

  it("lands on the account's own business only", async () => {
    const before = (await balancesOf(t.db, shop.businessId)).collections!.posted;
    const event = transferEvent({ account: neighbour.account, amount: 70_000 });
    expect((await deliver(event)).json().message).toBe('applied');
    expect((await balancesOf(t.db, shop.businessId)).collections!.posted).toBe(before);
    expect((await balancesOf(t.db, neighbour.businessId)).collections!.posted).toBe(70_000 - 700);
  });

  it('for an account we do not know is kept, unmatched, and owed to nobody', async () => {
    const event = transferEvent({ account: '0000000000' });
    const res = await deliver(event);
    expect(res.json().message).toBe('unmatched');
    const stored = await t.db
      .selectFrom('bank_events')
      .select(['status', 'business_id'])
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'unmatched', business_id: null });
  });
});

/** The account the rail opened, recorded by us only after its first money arrived. */
const recordLateAccount = async (
  owner: { businessId: string; storeId: string; userId: string },
  accountNumber: string,
  providerReference: string,
) =>
  t.db
    .insertInto('fixed_accounts')
    .values({
      business_id: owner.businessId,
      id: newId(),
      store_id: owner.storeId,
      bank_code: '035',
      bank_name: 'Wema Bank',
      account_number: accountNumber,
      account_name: 'ADA STORES IKEJA',
      provider: 'sandbox',
      provider_reference: providerReference,
      created_by: owner.userId,
    })
    .execute();

describe('an account opened a moment after its money arrived', () => {
  it('is unmatched at first, and applied when the rail delivers the event again', async () => {
    const owner = await signUp(t);
    const late = '2222222222';
    const event = transferEvent({ account: late, amount: 40_000 });
    expect((await deliver(event)).json().message).toBe('unmatched');
    // The account the rail opened, recorded by us after the first delivery.
    await recordLateAccount(owner, late, 'SBX-VA-late');
    expect((await deliver(event)).json().message).toBe('applied');
    expect((await deliver(event)).json().message).toBe('duplicate');
    expect((await balancesOf(t.db, owner.businessId)).collections!.posted).toBe(40_000 - 400);
    const stored = await t.db
      .selectFrom('bank_events')
      .select(['status', 'business_id'])
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'applied', business_id: owner.businessId });
  });

  it('is applied by the rematch run when the rail does not deliver it again, once', async () => {
    const owner = await signUp(t);
    const late = '3333333333';
    const event = transferEvent({ account: late, amount: 25_000 });
    expect((await deliver(event)).json().message).toBe('unmatched');
    const opts = { provider: 'sandbox', fee: { bps: 100, capKobo: 30_000 } };
    // Nothing to match yet: it stays unmatched.
    await rematchUnmatchedTransfers(t.db, opts);
    expect((await balancesOf(t.db, owner.businessId)).collections?.posted ?? 0).toBe(0);
    await recordLateAccount(owner, late, 'SBX-VA-late-2');
    expect(await rematchUnmatchedTransfers(t.db, opts)).toBeGreaterThanOrEqual(1);
    expect(await rematchUnmatchedTransfers(t.db, opts)).toBe(0);
    expect((await balancesOf(t.db, owner.businessId)).collections!.posted).toBe(25_000 - 250);
  });
});

describe('the signature', () => {
  it('is required and must be over the very bytes sent: nothing is stored otherwise', async () => {
    const before = await eventCount();
    const event = transferEvent();
    expect((await deliver(event, { signature: null })).statusCode).toBe(401);
    expect((await deliver(event, { signature: 'ab'.repeat(64) })).statusCode).toBe(401);
    expect((await deliver(event, { signature: 'not-hex' })).statusCode).toBe(401);
    const signedSmall = signBody(SECRET, JSON.stringify(transferEvent({ amount: 100 })));
    expect(
      (await deliver(transferEvent({ amount: 100_000_000 }), { signature: signedSmall })).statusCode,
    ).toBe(401);
    const otherSecret = signBody('another-secret', JSON.stringify(event));
    expect((await deliver(event, { signature: otherSecret })).statusCode).toBe(401);
    expect(await eventCount()).toBe(before);
  });
});

describe('other events and bad input', () => {
  it('keeps an event type it does not act on, and acknowledges it', async () => {
    const res = await deliver({ id: `evt_${newId()}`, event: 'customer.identification.success', data: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('ignored');
  });

  it('refuses signed bodies that are not a valid event, naming what is wrong, never a 500', async () => {
    const raw = '{"id": "evt_1", "event": ';
    expect((await deliver(null, { raw })).statusCode).toBe(400);
    const negative = transferEvent({ amount: -5 });
    const res = await deliver(negative);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('data.amount');
    // Kept, so money a malformed event speaks of still leaves a trace.
    const kept = await t.db
      .selectFrom('bank_events')
      .select(['status', 'payload'])
      .where('event_id', '=', negative.id)
      .executeTakeFirstOrThrow();
    expect(kept.status).toBe('invalid');
    expect(JSON.parse(kept.payload).data.amount).toBe(-5);
    const nul = transferEvent();
    nul.data.payer.name = 'OKAFOR\u0000';
    expect((await deliver(nul)).statusCode).toBe(400);
    expect((await deliver(transferEvent({ amount: 2 ** 60 }))).statusCode).toBe(400);
    expect((await deliver(transferEvent({ amount: 1_000_000_000_001 }))).statusCode).toBe(400);
    expect((await deliver({ event: 'transfer.received' })).statusCode).toBe(400);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('at the same moment (PostgreSQL)', () => {
  it('five deliveries of one event at once post once', async () => {
    const before = (await balancesOf(t.db, neighbour.businessId)).collections!.posted;
    const event = transferEvent({ account: neighbour.account, amount: 10_000 });
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(results.map((r) => r.json().message).sort()).toEqual([
      'applied',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect((await balancesOf(t.db, neighbour.businessId)).collections!.posted).toBe(before + 9_900);
  });
});
