import { sql } from 'kysely';
import type { InTx, Tx } from '../../db/database.js';
import type { LedgerAccountKind, LedgerPhase } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { CHART } from './chart.js';

/** Queries of the ledger's own tables. Only this module writes them. */

export type AccountKey = { kind: LedgerAccountKind; storeId: string | null };

export const accountKeyText = (key: AccountKey): string => `${key.kind}:${key.storeId ?? ''}`;

const accountIds = async (tx: Tx, businessId: string, kinds: readonly LedgerAccountKind[]) => {
  const rows = await tx
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'store_id'])
    .where('business_id', '=', businessId)
    .where('kind', 'in', [...new Set(kinds)])
    .execute();
  return new Map(rows.map((r) => [accountKeyText({ kind: r.kind, storeId: r.store_id }), r.id]));
};

/** The ids of these accounts of the business, each made on first use. */
export const ensureAccounts = async (
  tx: InTx,
  businessId: string,
  keys: readonly AccountKey[],
): Promise<Map<string, string>> => {
  const kinds = keys.map((k) => k.kind);
  const known = await accountIds(tx, businessId, kinds);
  const missing = keys.filter((key) => !known.has(accountKeyText(key)));
  if (missing.length === 0) return known;
  await tx
    .insertInto('ledger_accounts')
    .values(
      missing.map((key) => ({
        business_id: businessId,
        id: newId(),
        kind: key.kind,
        store_id: key.storeId,
        normal: CHART[key.kind].normal,
        debits_must_not_exceed_credits: CHART[key.kind].debitsMustNotExceedCredits,
        credits_must_not_exceed_debits: CHART[key.kind].creditsMustNotExceedDebits,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  return accountIds(tx, businessId, kinds);
};

export type EntryRow = {
  id: string;
  reference: string;
  request_hash: string;
  kind: string;
  phase: LedgerPhase;
  pending_id: string | null;
};

const entryColumns = ['id', 'reference', 'request_hash', 'kind', 'phase', 'pending_id'] as const;

/** Writes the entry unless its reference (or, for a resolution, its pending entry) is taken: undefined then. */
export const insertEntry = async (
  tx: InTx,
  entry: {
    businessId: string;
    reference: string;
    requestHash: string;
    kind: string;
    phase: LedgerPhase;
    pendingId: string | null;
    description: string | null;
    metadata: Record<string, unknown>;
    occurredAt: Date;
  },
): Promise<EntryRow | undefined> =>
  tx
    .insertInto('ledger_entries')
    .values({
      business_id: entry.businessId,
      id: newId(),
      reference: entry.reference,
      request_hash: entry.requestHash,
      kind: entry.kind,
      phase: entry.phase,
      pending_id: entry.pendingId,
      description: entry.description,
      metadata: JSON.stringify(entry.metadata),
      occurred_at: entry.occurredAt,
    })
    .onConflict((oc) => oc.doNothing())
    .returning(entryColumns)
    .executeTakeFirst();

export const entryByReference = (
  tx: Tx,
  businessId: string,
  reference: string,
): Promise<EntryRow | undefined> =>
  tx
    .selectFrom('ledger_entries')
    .select(entryColumns)
    .where('business_id', '=', businessId)
    .where('reference', '=', reference)
    .executeTakeFirst();

export const resolutionOf = (tx: Tx, businessId: string, pendingId: string): Promise<EntryRow | undefined> =>
  tx
    .selectFrom('ledger_entries')
    .select(entryColumns)
    .where('business_id', '=', businessId)
    .where('pending_id', '=', pendingId)
    .executeTakeFirst();

/** An entry's postings, in account order (the order the accounts are locked in). */
export const insertPostings = async (
  tx: InTx,
  businessId: string,
  entryId: string,
  postings: readonly { accountId: string; amount: number }[],
): Promise<void> => {
  const ordered = [...postings].sort((a, b) =>
    a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0,
  );
  await tx
    .insertInto('ledger_postings')
    .values(
      ordered.map((p) => ({
        business_id: businessId,
        entry_id: entryId,
        account_id: p.accountId,
        amount: p.amount,
      })),
    )
    .execute();
};

/** Posting a pending entry: its postings again, now posted. */
export const copyPostings = async (tx: InTx, businessId: string, fromEntryId: string, toEntryId: string) => {
  await sql`
    INSERT INTO ledger_postings (business_id, entry_id, account_id, amount)
    SELECT business_id, ${toEntryId}::uuid, account_id, amount FROM ledger_postings
     WHERE business_id = ${businessId}::uuid AND entry_id = ${fromEntryId}::uuid
     ORDER BY account_id`.execute(tx);
};

export type AccountRow = {
  id: string;
  kind: LedgerAccountKind;
  store_id: string | null;
  normal: 'debit' | 'credit';
  debits_posted: number;
  credits_posted: number;
  debits_pending: number;
  credits_pending: number;
};

export const accountsOf = (tx: Tx, businessId: string): Promise<AccountRow[]> =>
  tx
    .selectFrom('ledger_accounts')
    .select([
      'id',
      'kind',
      'store_id',
      'normal',
      'debits_posted',
      'credits_posted',
      'debits_pending',
      'credits_pending',
    ])
    .where('business_id', '=', businessId)
    .orderBy('kind')
    .orderBy('store_id')
    .execute();
