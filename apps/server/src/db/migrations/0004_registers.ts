import { sql, type Kysely } from 'kysely';
import { runStatements } from '../run-statements.js';

/**
 * Registers (cash drawers) of a store, their sessions (open with a float, close with counted cash)
 * and the cash ledger of each session. Money is integer kobo.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE registers (
      business_id uuid NOT NULL,
      id uuid NOT NULL,
      store_id uuid NOT NULL,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      deleted_at timestamptz,
      PRIMARY KEY (business_id, id),
      UNIQUE (id),
      FOREIGN KEY (business_id, store_id) REFERENCES stores(business_id, id)
    );
    CREATE UNIQUE INDEX registers_name_uq ON registers (business_id, store_id, lower(name)) WHERE deleted_at IS NULL;

    CREATE TABLE register_sessions (
      business_id uuid NOT NULL,
      id uuid NOT NULL,
      register_id uuid NOT NULL,
      store_id uuid NOT NULL,
      status text NOT NULL CHECK (status IN ('open', 'closed')),
      opened_by uuid NOT NULL,
      opened_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      operator_id uuid NOT NULL,
      float_kobo bigint NOT NULL CHECK (float_kobo >= 0),
      expected_kobo bigint,
      counted_kobo bigint,
      difference_kobo bigint,
      closed_by uuid,
      closed_at timestamptz,
      closing_note text,
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, register_id) REFERENCES registers(business_id, id)
    );
    CREATE UNIQUE INDEX register_sessions_one_open ON register_sessions (business_id, register_id) WHERE status = 'open';
    CREATE INDEX register_sessions_store_idx ON register_sessions (business_id, store_id, status);
    CREATE INDEX register_sessions_history_idx ON register_sessions (business_id, register_id, opened_at DESC);

    CREATE TABLE register_movements (
      business_id uuid NOT NULL,
      id uuid NOT NULL,
      session_id uuid NOT NULL,
      register_id uuid NOT NULL,
      store_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('float', 'sale', 'refund', 'cash_added', 'cash_removed', 'switch_user')),
      amount_kobo bigint NOT NULL,
      reason text,
      reference_id text,
      user_id uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, session_id) REFERENCES register_sessions(business_id, id)
    );
    CREATE INDEX register_movements_session_idx ON register_movements (business_id, session_id, created_at);
    CREATE INDEX register_movements_reference_idx ON register_movements (business_id, reference_id);
  `,
  );

  for (const table of ['registers', 'register_sessions']) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_updated_at`)} BEFORE UPDATE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
  }
}
