import { sql, type Kysely } from 'kysely';

/**
 * Settlements and payouts (issue 14, decision 0010).
 * - `settlement_preferences`: whether the business is paid out as one (`business`) or store by store
 *   (`store`); no row means `business`.
 * - `payouts`: money sent from what the business is owed to its bank account, once per business (or
 *   store) and business day for the scheduled run. The destination is copied as it was sent. Status
 *   `pending` (sent, the amount reserved in the ledger), then `paid` or `failed` (the reservation
 *   voided), and a paid one can still be `reversed` (a new ledger entry gives the money back).
 * - `payout_transactions`: the transfers received that a payout paid out (kept for a failed one too);
 *   `bank_transactions.payout_id` is the payout currently paying each, cleared when it fails or is
 *   reversed so the next run pays it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE settlement_preferences (
      business_id uuid PRIMARY KEY REFERENCES businesses(id),
      settlement_type text NOT NULL CHECK (settlement_type IN ('business', 'store')),
      updated_by uuid,
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(db);
  await sql`
    CREATE TABLE payouts (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      -- Ours, sent to the rail (its events name it): unique across businesses.
      reference text NOT NULL UNIQUE,
      run text NOT NULL CHECK (run IN ('scheduled', 'on_demand')),
      settlement_day date NOT NULL,
      store_id uuid,
      bank_account_id uuid NOT NULL,
      bank_code text NOT NULL,
      bank_name text NOT NULL,
      account_number text NOT NULL,
      account_name text NOT NULL,
      amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
      transactions_count integer NOT NULL CHECK (transactions_count > 0),
      status text NOT NULL CHECK (status IN ('pending', 'paid', 'failed', 'reversed')),
      failure_reason text,
      provider text NOT NULL,
      provider_reference text,
      ledger_entry_id uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      sent_at timestamptz,
      paid_at timestamptz,
      failed_at timestamptz,
      reversed_at timestamptz,
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, store_id) REFERENCES stores (business_id, id),
      FOREIGN KEY (business_id, bank_account_id) REFERENCES bank_accounts (business_id, id),
      FOREIGN KEY (business_id, ledger_entry_id) REFERENCES ledger_entries (business_id, id)
    )`.execute(db);
  // One scheduled payout per business (or store) and day: a run repeated, or run by two servers,
  // makes it once.
  await sql`CREATE UNIQUE INDEX payouts_scheduled_uq ON payouts
    (business_id, COALESCE(store_id, '00000000-0000-0000-0000-000000000000'::uuid), settlement_day)
    WHERE run = 'scheduled'`.execute(db);
  await sql`CREATE INDEX payouts_created_idx ON payouts (business_id, created_at DESC, id)`.execute(db);
  await sql`
    CREATE TABLE payout_transactions (
      business_id uuid NOT NULL,
      payout_id uuid NOT NULL,
      transaction_id uuid NOT NULL,
      PRIMARY KEY (business_id, payout_id, transaction_id),
      FOREIGN KEY (business_id, payout_id) REFERENCES payouts (business_id, id),
      FOREIGN KEY (business_id, transaction_id) REFERENCES bank_transactions (business_id, id)
    )`.execute(db);
  await sql`ALTER TABLE bank_transactions ADD COLUMN payout_id uuid`.execute(db);
  await sql`ALTER TABLE bank_transactions ADD FOREIGN KEY (business_id, payout_id) REFERENCES payouts (business_id, id)`.execute(
    db,
  );
  await sql`CREATE INDEX bank_transactions_unpaid_idx ON bank_transactions (business_id, paid_at)
    WHERE payout_id IS NULL`.execute(db);
}
