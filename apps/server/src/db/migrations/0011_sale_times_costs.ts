import type { Kysely } from 'kysely';
import { runStatements } from '../run-statements.js';

/**
 * Numbers and times a merchant relies on (issue 11 §6):
 * - `sales.sold_at`: when the sale was made — the device's offline_date, never later than its upload
 *   (a device clock ahead counts as now). Everything that groups or shows a sale by time uses it.
 * - `sale_lines.unit_cost_kobo`: the unit cost when it was sold (a variety's own cost, else the
 *   product's), so profit does not move with today's cost price; `refund_lines.cost_kobo` is the
 *   cost of the units given back. Old lines take the cost price they have now (the best known).
 * - `businesses.timezone`: the IANA zone of every date shown and every "today" and day boundary.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE sales ADD COLUMN sold_at timestamptz GENERATED ALWAYS AS (least(offline_date, created_at)) STORED;
    CREATE INDEX sales_sold_idx ON sales (business_id, sold_at DESC, id DESC);
    CREATE INDEX sales_store_sold_idx ON sales (business_id, store_id, sold_at DESC);

    ALTER TABLE sale_lines ADD COLUMN unit_cost_kobo bigint NOT NULL DEFAULT 0 CHECK (unit_cost_kobo >= 0);
    UPDATE sale_lines l SET unit_cost_kobo = coalesce(
        (SELECT nullif(v.cost_price, 0) FROM product_varieties v WHERE v.business_id = l.business_id AND v.id = l.variety_id),
        (SELECT p.cost_price FROM products p WHERE p.business_id = l.business_id AND p.id = l.product_id),
        0);
    ALTER TABLE refund_lines ADD COLUMN cost_kobo bigint NOT NULL DEFAULT 0 CHECK (cost_kobo >= 0);
    UPDATE refund_lines r SET cost_kobo = r.quantity * l.unit_cost_kobo
      FROM sale_lines l WHERE l.business_id = r.business_id AND l.id = r.sale_line_id;

    ALTER TABLE businesses ADD COLUMN timezone text NOT NULL DEFAULT 'Africa/Lagos';
  `,
  );
}
