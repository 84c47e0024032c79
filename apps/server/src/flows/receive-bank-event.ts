import type { Database } from '../db/database.js';
import {
  hasTransferIn,
  setBankEventOutcome,
  storeBankEvent,
  insertTransferIn,
  type FeeSchedule,
  transferInFee,
  unmatchedTransferEvents,
} from '../modules/bank-transactions/index.js';
import { publishChange } from '../modules/changes/index.js';
import { fixedAccountOwner } from '../modules/fixed-accounts/index.js';
import { collectionAccountOwner } from '../modules/collection-accounts/index.js';
import { recordRailPayment } from '../modules/invoices/index.js';
import { recordOrderRailPayment } from '../modules/orders/index.js';
import { recordEntry } from '../modules/ledger/index.js';
import { badRequest } from '../lib/errors.js';
import {
  bankEventEnvelope,
  TRANSFER_OUTCOME_EVENTS,
  transferOutcomeEvent,
  transferReceivedEvent,
} from '../providers/banking/index.js';
import { lockPayoutByReference } from '../modules/payouts/index.js';
import { applyPayoutOutcome, type PayoutOutcome } from './payout-outcome.js';
import { payWaitingSale } from './confirm-transfer-payments.js';

export type BankEventOutcome = 'applied' | 'duplicate' | 'unmatched' | 'ignored';

/**
 * An event from the bank rail, after its signature was checked (issue 14, decision 0010). In one
 * transaction: the event is stored by its id, and a transfer received on a store's fixed account is
 * recorded with its fee and posted to the ledger — the business is owed the amount less the fee.
 * The same event again (or the same transfer under another event id) changes nothing and is kept as
 * `duplicate`. An event for an account we do not know is kept as `unmatched`, and applied when it is
 * delivered again once the account is known (an account opened at the rail a moment before our
 * write); a type this server does not act on yet is kept as `ignored`; a signed transfer that does not
 * read as one is kept as `invalid` and refused, so money that arrived always leaves a trace.
 * What became of a payout (`transfer.success`, `.failed`, `.reversed`) is applied to the payout our
 * reference names (flows/payout-outcome.ts), once, whatever order the events arrive in.
 */
export const receiveBankEvent = async (
  db: Database,
  opts: { provider: string; fee: FeeSchedule },
  rawBody: string,
  body: unknown,
): Promise<BankEventOutcome> => {
  const envelope = bankEventEnvelope.safeParse(body);
  if (!envelope.success) throw badRequest('event: an id and an event type are required');
  const { id: eventId, event: type } = envelope.data;
  const key = { provider: opts.provider, eventId };
  const base = { ...key, type, rawBody };

  if ((TRANSFER_OUTCOME_EVENTS as readonly string[]).includes(type))
    return receivePayoutEvent(db, base, body);
  if (type !== 'transfer.received')
    return db
      .transaction()
      .execute(async (tx) =>
        (await storeBankEvent(tx, { ...base, businessId: null, status: 'ignored' })).stored
          ? 'ignored'
          : 'duplicate',
      );

  const parsed = transferReceivedEvent.safeParse(body);
  if (!parsed.success) {
    await db
      .transaction()
      .execute((tx) => storeBankEvent(tx, { ...base, businessId: null, status: 'invalid' }));
    throw badRequest(`event: ${parsed.error.issues[0]?.path.join('.') || 'data'} is not valid`);
  }
  const transfer = parsed.data.data;

  return db.transaction().execute(async (tx) => {
    const fixed = await fixedAccountOwner(tx, transfer.bank_code, transfer.account_number);
    // Not a store's fixed account: perhaps one opened for an invoice (it names what it pays).
    const collection = fixed
      ? undefined
      : await collectionAccountOwner(tx, transfer.bank_code, transfer.account_number);
    const owner =
      fixed ?? (collection && { business_id: collection.business_id, store_id: collection.store_id });
    const first = await storeBankEvent(tx, {
      ...base,
      businessId: owner?.business_id ?? null,
      status: owner ? 'applied' : 'unmatched',
    });
    if (!first.stored) {
      if (first.status !== 'unmatched') return 'duplicate';
      if (!owner) return 'unmatched';
      await setBankEventOutcome(tx, key, 'applied', owner.business_id);
    }
    if (!owner) return 'unmatched';
    // The same transfer under another event id (a rail re-sending it): already counted.
    if (await hasTransferIn(tx, owner.business_id, opts.provider, transfer.reference)) {
      await setBankEventOutcome(tx, key, 'duplicate', owner.business_id);
      return 'duplicate';
    }
    const fee = transferInFee(transfer.amount, opts.fee);
    const entry = await recordEntry(tx, {
      businessId: owner.business_id,
      reference: `${opts.provider}:transfer_in:${transfer.reference}`,
      kind: 'transfer_in',
      occurredAt: new Date(transfer.paid_at),
      description: transfer.narration,
      metadata: {
        store_id: owner.store_id,
        event_id: eventId,
        ...(collection ? { [collection.purpose]: collection.subject_id } : {}),
      },
      postings: [
        { account: { kind: 'bank_clearing' }, amount: transfer.amount },
        { account: { kind: 'collections' }, amount: -(transfer.amount - fee) },
        ...(fee > 0 ? [{ account: { kind: 'fees' as const }, amount: -fee }] : []),
      ],
    });
    const recorded = await insertTransferIn(tx, {
      business_id: owner.business_id,
      store_id: owner.store_id,
      fixed_account_id: fixed?.id ?? null,
      collection_account_id: collection?.id ?? null,
      provider: opts.provider,
      provider_reference: transfer.reference,
      amount_kobo: transfer.amount,
      fee_kobo: fee,
      payer_name: transfer.payer.name,
      payer_bank_code: transfer.payer.bank_code,
      payer_bank_name: transfer.payer.bank_name,
      payer_account_number: transfer.payer.account_number,
      narration: transfer.narration,
      paid_at: transfer.paid_at,
      ledger_entry_id: entry.entryId,
    });
    if (recorded && collection) {
      const payment = {
        businessId: owner.business_id,
        bankTransactionId: recorded,
        amountKobo: transfer.amount,
        paidAt: new Date(transfer.paid_at),
        reference: transfer.reference,
        payerName: transfer.payer.name,
      };
      if (collection.purpose === 'invoice')
        await recordRailPayment(tx, { ...payment, invoiceId: collection.subject_id });
      else await recordOrderRailPayment(tx, { ...payment, orderId: collection.subject_id });
      await publishChange(tx, owner.business_id, { topic: 'payments', stores: [owner.store_id] });
      return 'applied';
    }
    if (recorded) {
      await payWaitingSale(tx, {
        businessId: owner.business_id,
        storeId: owner.store_id,
        amountKobo: transfer.amount,
        paidAt: new Date(transfer.paid_at),
        transactionId: recorded,
      });
      await publishChange(tx, owner.business_id, { topic: 'payments', stores: [owner.store_id] });
      return 'applied';
    }
    await setBankEventOutcome(tx, key, 'duplicate', owner.business_id);
    return 'duplicate';
  });
};

