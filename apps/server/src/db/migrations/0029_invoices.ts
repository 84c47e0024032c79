import { sql, type Kysely } from 'kysely';

/**
 * Invoices (issue 15; spec 001 §3-§4, §7 "Invoices"). An invoice's id is made on the device (the
 * idempotency key of its upload); its number is the business's gap-free sequence, given in the same
 * transaction as the insert. Money in kobo. Totals are kept on the row (recomputed from lines, taxes,
 * payments and credit notes on every change, in that transaction) so lists and sums read no lines.
 * A deleted invoice stays as a tombstone (`deleted_at`): its number is never reused.
 *
 * Collection accounts: an account number at the bank rail opened for one invoice (later one order), so
 * a transfer to it names what it pays. `bank_transactions` may now come from one instead of a store's
 * fixed account.
 *
 * Reminders: one row per scheduled day (or one sent by hand); a row is claimed, sent and marked in that
 * order, so a job run twice or on two servers sends it once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE invoices (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      number text NOT NULL,
      store_id uuid NOT NULL,
      customer_id uuid NOT NULL,
      status text NOT NULL CHECK (status IN ('draft','sent','partially_paid','paid','overdue','cancelled')),
      order_status text NOT NULL DEFAULT 'pending' CHECK (order_status IN ('pending','processing','shipped','delivered')),
      order_note text,
      issue_date date NOT NULL,
      due_date date NOT NULL,
      discount_type text CHECK (discount_type IN ('amount','percentage')),
      discount_value numeric(14,2),
      taxes jsonb NOT NULL DEFAULT '[]',
      subtotal_kobo bigint NOT NULL,
      discount_total_kobo bigint NOT NULL,
      tax_total_kobo bigint NOT NULL,
      total_kobo bigint NOT NULL CHECK (total_kobo >= 0),
      paid_kobo bigint NOT NULL DEFAULT 0 CHECK (paid_kobo >= 0),
      credited_kobo bigint NOT NULL DEFAULT 0 CHECK (credited_kobo >= 0 AND credited_kobo <= total_kobo),
      balance_kobo bigint NOT NULL CHECK (balance_kobo >= 0),
      notes text,
      reminder_days integer[] NOT NULL DEFAULT '{}',
      public_token text NOT NULL UNIQUE,
      sent_at timestamptz,
      last_reminder_at timestamptz,
      cancelled_at timestamptz,
      is_offline_data boolean NOT NULL DEFAULT false,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      deleted_at timestamptz,
      PRIMARY KEY (business_id, id),
      UNIQUE (business_id, number),
      FOREIGN KEY (business_id, store_id) REFERENCES stores (business_id, id),
      FOREIGN KEY (business_id, customer_id) REFERENCES customers (business_id, id)
    )`.execute(db);
  await sql`CREATE INDEX invoices_updated_idx ON invoices (business_id, updated_at)`.execute(db);
  await sql`CREATE INDEX invoices_list_idx ON invoices (business_id, issue_date DESC, number DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX invoices_open_due_idx ON invoices (due_date)
    WHERE status IN ('sent','partially_paid') AND deleted_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE invoice_lines (
      business_id uuid NOT NULL,
      invoice_id uuid NOT NULL,
      id uuid NOT NULL,
      position integer NOT NULL,
      product_id uuid,
      variety_id uuid,
      name text NOT NULL,
      quantity integer NOT NULL CHECK (quantity > 0),
      unit_price_kobo bigint NOT NULL CHECK (unit_price_kobo >= 0),
      discount_type text CHECK (discount_type IN ('amount','percentage')),
      discount_value numeric(14,2),
      total_kobo bigint NOT NULL CHECK (total_kobo >= 0),
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, invoice_id) REFERENCES invoices (business_id, id) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX invoice_lines_invoice_idx ON invoice_lines (business_id, invoice_id, position)`.execute(
    db,
  );
  await sql`
    CREATE TABLE invoice_milestones (
      business_id uuid NOT NULL,
      invoice_id uuid NOT NULL,
      id uuid NOT NULL,
      position integer NOT NULL,
      name text NOT NULL,
      amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
      due_date date NOT NULL,
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, invoice_id) REFERENCES invoices (business_id, id) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX invoice_milestones_invoice_idx ON invoice_milestones (business_id, invoice_id, position)`.execute(
    db,
  );
  await sql`
    CREATE TABLE invoice_payments (
      business_id uuid NOT NULL,
      invoice_id uuid NOT NULL,
      id uuid NOT NULL,
      method text NOT NULL CHECK (method IN ('cash','transfer','card','cheque','other')),
      source text NOT NULL CHECK (source IN ('manual','rail')),
      amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
      paid_at timestamptz NOT NULL,
      reference text,
      payer_name text,
      bank_transaction_id uuid UNIQUE,
      recorded_by uuid,
      owner_told_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, invoice_id) REFERENCES invoices (business_id, id)
    )`.execute(db);
  await sql`CREATE INDEX invoice_payments_invoice_idx ON invoice_payments (business_id, invoice_id, paid_at)`.execute(
    db,
  );
  await sql`CREATE INDEX invoice_payments_untold_idx ON invoice_payments (created_at)
    WHERE source = 'rail' AND owner_told_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE credit_notes (
      business_id uuid NOT NULL,
      invoice_id uuid NOT NULL,
      id uuid NOT NULL,
      number text NOT NULL,
      amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
      reason text NOT NULL,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      UNIQUE (business_id, number),
      FOREIGN KEY (business_id, invoice_id) REFERENCES invoices (business_id, id)
    )`.execute(db);
  await sql`
    CREATE TABLE invoice_reminders (
      business_id uuid NOT NULL,
      invoice_id uuid NOT NULL,
      id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('scheduled','manual')),
      remind_on date,
      status text NOT NULL CHECK (status IN ('waiting','sent','skipped')),
      claimed_at timestamptz,
      sent_at timestamptz,
      skip_reason text,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      UNIQUE (business_id, invoice_id, kind, remind_on),
      FOREIGN KEY (business_id, invoice_id) REFERENCES invoices (business_id, id)
    )`.execute(db);
  await sql`CREATE INDEX invoice_reminders_due_idx ON invoice_reminders (remind_on) WHERE status = 'waiting'`.execute(
    db,
  );
  await sql`
    CREATE TABLE collection_accounts (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      store_id uuid NOT NULL,
      purpose text NOT NULL CHECK (purpose IN ('invoice','order')),
      subject_id uuid NOT NULL,
      bank_code text NOT NULL,
      bank_name text NOT NULL,
      account_number text NOT NULL,
      account_name text NOT NULL,
      provider text NOT NULL,
      provider_reference text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      UNIQUE (bank_code, account_number),
      UNIQUE (business_id, purpose, subject_id),
      FOREIGN KEY (business_id, store_id) REFERENCES stores (business_id, id)
    )`.execute(db);
  await sql`ALTER TABLE bank_transactions ALTER COLUMN fixed_account_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE bank_transactions ADD COLUMN collection_account_id uuid`.execute(db);
  await sql`ALTER TABLE bank_transactions ADD CONSTRAINT bank_transactions_one_account
    CHECK ((fixed_account_id IS NULL) <> (collection_account_id IS NULL))`.execute(db);
}
