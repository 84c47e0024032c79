import type { Database } from '../../src/db/database.js';
import { newId } from '../../src/lib/ids.js';
import {
  accountBalances,
  recordEntry,
  resolvePending,
  type Resolution,
} from '../../src/modules/ledger/index.js';

/** A business with no money yet (a row of its own: sign-ups are rate-limited per address). */
export const newBusiness = async (db: Database): Promise<string> => {
  const id = newId();
  await db.insertInto('businesses').values({ id, name: 'Ledger test' }).execute();
  return id;
};

/** The entries the money flows will write, as tests need them (the flows come with the bank rail). */

export const transferIn = (
  db: Database,
  businessId: string,
  amount: number,
  fee: number,
  reference = newId(),
) =>
  db.transaction().execute((tx) =>
    recordEntry(tx, {
      businessId,
      reference,
      kind: 'transfer_in',
      occurredAt: new Date(),
      postings: [
        { account: { kind: 'bank_clearing' }, amount },
        { account: { kind: 'collections' }, amount: -(amount - fee) },
        ...(fee > 0 ? [{ account: { kind: 'fees' as const }, amount: -fee }] : []),
      ],
    }),
  );

export const payout = (db: Database, businessId: string, amount: number, reference = newId()) =>
  db.transaction().execute((tx) =>
    recordEntry(tx, {
      businessId,
      reference,
      kind: 'payout',
      pending: true,
      occurredAt: new Date(),
      postings: [
        { account: { kind: 'collections' }, amount },
        { account: { kind: 'bank_clearing' }, amount: -amount },
      ],
    }),
  );

export const resolve = (db: Database, businessId: string, pendingReference: string, outcome: Resolution) =>
  db
    .transaction()
    .execute((tx) => resolvePending(tx, { businessId, pendingReference, outcome, occurredAt: new Date() }));

/** A payout the rail reported successful and reversed later: the money is owed to the business again. */
export const payoutReversal = (db: Database, businessId: string, amount: number, payoutReference: string) =>
  db.transaction().execute((tx) =>
    recordEntry(tx, {
      businessId,
      reference: `${payoutReference}:reversal`,
      kind: 'payout_reversal',
      occurredAt: new Date(),
      postings: [
        { account: { kind: 'bank_clearing' }, amount },
        { account: { kind: 'collections' }, amount: -amount },
      ],
    }),
  );

/** Balances by account kind (the business-wide accounts). */
export const balancesOf = async (db: Database, businessId: string) =>
  Object.fromEntries(
    (await accountBalances(db, businessId)).filter((a) => a.storeId === null).map((a) => [a.kind, a]),
  );

/** Where the error a promise rejects with says it came from (status and code), or 'ok'. */
export const outcomeOf = async (work: Promise<unknown>): Promise<string> => {
  try {
    await work;
    return 'ok';
  } catch (error) {
    const e = error as { statusCode?: number; code?: string; message?: string };
    return e.statusCode ? `${e.statusCode} ${e.code ?? ''}`.trim() : `error ${e.code ?? e.message}`;
  }
};
