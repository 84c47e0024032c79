import { createHash } from 'node:crypto';
import type { InTx, Tx } from '../../db/database.js';
import type { LedgerAccountKind } from '../../db/schema.js';
import { isCheckViolation } from '../../lib/db-errors.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import {
  accountKeyText,
  accountsOf,
  copyPostings,
  ensureAccounts,
  entryByReference,
  insertEntry,
  insertPostings,
  resolutionOf,
  type AccountKey,
  type EntryRow,
} from './ledger.repository.js';

/**
 * The ledger's operations (decision 0010). Each runs inside the caller's transaction, the one that
 * writes the business event the money belongs to, so the event and its entry commit or fail together.
 */

export type AccountRef = { kind: LedgerAccountKind; storeId?: string | null };

export type EntryInput = {
  businessId: string;
  /** Unique in the business: the provider's reference, or an id the caller made before its first try. */
  reference: string;
  /** What happened: `transfer_in`, `payout`, `payout_reversal`, ... */
  kind: string;
  /** Signed kobo, debit positive: they must sum to zero, one per account. */
  postings: readonly { account: AccountRef; amount: number }[];
  /** A pending entry reserves its amounts until `resolvePending` posts or voids it. */
  pending?: boolean;
  occurredAt: Date;
  description?: string | null;
  metadata?: Record<string, unknown>;
};

export type EntryResult = {
  entryId: string;
  /** False when this reference was already written with the same movement: nothing posted again. */
  created: boolean;
};

/** The same reference sent again with a different movement: refused, never replayed as the first. */
export class ReferenceReusedError extends HttpError {
  constructor(reference: string) {
    super(
      409,
      `The reference ${reference} was already used for a different movement.`,
      'LEDGER_REFERENCE_REUSED',
    );
  }
}

export class InsufficientFundsError extends HttpError {
  constructor() {
    super(409, 'There is not enough money in the account for this movement.', 'INSUFFICIENT_FUNDS');
  }
}

const REFERENCE_LIMIT = 200;

const hashOf = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

const keyOf = (ref: AccountRef): AccountKey => ({ kind: ref.kind, storeId: ref.storeId ?? null });

const checkReference = (reference: string) => {
  if (!reference || reference.length > REFERENCE_LIMIT || reference.includes('\u0000'))
    throw badRequest(`reference must be 1 to ${REFERENCE_LIMIT} characters without NUL`);
};

const checkPostings = (postings: EntryInput['postings']) => {
  if (postings.length < 2) throw badRequest('postings: an entry needs two postings or more');
  const seen = new Set<string>();
  let total = 0;
  for (const { account, amount } of postings) {
    if (!Number.isSafeInteger(amount) || amount === 0)
      throw badRequest('postings: each amount must be a whole number of kobo other than zero');
    const key = accountKeyText(keyOf(account));
    if (seen.has(key)) throw badRequest('postings: one posting per account');
    seen.add(key);
    total += amount;
  }
  if (total !== 0) throw badRequest(`postings: the amounts must sum to zero (they sum to ${total})`);
};

/** Runs a write, turning the database's refusal of an overdrawn account into InsufficientFundsError. */
const guardBalances = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (
      isCheckViolation(error, 'ledger_accounts_debits_within_credits') ||
      isCheckViolation(error, 'ledger_accounts_credits_within_debits')
    )
      throw new InsufficientFundsError();
    throw error;
  }
};

/**
 * One journal entry: posted now, or pending (reserved) when the rail answers later. The same
 * reference with the same movement returns the first entry (`created: false`); with another
 * movement it is refused. An account that must not go negative refuses it (InsufficientFundsError,
 * and the caller's transaction is spoiled: the event that needed the money does not happen either).
 */
