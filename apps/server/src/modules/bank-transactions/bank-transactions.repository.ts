import type { RawBuilder } from 'kysely';
import type { InTx, Tx } from '../../db/database.js';
import type { Insertable } from 'kysely';
import type { BankTransactionsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

/** Queries of `bank_events` and `bank_transactions`. Only this module writes them. */

/** Stores an event once by the rail's id: false when it was already stored (a repeated delivery). */
export const storeBankEvent = async (
  tx: InTx,
  event: {
    provider: string;
    eventId: string;
    type: string;
    rawBody: string;
    businessId: string | null;
    status: 'applied' | 'unmatched' | 'ignored';
  },
): Promise<boolean> =>
  (await tx
    .insertInto('bank_events')
    .values({
      provider: event.provider,
      event_id: event.eventId,
      type: event.type,
      payload: event.rawBody,
      business_id: event.businessId,
      status: event.status,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('event_id')
    .executeTakeFirst()) !== undefined;

type TransferRow = Omit<Insertable<BankTransactionsTable>, 'id' | 'created_at' | 'status'>;

/** Records a transfer received, once per rail reference: false when it was already recorded. */
export const insertTransferIn = async (tx: InTx, row: TransferRow): Promise<boolean> =>
  (await tx
    .insertInto('bank_transactions')
    .values({ ...row, id: newId(), status: 'successful' })
    .onConflict((oc) => oc.columns(['business_id', 'provider', 'provider_reference']).doNothing())
    .returning('id')
    .executeTakeFirst()) !== undefined;

/** True when this rail reference is already recorded for the business. */
export const hasTransferIn = async (tx: Tx, businessId: string, provider: string, reference: string) =>
  (await tx
    .selectFrom('bank_transactions')
    .select('id')
    .where('business_id', '=', businessId)
    .where('provider', '=', provider)
    .where('provider_reference', '=', reference)
    .executeTakeFirst()) !== undefined;

/** Transfers received in [from, to), newest first; `storeIds` (not empty) limits them to those stores. */
export const transfersBetween = (
  tx: Tx,
  businessId: string,
  from: RawBuilder<Date>,
  to: RawBuilder<Date>,
  storeIds: readonly string[] | null,
) => {
  let q = tx
    .selectFrom('bank_transactions as bt')
    .innerJoin('stores as s', (j) =>
      j.onRef('s.business_id', '=', 'bt.business_id').onRef('s.id', '=', 'bt.store_id'),
    )
    .innerJoin('fixed_accounts as fa', (j) =>
      j.onRef('fa.business_id', '=', 'bt.business_id').onRef('fa.id', '=', 'bt.fixed_account_id'),
    )
    .select([
      'bt.id',
      'bt.store_id',
      's.name as store_name',
      'fa.account_number',
      'bt.provider_reference',
      'bt.amount_kobo',
      'bt.fee_kobo',
      'bt.payer_name',
      'bt.payer_bank_name',
      'bt.narration',
      'bt.status',
      'bt.paid_at',
    ])
    .where('bt.business_id', '=', businessId)
    .where('bt.paid_at', '>=', from)
    .where('bt.paid_at', '<', to);
  if (storeIds) q = q.where('bt.store_id', 'in', storeIds);
  return q.orderBy('bt.paid_at', 'desc').orderBy('bt.id', 'desc').limit(5_000).execute();
};
