import { sql, type Kysely } from 'kysely';

/**
 * Money in (issue 14, decision 0010).
 * - `bank_events`: every event the bank rail sent, by the rail's event id, stored once. A platform
 *   table (the event names an account number, not a business): `business_id` is filled in once the
 *   event is matched to a business's account.
 * - `bank_transactions`: a transfer received on a store's fixed account, once per rail reference, with
 *   its fee and the ledger entry that posted it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bank_events (
      provider text NOT NULL,
      event_id text NOT NULL,
      type text NOT NULL,
      -- The body exactly as signed (text, not jsonb: any byte the rail sends is kept, never refused).
      payload text NOT NULL,
      business_id uuid REFERENCES businesses(id),
      status text NOT NULL CHECK (status IN ('applied', 'duplicate', 'unmatched', 'ignored', 'invalid')),
      received_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (provider, event_id)
    )`.execute(db);
  await sql`CREATE INDEX bank_events_unmatched_idx ON bank_events (received_at) WHERE status = 'unmatched'`.execute(
    db,
  );
  await sql`
    CREATE TABLE bank_transactions (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      store_id uuid NOT NULL,
      fixed_account_id uuid NOT NULL,
      provider text NOT NULL,
      provider_reference text NOT NULL,
      amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
      fee_kobo bigint NOT NULL CHECK (fee_kobo >= 0 AND fee_kobo < amount_kobo),
      payer_name text,
      payer_bank_code text,
      payer_bank_name text,
      payer_account_number text,
      narration text,
      status text NOT NULL CHECK (status IN ('successful')),
      paid_at timestamptz NOT NULL,
      ledger_entry_id uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      UNIQUE (business_id, provider, provider_reference),
      FOREIGN KEY (business_id, store_id) REFERENCES stores (business_id, id),
      FOREIGN KEY (business_id, fixed_account_id) REFERENCES fixed_accounts (business_id, id),
      FOREIGN KEY (business_id, ledger_entry_id) REFERENCES ledger_entries (business_id, id)
    )`.execute(db);
  await sql`CREATE INDEX bank_transactions_paid_idx ON bank_transactions (business_id, paid_at DESC, id)`.execute(
    db,
  );
}
