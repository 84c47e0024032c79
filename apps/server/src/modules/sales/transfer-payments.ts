import { sql } from 'kysely';
import type { InTx, Tx } from '../../db/database.js';

/**
 * "bank transfer (fixed)" payments waiting for their transfer (migration 0025). Flows match them with
 * transfers received (flows/confirm-transfer-payments.ts); only this module writes `sale_payments`.
 */

/** How long before (a sale recorded after the customer paid) or after a sale its transfer may land. */
export const TRANSFER_BEFORE_SALE = '2 hours';
export const TRANSFER_AFTER_SALE = '24 hours';

/**
 * The oldest payment of the store still waiting for a transfer of exactly this amount, taken (the sale
 * made, or the payment added later) from a day before the transfer to two hours after it, locked
 * (another transfer skips it) and confirmed by it.
 * Answers the sale it paid, or null.
 */
export const confirmAwaitingPayment = async (
  tx: InTx,
  transfer: { businessId: string; storeId: string; amountKobo: number; paidAt: Date; transactionId: string },
): Promise<string | null> => {
  const { rows } = await sql<{ sale_id: string }>`
    UPDATE sale_payments sp SET bank_transaction_id = ${transfer.transactionId}, confirmed_at = ${transfer.paidAt}
    FROM (
      SELECT p.id FROM sale_payments p
      JOIN sales s ON s.business_id = p.business_id AND s.id = p.sale_id
      WHERE p.business_id = ${transfer.businessId} AND p.method = 'fixed_account' AND p.confirmed_at IS NULL
        AND p.amount_kobo = ${transfer.amountKobo} AND s.store_id = ${transfer.storeId} AND s.deleted_at IS NULL
        AND GREATEST(s.sold_at, p.created_at) > ${transfer.paidAt}::timestamptz - ${TRANSFER_AFTER_SALE}::interval
        AND GREATEST(s.sold_at, p.created_at) < ${transfer.paidAt}::timestamptz + ${TRANSFER_BEFORE_SALE}::interval
      ORDER BY p.created_at, p.id
      LIMIT 1
      FOR UPDATE OF p SKIP LOCKED
    ) chosen
    WHERE sp.business_id = ${transfer.businessId} AND sp.id = chosen.id
    RETURNING sp.sale_id`.execute(tx);
  return rows[0]?.sale_id ?? null;
};

/** A sale's payments still waiting for a transfer. */
export const awaitingPaymentsOf = (tx: InTx, businessId: string, saleId: string) =>
  tx
    .selectFrom('sale_payments')
    .select(['id', 'amount_kobo'])
    .where('business_id', '=', businessId)
    .where('sale_id', '=', saleId)
    .where('method', '=', 'fixed_account')
    .where('confirmed_at', 'is', null)
    .orderBy('id')
    .execute();

/** Confirms a waiting payment: by a transfer (its id and when it landed), or by hand (`userId`). */
export const confirmPayment = async (
  tx: InTx,
  businessId: string,
  paymentId: string,
  by: { transactionId: string; at: Date } | { userId: string },
): Promise<boolean> => {
  const done = await tx
    .updateTable('sale_payments')
    .set(
      'transactionId' in by
        ? { bank_transaction_id: by.transactionId, confirmed_at: by.at }
        : { confirmed_by: by.userId, confirmed_at: sql`clock_timestamp()` },
    )
    .where('business_id', '=', businessId)
    .where('id', '=', paymentId)
    .where('method', '=', 'fixed_account')
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
};

/** The sale changed (devices download it again by `updated_at`). */
export const touchSale = async (tx: InTx, businessId: string, saleId: string): Promise<void> => {
  await tx
    .updateTable('sales')
    .set({ updated_at: sql`clock_timestamp()` })
    .where('business_id', '=', businessId)
    .where('id', '=', saleId)
    .execute();
};

/** Sales with a payment still waiting for its transfer, taken from `since` on (the reconcile run). */
export const salesAwaitingTransfer = (db: Tx, since: Date, limit: number) =>
  db
    .selectFrom('sale_payments as p')
    .innerJoin('sales as s', (j) =>
      j.onRef('s.business_id', '=', 'p.business_id').onRef('s.id', '=', 'p.sale_id'),
    )
    .select(['s.business_id', 's.store_id', 's.id as sale_id', 's.sold_at'])
    .distinct()
    .where('p.method', '=', 'fixed_account')
    .where('p.confirmed_at', 'is', null)
    .where('p.created_at', '>=', since)
    .where('s.deleted_at', 'is', null)
    .limit(limit)
    .execute();