type StoredEventBase = { provider: string; eventId: string; type: string; rawBody: string };

/** A payout's outcome from the rail, in one transaction with the payout locked. */
const receivePayoutEvent = async (
  db: Database,
  base: StoredEventBase,
  body: unknown,
): Promise<BankEventOutcome> => {
  const key = { provider: base.provider, eventId: base.eventId };
  const parsed = transferOutcomeEvent.safeParse(body);
  if (!parsed.success) {
    await db
      .transaction()
      .execute((tx) => storeBankEvent(tx, { ...base, businessId: null, status: 'invalid' }));
    throw badRequest(`event: ${parsed.error.issues[0]?.path.join('.') || 'data'} is not valid`);
  }
  const { data } = parsed.data;
  return db.transaction().execute(async (tx) => {
    const payout = await lockPayoutByReference(tx, data.reference);
    // The rail's amount must be the payout's: anything else is not ours to apply.
    const matched = payout && payout.amount_kobo === data.amount ? payout : undefined;
    const first = await storeBankEvent(tx, {
      ...base,
      businessId: matched?.business_id ?? null,
      status: matched ? 'applied' : 'unmatched',
    });
    if (!first.stored && first.status !== 'unmatched') return 'duplicate';
    if (!matched) return 'unmatched';
    const type = parsed.data.event.replace('transfer.', '') as PayoutOutcome;
    const applied = await applyPayoutOutcome(tx, matched, {
      type,
      reason: data.reason,
      at: new Date(data.at),
    });
    if (applied === 'duplicate' || !first.stored)
      await setBankEventOutcome(tx, key, applied, matched.business_id);
    return applied;
  });
};

/**
 * Transfers kept `unmatched` (the account was unknown when the rail's event came: opened at the rail a
 * moment before our write, or a typo the rail later corrected) are tried again: those whose account is
 * ours now are applied, once, like a redelivery. Run by a job every few minutes over the last 30 days.
 */
export const rematchUnmatchedTransfers = async (
  db: Database,
  opts: { provider: string; fee: FeeSchedule },
): Promise<number> => {
  let applied = 0;
  const since = new Date(Date.now() - 30 * 86_400_000);
  for (const event of await unmatchedTransferEvents(db, since, 500)) {
    let body: unknown;
    try {
      body = JSON.parse(event.payload);
    } catch {
      continue;
    }
    if ((await receiveBankEvent(db, opts, event.payload, body)) === 'applied') applied++;
  }
  return applied;
};
