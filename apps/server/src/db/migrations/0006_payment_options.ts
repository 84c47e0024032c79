import { sql, type Kysely } from 'kysely';
import { runStatements } from '../run-statements.js';

/**
 * Payment methods of a business: custom payment options (e.g. "POS terminal (Moniepoint)") and
 * on/off switches for the built-in methods (no row = on). A sale payment keeps the name of the
 * method as it was when paid (`method_label`), so renamed or deleted options keep receipts right.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE payment_options (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      name text NOT NULL,
      instructions text,
      active boolean NOT NULL DEFAULT true,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      deleted_at timestamptz,
      PRIMARY KEY (business_id, id),
      UNIQUE (id)
    );
    CREATE UNIQUE INDEX payment_options_name_uq ON payment_options (business_id, lower(name)) WHERE deleted_at IS NULL;
    CREATE INDEX payment_options_updated_idx ON payment_options (business_id, updated_at);

    CREATE TABLE payment_method_switches (
      business_id uuid NOT NULL REFERENCES businesses(id),
      method text NOT NULL CHECK (method IN ('fixed_account', 'card', 'store_credit', 'loyalty_points')),
      enabled boolean NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, method)
    );

    ALTER TABLE sale_payments ADD COLUMN method_label text;
  `,
  );

  for (const table of ['payment_options', 'payment_method_switches']) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_updated_at`)} BEFORE UPDATE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
  }
}
