import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { accountBalances, recordEntry } from '../../src/modules/ledger/index.js';
import { createTestApp, signUp, type TestApp } from '../helper.js';
import {
  balancesOf,
  newBusiness,
  outcomeOf,
  payout,
  payoutReversal,
  resolve,
  transferIn,
} from './fixtures.js';

/**
 * The ledger's rules (decision 0010), through the module's operations and straight at the database
 * (as another writer would): balances, the same reference twice, reservations, exactly-once
 * resolution, entries that cannot be unbalanced, changed or removed.
 */

let t: TestApp;
let businessId: string;
let otherStoreId: string;

beforeAll(async () => {
  t = await createTestApp();
  businessId = (await signUp(t)).businessId;
  otherStoreId = (await signUp(t)).storeId;
});
afterAll(async () => t?.close());

/** A business of its own per test, so balances start at zero. */
const freshBusiness = () => newBusiness(t.db);

describe('posting', () => {
  it('a transfer received is owed to the business less its fee, and the fee is the platform’s', async () => {
    const b = await freshBusiness();
    const result = await transferIn(t.db, b, 2_500_000, 13_500);
    expect(result.created).toBe(true);
    const balances = await balancesOf(t.db, b);
    expect(balances.bank_clearing!.posted).toBe(2_500_000);
    expect(balances.collections!.posted).toBe(2_486_500);
    expect(balances.collections!.available).toBe(2_486_500);
    expect(balances.fees!.posted).toBe(13_500);
  });

  it('the same event twice posts once', async () => {
    const b = await freshBusiness();
    const reference = `NIP-${newId()}`;
    const first = await transferIn(t.db, b, 100_000, 500, reference);
    const again = await transferIn(t.db, b, 100_000, 500, reference);
    expect(again).toEqual({ entryId: first.entryId, created: false });
    expect((await balancesOf(t.db, b)).collections!.posted).toBe(99_500);
  });

  it('the same reference with a different movement is refused, not replayed', async () => {
    const b = await freshBusiness();
    const reference = `NIP-${newId()}`;
    await transferIn(t.db, b, 100_000, 500, reference);
    expect(await outcomeOf(transferIn(t.db, b, 100_001, 500, reference))).toBe('409 LEDGER_REFERENCE_REUSED');
    expect((await balancesOf(t.db, b)).collections!.posted).toBe(99_500);
  });

  it('the same reference in another business is that business’s own', async () => {
    const [a, b] = [await freshBusiness(), await freshBusiness()];
    const reference = `NIP-${newId()}`;
    await transferIn(t.db, a, 10_000, 0, reference);
    expect((await transferIn(t.db, b, 20_000, 0, reference)).created).toBe(true);
    expect((await balancesOf(t.db, a)).collections!.posted).toBe(10_000);
    expect((await balancesOf(t.db, b)).collections!.posted).toBe(20_000);
  });

  it('refuses postings that do not balance, fractions of a kobo, and one account twice, naming the field', async () => {
    const write = (postings: { kind: 'bank_clearing' | 'collections' | 'fees'; amount: number }[]) =>
      outcomeOf(
        t.db.transaction().execute((tx) =>
          recordEntry(tx, {
            businessId,
            reference: newId(),
            kind: 'transfer_in',
            occurredAt: new Date(),
            postings: postings.map(({ kind, amount }) => ({ account: { kind }, amount })),
          }),
        ),
      );
    expect(
      await write([
        { kind: 'bank_clearing', amount: 100 },
        { kind: 'collections', amount: -99 },
      ]),
    ).toBe('400');
    expect(
      await write([
        { kind: 'bank_clearing', amount: 100.5 },
        { kind: 'collections', amount: -100.5 },
      ]),
    ).toBe('400');
    expect(
      await write([
        { kind: 'bank_clearing', amount: 1e300 },
        { kind: 'collections', amount: -1e300 },
      ]),
    ).toBe('400');
    expect(
      await write([
        { kind: 'bank_clearing', amount: 0 },
        { kind: 'collections', amount: 0 },
      ]),
    ).toBe('400');
    expect(
      await write([
        { kind: 'collections', amount: 100 },
        { kind: 'collections', amount: -100 },
      ]),
    ).toBe('400');
    expect(await write([{ kind: 'bank_clearing', amount: 100 }])).toBe('400');
    const error = await t.db
      .transaction()
      .execute((tx) =>
        recordEntry(tx, {
          businessId,
          reference: newId(),
          kind: 'transfer_in',
          occurredAt: new Date(),
          postings: [
            { account: { kind: 'bank_clearing' }, amount: 100 },
            { account: { kind: 'collections' }, amount: -99 },
          ],
        }),
      )
      .catch((e: Error) => e);
    expect((error as Error).message).toMatch(/^postings: .*sum to zero/);
  });

  it('an account cannot belong to another business’s store', async () => {
    const b = await freshBusiness();
    const outcome = await outcomeOf(
      t.db.transaction().execute((tx) =>
        recordEntry(tx, {
          businessId: b,
          reference: newId(),
          kind: 'transfer_in',
          occurredAt: new Date(),
          postings: [
            { account: { kind: 'bank_clearing', storeId: otherStoreId }, amount: 100 },
            { account: { kind: 'collections', storeId: otherStoreId }, amount: -100 },
          ],
        }),
      ),
    );
    expect(outcome).toBe('error 23503');
    expect(await accountBalances(t.db, b)).toEqual([]);
  });
});

