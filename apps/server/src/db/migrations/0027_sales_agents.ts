import { sql, type Kysely } from 'kysely';

/**
 * Sales agents (issue 14; spec 001 §6-§7 "Sales agents and toggles"): people who bring customers to a
 * store, known by a code the till records on the sale. A code is the business's (unique, kept upper case)
 * and never changes: sales carry the code, so an agent who leaves is deactivated, not deleted.
 *
 * Feature toggles: one switch per business, key, scope (a store) and category, off until set
 * (`SALES_AGENT_CODE` at store scope in the PAYMENT category: the till asks for the agent's code).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sales_agents (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      store_id uuid NOT NULL,
      name text NOT NULL,
      phone text,
      code text NOT NULL CHECK (code = upper(code)),
      active boolean NOT NULL DEFAULT true,
      created_by uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      UNIQUE (business_id, code),
      FOREIGN KEY (business_id, store_id) REFERENCES stores (business_id, id)
    )`.execute(db);
  await sql`
    CREATE TABLE feature_toggles (
      business_id uuid NOT NULL REFERENCES businesses(id),
      key text NOT NULL,
      scope text NOT NULL,
      scope_id uuid NOT NULL,
      category text NOT NULL,
      enabled boolean NOT NULL,
      updated_by uuid NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, key, scope, scope_id, category)
    )`.execute(db);
  await sql`ALTER TABLE sales ADD COLUMN sales_agent_code text`.execute(db);
  await sql`CREATE INDEX sales_agent_code_idx ON sales (business_id, sales_agent_code, sold_at)
    WHERE sales_agent_code IS NOT NULL`.execute(db);
}
