import { sql, type Kysely } from 'kysely';

/**
 * Where payouts go (issue 14, decision 0010 "Settlement accounts").
 * - `settlement_accounts`: the bank account a business (store_id null) or a store is paid out to, from
 *   `effective_at`. The first one takes effect at once; a change waits a day (an account taken over
 *   must not redirect the next payout) and the owner can cancel it meanwhile. Rows are never edited
 *   but to cancel them; the account in force is the latest effective, uncancelled row.
 * - `transaction_pins`: a user's 4-digit PIN for changing where money goes, argon2id, with the wrong
 *   attempts counted and a block after too many.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE settlement_accounts (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      store_id uuid,
      bank_account_id uuid NOT NULL,
      requested_by uuid NOT NULL,
      effective_at timestamptz NOT NULL,
      cancelled_at timestamptz,
      cancelled_by uuid,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, store_id) REFERENCES stores (business_id, id),
      FOREIGN KEY (business_id, bank_account_id) REFERENCES bank_accounts (business_id, id)
    )`.execute(db);
  await sql`CREATE INDEX settlement_accounts_scope_idx ON settlement_accounts
    (business_id, store_id, effective_at DESC) WHERE cancelled_at IS NULL`.execute(db);
  // Businesses that added a bank account before this: their first account of the business (or of a
  // store) is where they are paid, as payouts took it until now.
  await sql`
    INSERT INTO settlement_accounts (business_id, id, store_id, bank_account_id, requested_by, effective_at)
    SELECT DISTINCT ON (business_id, store_id) business_id, gen_random_uuid(), store_id, id, created_by, created_at
    FROM bank_accounts WHERE deleted_at IS NULL
    ORDER BY business_id, store_id, created_at, id`.execute(db);
  await sql`
    CREATE TABLE transaction_pins (
      business_id uuid NOT NULL REFERENCES businesses(id),
      user_id uuid NOT NULL,
      pin_hash text NOT NULL,
      failed_attempts integer NOT NULL DEFAULT 0,
      blocked_until timestamptz,
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, user_id),
      FOREIGN KEY (business_id, user_id) REFERENCES users (business_id, id)
    )`.execute(db);
}