describe('payouts: reserved while pending, posted or voided once', () => {
  it('a pending payout reserves the money, so it cannot be sent twice', async () => {
    const b = await freshBusiness();
    await transferIn(t.db, b, 1_000_000, 0);
    const first = newId();
    await payout(t.db, b, 700_000, first);
    let balances = await balancesOf(t.db, b);
    expect(balances.collections).toMatchObject({
      posted: 1_000_000,
      pendingOut: 700_000,
      available: 300_000,
    });
    expect(await outcomeOf(payout(t.db, b, 300_001))).toBe('409 INSUFFICIENT_FUNDS');
    // The refused payout left nothing behind: its entry rolled back with it.
    const entries = await t.db
      .selectFrom('ledger_entries')
      .select('kind')
      .where('business_id', '=', b)
      .execute();
    expect(entries.map((e) => e.kind).sort()).toEqual(['payout', 'transfer_in']);

    expect(await resolve(t.db, b, first, 'post')).toMatchObject({ created: true, outcome: 'post' });
    balances = await balancesOf(t.db, b);
    expect(balances.collections).toMatchObject({ posted: 300_000, pendingOut: 0, available: 300_000 });
    expect(balances.bank_clearing).toMatchObject({ posted: 300_000, pendingOut: 0 });
  });

  it('a failed payout gives the reservation back', async () => {
    const b = await freshBusiness();
    await transferIn(t.db, b, 500_000, 0);
    const reference = newId();
    await payout(t.db, b, 500_000, reference);
    expect((await balancesOf(t.db, b)).collections!.available).toBe(0);
    expect(await resolve(t.db, b, reference, 'void')).toMatchObject({ created: true, outcome: 'void' });
    expect((await balancesOf(t.db, b)).collections).toMatchObject({ posted: 500_000, available: 500_000 });
  });

  it('the rail’s answer twice, or a contrary answer after it, changes nothing', async () => {
    const b = await freshBusiness();
    await transferIn(t.db, b, 500_000, 0);
    const reference = newId();
    await payout(t.db, b, 200_000, reference);
    const posted = await resolve(t.db, b, reference, 'post');
    expect(await resolve(t.db, b, reference, 'post')).toEqual({ ...posted, created: false });
    expect(await resolve(t.db, b, reference, 'void')).toEqual({ ...posted, created: false });
    expect((await balancesOf(t.db, b)).collections).toMatchObject({ posted: 300_000, available: 300_000 });
  });

  it('a payout reversed after it succeeded is owed to the business again, as a new entry', async () => {
    const b = await freshBusiness();
    await transferIn(t.db, b, 500_000, 0);
    const reference = newId();
    await payout(t.db, b, 500_000, reference);
    await resolve(t.db, b, reference, 'post');
    expect((await balancesOf(t.db, b)).collections!.posted).toBe(0);
    await payoutReversal(t.db, b, 500_000, reference);
    await payoutReversal(t.db, b, 500_000, reference);
    expect((await balancesOf(t.db, b)).collections!.posted).toBe(500_000);
  });

  it('only a pending entry can be resolved', async () => {
    const b = await freshBusiness();
    const reference = newId();
    await transferIn(t.db, b, 1_000, 0, reference);
    expect(await outcomeOf(resolve(t.db, b, reference, 'void'))).toBe('400');
    expect(await outcomeOf(resolve(t.db, b, newId(), 'post'))).toBe('400');
  });
});

