// Generates N products for a business straight in PostgreSQL, with opening stock in every store
// written as ledger movements (so levels equal the sum of movements, as the app keeps them).
// Usage as a script: node bench/generate-products.mjs <databaseUrl> <businessId> [n]
import pg from 'pg';

const BRANDS = [
  'Peak',
  'Dangote',
  'Golden Penny',
  'Indomie',
  'Milo',
  'Honeywell',
  'Mama Gold',
  'Power',
  'Kings',
  'Devon',
  'Cowbell',
  'Dano',
  'Nestle',
  'Gino',
  'Titus',
];
const ITEMS = [
  'Milk',
  'Sugar',
  'Semovita',
  'Noodles',
  'Rice',
  'Flour',
  'Vegetable Oil',
  'Spaghetti',
  'Tomato Paste',
  'Biscuits',
  'Sardines',
  'Cornflakes',
  'Beverage',
  'Salt',
  'Seasoning Cubes',
  'Custard',
  'Margarine',
];
const SIZES = ['50g', '100g', '400g', '500g', '1kg', '2kg', '5kg', '10kg', 'Sachet', 'Tin', 'Carton', 'Bag'];

const sqlArray = (xs) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

/** Inserts `n` products in chunks; returns the number inserted. */
export const generateProducts = async (databaseUrl, businessId, n) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const stores = (
      await client.query('SELECT id FROM stores WHERE business_id = $1 AND deleted_at IS NULL', [businessId])
    ).rows.map((r) => r.id);
    const chunk = 20_000;
    for (let start = 0; start < n; start += chunk) {
      const end = Math.min(n, start + chunk);
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO products (business_id, id, name, sku, barcode, cost_price, selling_price, low_stock_threshold, created_at, updated_at)
         SELECT $1, gen_random_uuid(),
                (${sqlArray(BRANDS)})[1 + i % ${BRANDS.length}] || ' ' || (${sqlArray(ITEMS)})[1 + (i / ${BRANDS.length}) % ${ITEMS.length}] || ' ' ||
                (${sqlArray(SIZES)})[1 + (i / ${BRANDS.length * ITEMS.length}) % ${SIZES.length}] || ' #' || i,
                'SKU-' || lpad(i::text, 7, '0'), lpad((6150000000000 + i)::text, 13, '0'),
                (10000 + (i * 37) % 500000), (15000 + (i * 37) % 500000 + 5000), 5,
                clock_timestamp(), clock_timestamp()
         FROM generate_series($2::int, $3::int) AS i`,
        [businessId, start, end - 1],
      );
      for (const store of stores) {
        await client.query(
          `WITH p AS (
             SELECT id FROM products WHERE business_id = $1 AND sku BETWEEN 'SKU-' || lpad($3::text, 7, '0') AND 'SKU-' || lpad($4::text, 7, '0')
           ), lv AS (
             INSERT INTO stock_levels (business_id, store_id, item_id, product_id, quantity)
             SELECT $1, $2, p.id, p.id, (abs(hashtext(p.id::text)) % 60)::int FROM p
             RETURNING item_id, product_id, quantity
           )
           INSERT INTO stock_movements (business_id, id, store_id, item_id, product_id, quantity, balance_after, reason)
           SELECT $1, gen_random_uuid(), $2, item_id, product_id, quantity, quantity, 'initial' FROM lv WHERE quantity <> 0`,
          [businessId, store, start, end - 1],
        );
      }
      await client.query('COMMIT');
    }
    await client.query('ANALYZE products; ANALYZE stock_levels;');
    return n;
  } finally {
    await client.end();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, businessId, n = '100000'] = process.argv.slice(2);
  const started = Date.now();
  await generateProducts(url, businessId, Number(n));
  console.log(`generated ${n} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
