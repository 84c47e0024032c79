import { sql, type Kysely } from 'kysely';

/**
 * The business's bank accounts (issue 14): where payouts can go. The account name is the bank's
 * answer to a name enquiry when it was added. An account number is listed once per business.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bank_accounts (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      store_id uuid,
      bank_code text NOT NULL,
      bank_name text NOT NULL,
      account_number text NOT NULL,
      account_name text NOT NULL,
      created_by uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      deleted_at timestamptz,
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, store_id) REFERENCES stores (business_id, id)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX bank_accounts_number_uq ON bank_accounts (business_id, bank_code, account_number)
    WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE TRIGGER bank_accounts_updated_at BEFORE UPDATE ON bank_accounts
    FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
}