describe('the database keeps the books right whoever writes', () => {
  const rawEntry = async (b: string, phase: string, amounts: number[], pendingId: string | null = null) => {
    const accounts = await t.db
      .selectFrom('ledger_accounts')
      .select(['id', 'kind'])
      .where('business_id', '=', b)
      .orderBy('kind')
      .execute();
    const id = newId();
    return outcomeOf(
      t.db.transaction().execute(async (tx) => {
        await sql`INSERT INTO ledger_entries (business_id, id, reference, request_hash, kind, phase, pending_id, occurred_at)
          VALUES (${b}, ${id}, ${id}, 'x', 'manual', ${phase}, ${pendingId}, now())`.execute(tx);
        for (const [i, amount] of amounts.entries())
          await sql`INSERT INTO ledger_postings (business_id, entry_id, account_id, amount)
            VALUES (${b}, ${id}, ${accounts[i]!.id}, ${amount})`.execute(tx);
      }),
    );
  };

  it('an entry that does not sum to zero, or has one posting, does not commit', async () => {
    const b = await freshBusiness();
    await transferIn(t.db, b, 10_000, 100);
    expect(await rawEntry(b, 'posted', [500, -400])).toBe('error 23514');
    expect(await rawEntry(b, 'posted', [500])).toBe('error 23514');
    expect(await rawEntry(b, 'posted', [500, -500])).toBe('ok');
    const { total } = await t.db
      .selectFrom('ledger_postings')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('business_id', '=', b)
      .executeTakeFirstOrThrow();
    expect(Number(total)).toBe(0);
  });

  it('an account that must not go negative refuses the posting', async () => {
    const b = await freshBusiness();
    await transferIn(t.db, b, 10_000, 0);
    // bank_clearing, collections, fees in kind order: take 10,001 from collections.
    expect(await rawEntry(b, 'posted', [-10_001, 10_001])).toBe('error 23514');
    expect((await balancesOf(t.db, b)).collections!.posted).toBe(10_000);
  });

  it('entries and postings are never changed or removed', async () => {
    const b = await freshBusiness();
    await transferIn(t.db, b, 10_000, 0);
    for (const statement of [
      sql`UPDATE ledger_postings SET amount = amount * 2 WHERE business_id = ${b}`,
      sql`DELETE FROM ledger_postings WHERE business_id = ${b}`,
      sql`UPDATE ledger_entries SET kind = 'other' WHERE business_id = ${b}`,
      sql`DELETE FROM ledger_entries WHERE business_id = ${b}`,
      sql`TRUNCATE ledger_postings`,
    ])
      expect(await outcomeOf(statement.execute(t.db))).toBe('error 23514');
    expect((await balancesOf(t.db, b)).collections!.posted).toBe(10_000);
  });

  it('a committed entry takes no more postings, and an account moves only with postings', async () => {
    const b = await freshBusiness();
    await transferIn(t.db, b, 10_100, 100);
    const { entryId } = await transferIn(t.db, b, 5_000, 0);
    const accounts = await t.db
      .selectFrom('ledger_accounts')
      .select(['id', 'kind'])
      .where('business_id', '=', b)
      .orderBy('kind')
      .execute();
    const addLater = t.db.transaction().execute(async (tx) => {
      await sql`INSERT INTO ledger_postings (business_id, entry_id, account_id, amount)
        VALUES (${b}, ${entryId}, ${accounts.find((a) => a.kind === 'fees')!.id}, 500)`.execute(tx);
    });
    expect(await outcomeOf(addLater)).toBe('error 23514');
    for (const statement of [
      sql`UPDATE ledger_accounts SET credits_posted = credits_posted + 1000000 WHERE business_id = ${b}`,
      sql`UPDATE ledger_accounts SET debits_must_not_exceed_credits = false WHERE business_id = ${b}`,
      sql`DELETE FROM ledger_accounts WHERE business_id = ${b}`,
    ])
      expect(await outcomeOf(statement.execute(t.db))).toBe('error 23514');
    expect((await balancesOf(t.db, b)).collections!.posted).toBe(15_000);
  });

  it('posting a pending entry must repeat its postings, and voiding one has none', async () => {
    const b = await freshBusiness();
    await transferIn(t.db, b, 10_000, 0);
    const reference = newId();
    await payout(t.db, b, 4_000, reference);
    const pending = await t.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('business_id', '=', b)
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(await rawEntry(b, 'post_pending', [-3_000, 3_000], pending.id)).toBe('error 23514');
    expect(await rawEntry(b, 'void_pending', [-4_000, 4_000], pending.id)).toBe('error 23514');
    expect((await balancesOf(t.db, b)).collections).toMatchObject({ posted: 10_000, pendingOut: 4_000 });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'at the same moment (PostgreSQL, separate connections)',
  () => {
    it('one event delivered ten times at once posts once', async () => {
      const b = await freshBusiness();
      const reference = `NIP-${newId()}`;
      const results = await Promise.all(
        Array.from({ length: 10 }, () => transferIn(t.db, b, 50_000, 0, reference)),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
      expect((await balancesOf(t.db, b)).collections!.posted).toBe(50_000);
    });

    it('two payouts of the whole balance at once: one is sent, the other refused', async () => {
      const b = await freshBusiness();
      await transferIn(t.db, b, 80_000, 0);
      const outcomes = await Promise.all([
        outcomeOf(payout(t.db, b, 80_000)),
        outcomeOf(payout(t.db, b, 80_000)),
      ]);
      expect(outcomes.sort()).toEqual(['409 INSUFFICIENT_FUNDS', 'ok']);
      expect((await balancesOf(t.db, b)).collections).toMatchObject({ available: 0, pendingOut: 80_000 });
    });

    it('a success and a failure for the same payout at once: exactly one takes effect', async () => {
      const b = await freshBusiness();
      await transferIn(t.db, b, 80_000, 0);
      const reference = newId();
      await payout(t.db, b, 30_000, reference);
      const [post, void_] = await Promise.all([
        resolve(t.db, b, reference, 'post'),
        resolve(t.db, b, reference, 'void'),
      ]);
      expect([post.created, void_.created].sort()).toEqual([false, true]);
      expect(post.outcome).toBe(void_.outcome);
      const collections = (await balancesOf(t.db, b)).collections!;
      expect(collections.pendingOut).toBe(0);
      expect(collections.posted).toBe(post.outcome === 'post' ? 50_000 : 80_000);
    });
  },
);

it('one business cannot see or resolve another’s entries', async () => {
  const [a, b] = [await freshBusiness(), await freshBusiness()];
  await transferIn(t.db, a, 10_000, 0);
  const reference = newId();
  await payout(t.db, a, 10_000, reference);
  expect(await accountBalances(t.db, b)).toEqual([]);
  expect(await outcomeOf(resolve(t.db, b, reference, 'post'))).toBe('400');
  expect((await balancesOf(t.db, a)).collections!.pendingOut).toBe(10_000);
});