export const recordEntry = async (tx: InTx, input: EntryInput): Promise<EntryResult> => {
  checkReference(input.reference);
  checkPostings(input.postings);
  const phase = input.pending ? 'pending' : 'posted';
  const postings = input.postings.map((p) => ({ key: keyOf(p.account), amount: p.amount }));
  const requestHash = hashOf({
    kind: input.kind,
    phase,
    postings: postings
      .map((p) => [accountKeyText(p.key), p.amount] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : 1)),
  });
  const accounts = await ensureAccounts(
    tx,
    input.businessId,
    postings.map((p) => p.key),
  );
  const entry = await insertEntry(tx, {
    businessId: input.businessId,
    reference: input.reference,
    requestHash,
    kind: input.kind,
    phase,
    pendingId: null,
    description: input.description ?? null,
    metadata: input.metadata ?? {},
    occurredAt: input.occurredAt,
  });
  if (!entry) return sameMovementAgain(tx, input.businessId, input.reference, requestHash);
  await guardBalances(() =>
    insertPostings(
      tx,
      input.businessId,
      entry.id,
      postings.map((p) => ({ accountId: accounts.get(accountKeyText(p.key))!, amount: p.amount })),
    ),
  );
  return { entryId: entry.id, created: true };
};

const sameMovementAgain = async (
  tx: Tx,
  businessId: string,
  reference: string,
  requestHash: string,
): Promise<EntryResult> => {
  const existing = await entryByReference(tx, businessId, reference);
  if (!existing || existing.request_hash !== requestHash) throw new ReferenceReusedError(reference);
  return { entryId: existing.id, created: false };
};

export type Resolution = 'post' | 'void';

export type ResolveResult = EntryResult & {
  /** How the pending entry was resolved: by this call, or by an earlier one (then `created` is false). */
  outcome: Resolution;
};

/**
 * Posts or voids a pending entry, once. When it was already resolved (the rail's answer delivered
 * twice, or two answers racing) nothing is written and the first outcome is returned: the caller
 * compares it with what it was told.
 */
export const resolvePending = async (
  tx: InTx,
  input: {
    businessId: string;
    pendingReference: string;
    outcome: Resolution;
    occurredAt: Date;
    /** Defaults to `<pendingReference>:post` or `:void`. */
    reference?: string;
    metadata?: Record<string, unknown>;
  },
): Promise<ResolveResult> => {
  const reference = input.reference ?? `${input.pendingReference}:${input.outcome}`;
  checkReference(reference);
  const pending = await entryByReference(tx, input.businessId, input.pendingReference);
  if (!pending || pending.phase !== 'pending')
    throw badRequest(`pendingReference: no pending entry ${input.pendingReference}`);
  const existing = await resolutionOf(tx, input.businessId, pending.id);
  if (existing) return earlierResolution(existing);
  const phase = input.outcome === 'post' ? 'post_pending' : 'void_pending';
  const entry = await insertEntry(tx, {
    businessId: input.businessId,
    reference,
    requestHash: hashOf({ kind: pending.kind, phase, pending: pending.reference }),
    kind: pending.kind,
    phase,
    pendingId: pending.id,
    description: null,
    metadata: input.metadata ?? {},
    occurredAt: input.occurredAt,
  });
  if (!entry) {
    // Another transaction resolved it (or took this reference) first; it has committed by now.
    const first = await resolutionOf(tx, input.businessId, pending.id);
    if (first) return earlierResolution(first);
    throw new ReferenceReusedError(reference);
  }
  if (phase === 'post_pending')
    await guardBalances(() => copyPostings(tx, input.businessId, pending.id, entry.id));
  return { entryId: entry.id, created: true, outcome: input.outcome };
};

const earlierResolution = (entry: EntryRow): ResolveResult => ({
  entryId: entry.id,
  created: false,
  outcome: entry.phase === 'post_pending' ? 'post' : 'void',
});

export type AccountBalance = {
  accountId: string;
  kind: LedgerAccountKind;
  storeId: string | null;
  /** On the account's normal side, in kobo: posted entries only. */
  posted: number;
  /** Reserved by pending entries that will take from it when posted. */
  pendingOut: number;
  /** Pending entries that will add to it when posted. */
  pendingIn: number;
  /** Posted less what pending entries reserve: what can still be moved out. */
  available: number;
};

export const accountBalances = async (tx: Tx, businessId: string): Promise<AccountBalance[]> =>
  (await accountsOf(tx, businessId)).map((a) => {
    const credit = a.normal === 'credit';
    const posted = credit ? a.credits_posted - a.debits_posted : a.debits_posted - a.credits_posted;
    const pendingOut = credit ? a.debits_pending : a.credits_pending;
    const pendingIn = credit ? a.credits_pending : a.debits_pending;
    return {
      accountId: a.id,
      kind: a.kind,
      storeId: a.store_id,
      posted,
      pendingOut,
      pendingIn,
      available: posted - pendingOut,
    };
  });
