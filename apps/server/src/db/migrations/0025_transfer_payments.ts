import { sql, type Kysely } from 'kysely';

/**
 * A sale paid by "bank transfer (fixed)" is paid when the transfer lands (issue 14): the payment waits
 * (`confirmed_at` null) until a transfer of its amount reaches the store's fixed account
 * (`bank_transaction_id`, each transfer pays one payment at most), or someone allowed confirms it by hand
 * (`confirmed_by`). Payments made before this are taken as confirmed when they were made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sale_payments
    ADD COLUMN bank_transaction_id uuid,
    ADD COLUMN confirmed_at timestamptz,
    ADD COLUMN confirmed_by uuid`.execute(db);
  await sql`UPDATE sale_payments SET confirmed_at = created_at WHERE method = 'fixed_account'`.execute(db);
  await sql`CREATE UNIQUE INDEX sale_payments_transfer_uq ON sale_payments (business_id, bank_transaction_id)
    WHERE bank_transaction_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX sale_payments_awaiting_idx ON sale_payments (business_id, amount_kobo, created_at)
    WHERE method = 'fixed_account' AND confirmed_at IS NULL`.execute(db);
}
