import { sql, type Kysely } from 'kysely';

/**
 * The online store (issue 15; spec 001 §2 "Online store", §4 Order, §7 "Orders"; decision 0013).
 *
 * - `online_stores`: one per business, made the first time the owner opens its settings or turns it
 *   on: its address (`/shop/<slug>`, unique), the store whose stock it sells and where pickups are
 *   collected, and what it offers (pickup, pay on delivery). `online_delivery_zones`: the fees.
 * - `online_products`: which products are published, at what online price and with what description.
 * - `orders`: made by the shopper's checkout (its id made on the shopper's phone: a retry places one
 *   order), numbered ORD-0001 by the business's gap-free counter, with its lines, fees, payments and
 *   history. Money in kobo, totals kept on the row (recomputed in each change's transaction).
 *   `stock_state` says where its goods are: held in the store (pending to ready; the shop's available
 *   stock is the level less what held orders hold), gone (a movement out through the stock ledger when
 *   shipped or delivered), or released (cancelled while held: nothing had moved).
 * - `order_messages`: an e-mail to the shopper (or the owner) written in the same transaction as the
 *   step it tells of, sent by a job that claims each once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE online_stores (
      business_id uuid PRIMARY KEY REFERENCES businesses(id),
      slug text NOT NULL UNIQUE,
      name text NOT NULL,
      about text,
      store_id uuid NOT NULL,
      pickup boolean NOT NULL DEFAULT true,
      pay_on_delivery boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      FOREIGN KEY (business_id, store_id) REFERENCES stores (business_id, id)
    )`.execute(db);
  await sql`
    CREATE TABLE online_delivery_zones (
      business_id uuid NOT NULL REFERENCES online_stores(business_id),
      id uuid NOT NULL,
      position integer NOT NULL,
      name text NOT NULL,
      fee_kobo bigint NOT NULL CHECK (fee_kobo >= 0),
      deleted_at timestamptz,
      PRIMARY KEY (business_id, id)
    )`.execute(db);
  await sql`
    CREATE TABLE online_products (
      business_id uuid NOT NULL,
      product_id uuid NOT NULL,
      published boolean NOT NULL DEFAULT false,
      online_price_kobo bigint CHECK (online_price_kobo > 0),
      online_description text,
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, product_id),
      FOREIGN KEY (business_id, product_id) REFERENCES products (business_id, id)
    )`.execute(db);
  await sql`CREATE INDEX online_products_published_idx ON online_products (business_id) WHERE published`.execute(
    db,
  );
  await sql`
    CREATE TABLE orders (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      number text NOT NULL,
      store_id uuid NOT NULL,
      status text NOT NULL CHECK (status IN ('pending','confirmed','ready','shipped','delivered','cancelled')),
      fulfilment text NOT NULL CHECK (fulfilment IN ('delivery','pickup')),
      payment_method text NOT NULL CHECK (payment_method IN ('transfer','on_delivery')),
      stock_state text NOT NULL CHECK (stock_state IN ('held','gone','released')),
      shopper_name text NOT NULL,
      shopper_phone text NOT NULL,
      shopper_email text,
      delivery_address text,
      delivery_zone text,
      note text,
      subtotal_kobo bigint NOT NULL CHECK (subtotal_kobo >= 0),
      fee_total_kobo bigint NOT NULL DEFAULT 0 CHECK (fee_total_kobo >= 0),
      total_kobo bigint NOT NULL CHECK (total_kobo >= 0),
      paid_kobo bigint NOT NULL DEFAULT 0 CHECK (paid_kobo >= 0),
      public_token text NOT NULL UNIQUE,
      sale_id uuid,
      placed_from text,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      UNIQUE (business_id, number),
      FOREIGN KEY (business_id, store_id) REFERENCES stores (business_id, id)
    )`.execute(db);
  await sql`CREATE INDEX orders_list_idx ON orders (business_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX orders_held_idx ON orders (business_id, store_id) WHERE stock_state = 'held'`.execute(
    db,
  );
  await sql`
    CREATE TABLE order_lines (
      business_id uuid NOT NULL,
      order_id uuid NOT NULL,
      id uuid NOT NULL,
      position integer NOT NULL,
      product_id uuid NOT NULL,
      variety_id uuid,
      item_id uuid NOT NULL,
      name text NOT NULL,
      quantity integer NOT NULL CHECK (quantity > 0),
      unit_price_kobo bigint NOT NULL CHECK (unit_price_kobo >= 0),
      unit_cost_kobo bigint NOT NULL DEFAULT 0,
      total_kobo bigint NOT NULL CHECK (total_kobo >= 0),
      tracks_stock boolean NOT NULL,
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, order_id) REFERENCES orders (business_id, id)
    )`.execute(db);
  await sql`CREATE INDEX order_lines_order_idx ON order_lines (business_id, order_id, position)`.execute(db);
  await sql`CREATE INDEX order_lines_item_idx ON order_lines (business_id, item_id)`.execute(db);
  await sql`
    CREATE TABLE order_fees (
      business_id uuid NOT NULL,
      order_id uuid NOT NULL,
      id uuid NOT NULL,
      name text NOT NULL,
      amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, order_id) REFERENCES orders (business_id, id)
    )`.execute(db);
  await sql`
    CREATE TABLE order_payments (
      business_id uuid NOT NULL,
      order_id uuid NOT NULL,
      id uuid NOT NULL,
      method text NOT NULL CHECK (method IN ('cash','transfer','card','pos','other')),
      source text NOT NULL CHECK (source IN ('manual','rail')),
      amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
      paid_at timestamptz NOT NULL,
      reference text,
      payer_name text,
      bank_transaction_id uuid UNIQUE,
      recorded_by uuid,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, order_id) REFERENCES orders (business_id, id)
    )`.execute(db);
  await sql`CREATE INDEX order_payments_order_idx ON order_payments (business_id, order_id, paid_at)`.execute(
    db,
  );
  await sql`
    CREATE TABLE order_events (
      business_id uuid NOT NULL,
      order_id uuid NOT NULL,
      id uuid NOT NULL,
      status text NOT NULL,
      note text,
      user_id uuid,
      at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, order_id) REFERENCES orders (business_id, id)
    )`.execute(db);
  await sql`CREATE INDEX order_events_order_idx ON order_events (business_id, order_id, at)`.execute(db);
  await sql`
    CREATE TABLE order_messages (
      business_id uuid NOT NULL,
      order_id uuid NOT NULL,
      id uuid NOT NULL,
      recipient text NOT NULL CHECK (recipient IN ('shopper','owner')),
      kind text NOT NULL,
      status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting','sent')),
      claimed_at timestamptz,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, order_id) REFERENCES orders (business_id, id)
    )`.execute(db);
  await sql`CREATE INDEX order_messages_waiting_idx ON order_messages (created_at) WHERE status = 'waiting'`.execute(
    db,
  );
}
