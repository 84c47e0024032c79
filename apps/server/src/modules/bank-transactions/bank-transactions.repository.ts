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

export const transfersOf = (tx: Tx, businessId: string) =>
  tx
    .selectFrom('bank_transactions')
    .selectAll()
    .where('business_id', '=', businessId)
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
