import { sql, type Kysely } from 'kysely';
import { runStatements } from '../run-statements.js';

/**
 * Catalogue (categories, tags, options, modifier sets, products and their varieties) and inventory
 * (stock per store kept by a movement ledger, transfers, counts, bulk-upload batches).
 * Money is integer kobo; quantities are whole units.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE EXTENSION IF NOT EXISTS pg_trgm;

    CREATE TABLE counters (
      business_id uuid NOT NULL REFERENCES businesses(id),
      name text NOT NULL,
      value bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (business_id, name)
    );

    CREATE TABLE categories (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      name text NOT NULL,
      parent_id uuid,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      deleted_at timestamptz,
      PRIMARY KEY (business_id, id),
      UNIQUE (id),
      FOREIGN KEY (business_id, parent_id) REFERENCES categories(business_id, id)
    );
    CREATE UNIQUE INDEX categories_name_uq ON categories (business_id, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name)) WHERE deleted_at IS NULL;
    CREATE INDEX categories_updated_idx ON categories (business_id, updated_at);

    CREATE TABLE tags (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      label text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      deleted_at timestamptz,
      PRIMARY KEY (business_id, id),
      UNIQUE (id)
    );
    CREATE UNIQUE INDEX tags_label_uq ON tags (business_id, lower(label)) WHERE deleted_at IS NULL;

    CREATE TABLE product_options (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      name text NOT NULL,
      option_values text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      deleted_at timestamptz,
      PRIMARY KEY (business_id, id),
      UNIQUE (id)
    );
    CREATE UNIQUE INDEX product_options_name_uq ON product_options (business_id, lower(name)) WHERE deleted_at IS NULL;

    CREATE TABLE modifier_sets (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      deleted_at timestamptz,
      PRIMARY KEY (business_id, id),
      UNIQUE (id)
    );
    CREATE UNIQUE INDEX modifier_sets_name_uq ON modifier_sets (business_id, lower(name)) WHERE deleted_at IS NULL;

    CREATE TABLE modifiers (
      business_id uuid NOT NULL,
      id uuid NOT NULL,
      set_id uuid NOT NULL,
      name text NOT NULL,
      selling_price bigint NOT NULL DEFAULT 0 CHECK (selling_price >= 0),
      position int NOT NULL DEFAULT 0,
      deleted_at timestamptz,
      PRIMARY KEY (business_id, id),
      UNIQUE (id),
      FOREIGN KEY (business_id, set_id) REFERENCES modifier_sets(business_id, id)
    );
    CREATE INDEX modifiers_set_idx ON modifiers (business_id, set_id);

    CREATE TABLE products (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      name text NOT NULL,
      sku text,
      barcode text,
      description text,
      images text[] NOT NULL DEFAULT '{}',
      product_type text NOT NULL DEFAULT 'simple' CHECK (product_type IN ('simple', 'variable', 'service')),
      cost_price bigint NOT NULL DEFAULT 0 CHECK (cost_price >= 0),
      selling_price bigint NOT NULL DEFAULT 0 CHECK (selling_price >= 0),
      category_id uuid,
      subcategory_id uuid,
      tag_ids uuid[] NOT NULL DEFAULT '{}',
      modifier_set_ids uuid[] NOT NULL DEFAULT '{}',
      options jsonb NOT NULL DEFAULT '[]',
      track_stock boolean NOT NULL DEFAULT true,
      low_stock_threshold int NOT NULL DEFAULT 0 CHECK (low_stock_threshold >= 0),
      wc_sync_status text,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      edited_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      deleted_at timestamptz,
      PRIMARY KEY (business_id, id),
      UNIQUE (id),
      FOREIGN KEY (business_id, category_id) REFERENCES categories(business_id, id),
      FOREIGN KEY (business_id, subcategory_id) REFERENCES categories(business_id, id)
    );
    CREATE INDEX products_updated_idx ON products (business_id, updated_at);
    CREATE INDEX products_live_name_idx ON products (business_id, lower(name), id) WHERE deleted_at IS NULL;
    CREATE INDEX products_category_idx ON products (business_id, category_id) WHERE deleted_at IS NULL;
    CREATE INDEX products_name_trgm ON products USING gin (lower(name) gin_trgm_ops);
    CREATE UNIQUE INDEX products_sku_uq ON products (business_id, lower(sku)) WHERE deleted_at IS NULL AND sku IS NOT NULL;
    CREATE INDEX products_barcode_idx ON products (business_id, barcode) WHERE deleted_at IS NULL AND barcode IS NOT NULL;
    CREATE INDEX products_removed_idx ON products (business_id, updated_at) WHERE deleted_at IS NOT NULL;
    CREATE INDEX products_live_created_idx ON products (business_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;

    CREATE TABLE product_varieties (
      business_id uuid NOT NULL,
      id uuid NOT NULL,
      product_id uuid NOT NULL,
      name text NOT NULL,
      option_values jsonb NOT NULL DEFAULT '{}',
      sku text,
      barcode text,
      cost_price bigint NOT NULL DEFAULT 0 CHECK (cost_price >= 0),
      selling_price bigint NOT NULL DEFAULT 0 CHECK (selling_price >= 0),
      position int NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      deleted_at timestamptz,
      PRIMARY KEY (business_id, id),
      UNIQUE (id),
      FOREIGN KEY (business_id, product_id) REFERENCES products(business_id, id)
    );
    CREATE INDEX product_varieties_product_idx ON product_varieties (business_id, product_id);
    CREATE INDEX product_varieties_barcode_idx ON product_varieties (business_id, barcode) WHERE deleted_at IS NULL AND barcode IS NOT NULL;
    CREATE UNIQUE INDEX product_varieties_sku_uq ON product_varieties (business_id, lower(sku)) WHERE deleted_at IS NULL AND sku IS NOT NULL;

    CREATE TABLE stock_levels (
      business_id uuid NOT NULL,
      store_id uuid NOT NULL,
      item_id uuid NOT NULL,
      product_id uuid NOT NULL,
      variety_id uuid,
      quantity int NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, store_id, item_id),
      FOREIGN KEY (business_id, store_id) REFERENCES stores(business_id, id),
      FOREIGN KEY (business_id, product_id) REFERENCES products(business_id, id),
      CHECK (item_id = coalesce(variety_id, product_id))
    );
    CREATE INDEX stock_levels_product_idx ON stock_levels (business_id, product_id);

    CREATE TABLE stock_movements (
      business_id uuid NOT NULL,
      id uuid NOT NULL,
      store_id uuid NOT NULL,
      item_id uuid NOT NULL,
      product_id uuid NOT NULL,
      variety_id uuid,
      quantity int NOT NULL CHECK (quantity <> 0),
      balance_after int NOT NULL,
      reason text NOT NULL,
      adjustment_reason text,
      note text,
      reference_type text,
      reference_id uuid,
      user_id uuid,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      FOREIGN KEY (business_id, store_id, item_id) REFERENCES stock_levels(business_id, store_id, item_id)
    );
    CREATE INDEX stock_movements_time_idx ON stock_movements (business_id, created_at DESC);
    CREATE INDEX stock_movements_item_idx ON stock_movements (business_id, store_id, item_id);
    CREATE INDEX stock_movements_reference_idx ON stock_movements (business_id, reference_type, reference_id);

    CREATE TABLE transfers (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      transfer_number text NOT NULL,
      from_store_id uuid NOT NULL,
      to_store_id uuid NOT NULL,
      status text NOT NULL CHECK (status IN ('in_transit', 'on_hold', 'partially_received', 'received', 'cancelled')),
      send_and_recieve boolean NOT NULL DEFAULT false,
      note text,
      created_by uuid,
      received_by uuid,
      sent_at timestamptz,
      received_at timestamptz,
      cancelled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      UNIQUE (id),
      UNIQUE (business_id, transfer_number),
      FOREIGN KEY (business_id, from_store_id) REFERENCES stores(business_id, id),
      FOREIGN KEY (business_id, to_store_id) REFERENCES stores(business_id, id),
      CHECK (from_store_id <> to_store_id)
    );
    CREATE INDEX transfers_created_idx ON transfers (business_id, created_at DESC);

    CREATE TABLE transfer_items (
      business_id uuid NOT NULL,
      transfer_id uuid NOT NULL,
      item_id uuid NOT NULL,
      product_id uuid NOT NULL,
      variety_id uuid,
      quantity int NOT NULL CHECK (quantity > 0),
      received_quantity int NOT NULL DEFAULT 0 CHECK (received_quantity >= 0),
      returned_quantity int NOT NULL DEFAULT 0 CHECK (returned_quantity >= 0),
      PRIMARY KEY (business_id, transfer_id, item_id),
      FOREIGN KEY (business_id, transfer_id) REFERENCES transfers(business_id, id),
      CHECK (received_quantity + returned_quantity <= quantity)
    );

    CREATE TABLE stock_counts (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      count_number text NOT NULL,
      store_id uuid NOT NULL,
      scope text NOT NULL CHECK (scope IN ('store', 'category')),
      category_id uuid,
      status text NOT NULL CHECK (status IN ('in_progress', 'submitted', 'completed', 'cancelled')),
      note text,
      created_by uuid,
      submitted_by uuid,
      accepted_by uuid,
      submitted_at timestamptz,
      accepted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, id),
      UNIQUE (id),
      UNIQUE (business_id, count_number),
      FOREIGN KEY (business_id, store_id) REFERENCES stores(business_id, id)
    );
    CREATE INDEX stock_counts_created_idx ON stock_counts (business_id, created_at DESC);

    CREATE TABLE stock_count_items (
      business_id uuid NOT NULL,
      count_id uuid NOT NULL,
      item_id uuid NOT NULL,
      product_id uuid NOT NULL,
      variety_id uuid,
      expected int NOT NULL,
      counted int CHECK (counted >= 0),
      PRIMARY KEY (business_id, count_id, item_id),
      FOREIGN KEY (business_id, count_id) REFERENCES stock_counts(business_id, id)
    );

    CREATE TABLE upload_batches (
      business_id uuid NOT NULL REFERENCES businesses(id),
      id uuid NOT NULL,
      batch_number bigint GENERATED ALWAYS AS IDENTITY,
      file_name text NOT NULL,
      store_id uuid,
      status text NOT NULL CHECK (status IN ('queued', 'processing', 'completed', 'failed')),
      total_rows int NOT NULL DEFAULT 0,
      processed_rows int NOT NULL DEFAULT 0,
      succeeded_rows int NOT NULL DEFAULT 0,
      failed_rows int NOT NULL DEFAULT 0,
      error text,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      finished_at timestamptz,
      PRIMARY KEY (business_id, id),
      UNIQUE (id),
      UNIQUE (batch_number)
    );
    CREATE INDEX upload_batches_status_idx ON upload_batches (status) WHERE status IN ('queued', 'processing');
    CREATE INDEX upload_batches_business_idx ON upload_batches (business_id, batch_number DESC);

    CREATE TABLE upload_batch_rows (
      business_id uuid NOT NULL,
      batch_id uuid NOT NULL,
      row_number int NOT NULL,
      data jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
      error text,
      product_id uuid,
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (business_id, batch_id, row_number),
      FOREIGN KEY (business_id, batch_id) REFERENCES upload_batches(business_id, id)
    );
    CREATE INDEX upload_batch_rows_pending_idx ON upload_batch_rows (batch_id, row_number) WHERE status = 'pending';
  `,
  );

  for (const table of [
    'categories',
    'tags',
    'product_options',
    'modifier_sets',
    'products',
    'product_varieties',
    'stock_levels',
    'transfers',
    'stock_counts',
    'upload_batches',
    'upload_batch_rows',
  ]) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_updated_at`)} BEFORE UPDATE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
  }
}
