import { sql, type Kysely } from 'kysely';
import { runStatements } from '../run-statements.js';

/**
 * Customers and the loyalty ledgers (points, store credit). Balances are kept in
 * loyalty_balances, changed only together with a ledger row, and can never go negative.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE customers (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      first_name text NOT NULL,
      last_name text,
      email text,
      phone text,
      day_month text,
      street text,
      city text,
      state text,
      country text,
      is_offline_data boolean NOT NULL DEFAULT false,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      deleted_at timestamptz,
      PRIMARY KEY (business_id, id),
      UNIQUE (id)
    );
    CREATE UNIQUE INDEX customers_phone_uq ON customers (business_id, phone) WHERE deleted_at IS NULL AND phone IS NOT NULL;
    CREATE INDEX customers_updated_idx ON customers (business_id, updated_at);
    CREATE INDEX customers_name_idx ON customers (business_id, lower(first_name), lower(coalesce(last_name, '')));

    CREATE TABLE loyalty_settings (
      business_id uuid PRIMARY KEY REFERENCES businesses(id),
      points_active boolean NOT NULL DEFAULT false,
      kobo_per_point bigint NOT NULL DEFAULT 10000 CHECK (kobo_per_point > 0),
      point_value_kobo bigint NOT NULL DEFAULT 100 CHECK (point_value_kobo > 0),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );

    CREATE TABLE loyalty_balances (
      business_id uuid NOT NULL,
      customer_id uuid NOT NULL,
      points bigint NOT NULL DEFAULT 0 CHECK (points >= 0),
      store_credit_kobo bigint NOT NULL DEFAULT 0 CHECK (store_credit_kobo >= 0),
      PRIMARY KEY (business_id, customer_id),
      FOREIGN KEY (business_id, customer_id) REFERENCES customers(business_id, id)
    );

    CREATE TABLE points_ledger (
      business_id uuid NOT NULL,
      id uuid NOT NULL,
      customer_id uuid NOT NULL,
      points bigint NOT NULL CHECK (points <> 0),
      kind text NOT NULL CHECK (kind IN ('earn', 'redeem', 'reverse', 'adjust')),
      reason text NOT NULL,
      reference text,
      user_id uuid,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, customer_id) REFERENCES customers(business_id, id)
    );
    CREATE INDEX points_ledger_customer_idx ON points_ledger (business_id, customer_id, created_at);
    CREATE INDEX points_ledger_reference_idx ON points_ledger (business_id, reference) WHERE reference IS NOT NULL;

    CREATE TABLE store_credit_ledger (
      business_id uuid NOT NULL,
      id uuid NOT NULL,
      customer_id uuid NOT NULL,
      amount_kobo bigint NOT NULL CHECK (amount_kobo <> 0),
      kind text NOT NULL CHECK (kind IN ('spend', 'refund', 'adjust')),
      reason text NOT NULL,
      reference text,
      user_id uuid,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, customer_id) REFERENCES customers(business_id, id)
    );
    CREATE INDEX store_credit_ledger_customer_idx ON store_credit_ledger (business_id, customer_id, created_at);
  `,
  );
  for (const table of ['customers', 'loyalty_settings']) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_updated_at`)} BEFORE UPDATE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
  }
}
