import { sql, type Kysely } from 'kysely';

/**
 * Fixed (static virtual) accounts (issue 14): one per store and partner bank. The rail tells us money
 * arrived by account number alone, so an account number is unique across businesses (the one lookup
 * of the money-in path that does not start from a business: decision 0010).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE fixed_accounts (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      store_id uuid NOT NULL,
      bank_code text NOT NULL,
      bank_name text NOT NULL,
      account_number text NOT NULL,
      account_name text NOT NULL,
      provider text NOT NULL,
      provider_reference text NOT NULL,
      created_by uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      UNIQUE (business_id, store_id, bank_code),
      FOREIGN KEY (business_id, store_id) REFERENCES stores (business_id, id)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX fixed_accounts_number_uq ON fixed_accounts (bank_code, account_number)`.execute(
    db,
  );
}
