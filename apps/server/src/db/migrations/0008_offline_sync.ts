import type { Kysely } from 'kysely';
import { runStatements } from '../run-statements.js';

/**
 * Offline sync (docs/decisions/0004-offline-sync.md).
 * - `sales.pending_customer_id`: a customer made on the device that has not reached the server yet;
 *   the sale is linked (customer_id set, points earned) when that customer is created.
 * - `sales.unregistered_cash_kobo`: cash kept on a sale made offline that no open register session
 *   could take (every register of the store closed since); the registers screen shows it.
 * - Indexes for the payments download (sale payments and refunds by time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE sales ADD COLUMN pending_customer_id uuid;
    ALTER TABLE sales ADD COLUMN unregistered_cash_kobo bigint NOT NULL DEFAULT 0 CHECK (unregistered_cash_kobo >= 0);
    CREATE INDEX sales_pending_customer_idx ON sales (business_id, pending_customer_id) WHERE pending_customer_id IS NOT NULL;
    CREATE INDEX sales_unregistered_cash_idx ON sales (business_id, store_id) WHERE unregistered_cash_kobo > 0;
    CREATE INDEX sale_payments_created_idx ON sale_payments (business_id, created_at, id);
    CREATE INDEX refunds_created_idx ON refunds (business_id, created_at, id);
  `,
  );
}
