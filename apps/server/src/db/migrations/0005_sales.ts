import { sql, type Kysely } from 'kysely';
import { runStatements } from '../run-statements.js';

/**
 * Sales, their lines, payments, refunds and parked tickets. Money is integer kobo.
 * A sale's id is made on the device: (business_id, id) is the idempotency key of POST /sales.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE sales (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      receipt_number text NOT NULL,
      store_id uuid NOT NULL,
      register_id uuid,
      user_id uuid,
      customer_id uuid,
      status text NOT NULL CHECK (status IN ('completed', 'unpaid', 'partially_paid', 'refunded', 'partially_refunded')),
      subtotal_kobo bigint NOT NULL CHECK (subtotal_kobo >= 0),
      order_discount_type text CHECK (order_discount_type IN ('amount', 'percentage')),
      -- kobo for amount, hundredths of a percent for percentage
      order_discount_value bigint,
      order_discount_kobo bigint NOT NULL DEFAULT 0,
      discount_total_kobo bigint NOT NULL DEFAULT 0,
      total_kobo bigint NOT NULL CHECK (total_kobo >= 0),
      amount_paid_kobo bigint NOT NULL DEFAULT 0 CHECK (amount_paid_kobo >= 0),
      change_due_kobo bigint NOT NULL DEFAULT 0 CHECK (change_due_kobo >= 0),
      refunded_kobo bigint NOT NULL DEFAULT 0 CHECK (refunded_kobo >= 0),
      points_earned bigint NOT NULL DEFAULT 0,
      note text,
      offline_date timestamptz,
      is_offline_data boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      deleted_at timestamptz,
      PRIMARY KEY (business_id, id),
      UNIQUE (business_id, receipt_number),
      FOREIGN KEY (business_id, store_id) REFERENCES stores(business_id, id),
      FOREIGN KEY (business_id, customer_id) REFERENCES customers(business_id, id),
      CHECK (amount_paid_kobo <= total_kobo)
    );
    CREATE INDEX sales_id_idx ON sales (id);
    CREATE INDEX sales_updated_idx ON sales (business_id, updated_at);
    CREATE INDEX sales_created_idx ON sales (business_id, created_at DESC);
    CREATE INDEX sales_store_idx ON sales (business_id, store_id, created_at DESC);
    CREATE INDEX sales_customer_idx ON sales (business_id, customer_id) WHERE customer_id IS NOT NULL;
    CREATE INDEX sales_unpaid_idx ON sales (business_id, store_id) WHERE status IN ('unpaid', 'partially_paid');

    CREATE TABLE sale_lines (
      business_id uuid NOT NULL,
      id uuid NOT NULL,
      sale_id uuid NOT NULL,
      position int NOT NULL,
      product_id uuid NOT NULL,
      variety_id uuid,
      name text NOT NULL,
      quantity int NOT NULL CHECK (quantity > 0),
      unit_price_kobo bigint NOT NULL CHECK (unit_price_kobo >= 0),
      -- [{_id, name, selling_price}] with selling_price in kobo, for one unit
      modifiers jsonb NOT NULL DEFAULT '[]',
      discount_type text CHECK (discount_type IN ('amount', 'percentage')),
      -- kobo for amount, hundredths of a percent for percentage
      discount_value bigint,
      discount_kobo bigint NOT NULL DEFAULT 0,
      total_kobo bigint NOT NULL CHECK (total_kobo >= 0),
      -- total after its share of the order discount: what refunding every unit returns
      net_kobo bigint NOT NULL CHECK (net_kobo >= 0),
      tracks_stock boolean NOT NULL,
      refunded_quantity int NOT NULL DEFAULT 0,
      refunded_kobo bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, sale_id) REFERENCES sales(business_id, id),
      CHECK (refunded_quantity >= 0 AND refunded_quantity <= quantity)
    );
    CREATE INDEX sale_lines_sale_idx ON sale_lines (business_id, sale_id, position);
    CREATE INDEX sale_lines_product_idx ON sale_lines (business_id, product_id);

    CREATE TABLE sale_payments (
      business_id uuid NOT NULL,
      id uuid NOT NULL,
      sale_id uuid NOT NULL,
      method text NOT NULL,
      amount_kobo bigint NOT NULL CHECK (amount_kobo >= 0),
      points bigint,
      user_id uuid,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, sale_id) REFERENCES sales(business_id, id)
    );
    CREATE INDEX sale_payments_sale_idx ON sale_payments (business_id, sale_id, created_at);

    CREATE TABLE refunds (
      business_id uuid NOT NULL,
      id uuid NOT NULL,
      sale_id uuid NOT NULL,
      store_id uuid NOT NULL,
      user_id uuid,
      amount_kobo bigint NOT NULL CHECK (amount_kobo >= 0),
      destination text NOT NULL CHECK (destination IN ('cash', 'original', 'store_credit')),
      -- [{method, amount_kobo}]: how the money went back
      payouts jsonb NOT NULL DEFAULT '[]',
      reason text,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, sale_id) REFERENCES sales(business_id, id)
    );
    CREATE INDEX refunds_sale_idx ON refunds (business_id, sale_id, created_at);

    CREATE TABLE refund_lines (
      business_id uuid NOT NULL,
      id uuid NOT NULL,
      refund_id uuid NOT NULL,
      sale_line_id uuid NOT NULL,
      quantity int NOT NULL CHECK (quantity > 0),
      amount_kobo bigint NOT NULL CHECK (amount_kobo >= 0),
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, refund_id) REFERENCES refunds(business_id, id),
      FOREIGN KEY (business_id, sale_line_id) REFERENCES sale_lines(business_id, id)
    );
    CREATE INDEX refund_lines_refund_idx ON refund_lines (business_id, refund_id);

    CREATE TABLE tickets (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      store_id uuid NOT NULL,
      user_id uuid,
      name text NOT NULL,
      cart jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      deleted_at timestamptz,
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, store_id) REFERENCES stores(business_id, id)
    );
    CREATE INDEX tickets_store_idx ON tickets (business_id, store_id, updated_at DESC) WHERE deleted_at IS NULL;
  `,
  );

  for (const table of ['sales', 'tickets']) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_updated_at`)} BEFORE UPDATE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
  }
}
