// The products endpoint at scale (issue 3): generates N products (default 100,000) for the demo
// business on PostgreSQL, then measures, each next to a raw PostgreSQL SELECT of the same rows in
// the same run:
//   - list (first page of 50, by name) and search-as-you-type latency, p50 and p99;
//   - the incremental sync download rate in rows/s (every product, page after page).
// Needs a build (npm run build). Usage: node bench/products-api.mjs [n]
import pg from 'pg';
import { generateProducts } from './generate-products.mjs';
import { login, startServer } from './lib.mjs';

const N = Number(process.argv[2] ?? process.env.BENCH_PRODUCTS ?? 100_000);
const RUNS = 60;
const SEARCHES = [
  'm',
  'mi',
  'mil',
  'milk',
  'peak',
  'peak m',
  'dango',
  'rice 5',
  'sardines tin',
  'golden penny sp',
];

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const time = async (fn) => {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
};
const stats = (xs) => ({ p50: percentile(xs, 50), p99: percentile(xs, 99) });
const fmt = (s) => `p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms`;
const ratioLine = (label, api, raw) =>
  console.log(
    `${label}: API ${fmt(api)} | raw SELECT ${fmt(raw)} | ratio p50 ${(api.p50 / raw.p50).toFixed(1)}, p99 ${(api.p99 / raw.p99).toFixed(1)}`,
  );

const server = await startServer({ port: 3292, postgres: true });
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
try {
  const session = await login(server.url, 'admin@demo.ng', 'Demo@1234');
  const businessId = (await db.query("SELECT id FROM businesses WHERE name = 'Mama Nkechi Provisions'"))
    .rows[0].id;
  const demoProducts = Number(
    (
      await db.query('SELECT count(*) FROM products WHERE business_id = $1 AND deleted_at IS NULL', [
        businessId,
      ])
    ).rows[0].count,
  );
  const started = Date.now();
  await generateProducts(server.databaseUrl, businessId, N);
  console.log(
    `generated ${N} products with stock in every store in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const headers = { authorization: `Bearer ${session.token}`, deviceID: 'bench-device' };
  const get = async (path) => {
    const res = await fetch(`${server.url}${path}`, { headers });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  // Warm both paths once.
  await get(`/v2/business/${businessId}/products?limit=50`);
  await db.query('SELECT count(*) FROM products WHERE business_id = $1', [businessId]);

  // List: first page by name, with the total.
  const apiList = [];
  const rawList = [];
  for (let i = 0; i < RUNS; i++) {
    apiList.push(await time(() => get(`/v2/business/${businessId}/products?limit=50&page=${1 + (i % 5)}`)));
    rawList.push(
      await time(async () => {
        await db.query(
          `SELECT p.*, (SELECT coalesce(json_agg(json_build_object('store_id', s.store_id, 'stock', s.quantity)), '[]') FROM stock_levels s WHERE s.business_id = p.business_id AND s.product_id = p.id) AS store_stock
           FROM products p WHERE p.business_id = $1 AND p.deleted_at IS NULL ORDER BY lower(p.name), p.id LIMIT 50 OFFSET $2`,
          [businessId, (i % 5) * 50],
        );
        await db.query('SELECT count(*) FROM products WHERE business_id = $1 AND deleted_at IS NULL', [
          businessId,
        ]);
      }),
    );
  }
  ratioLine(`list 50 of ${N}`, stats(apiList), stats(rawList));

  // Search as you type: each prefix of the queries.
  const apiSearch = [];
  const rawSearch = [];
  for (let r = 0; r < Math.ceil(RUNS / SEARCHES.length); r++) {
    for (const term of SEARCHES) {
      apiSearch.push(
        await time(() =>
          get(`/v2/business/${businessId}/products?limit=50&search=${encodeURIComponent(term)}`),
        ),
      );
      rawSearch.push(
        await time(async () => {
          const pattern = `%${term.toLowerCase()}%`;
          await db.query(
            `SELECT p.* FROM products p WHERE p.business_id = $1 AND p.deleted_at IS NULL AND lower(p.name) LIKE $2 ORDER BY lower(p.name), p.id LIMIT 50`,
            [businessId, pattern],
          );
          await db.query(
            'SELECT count(*) FROM products p WHERE p.business_id = $1 AND p.deleted_at IS NULL AND lower(p.name) LIKE $2',
            [businessId, pattern],
          );
        }),
      );
    }
  }
  ratioLine(`search (${SEARCHES.length} terms)`, stats(apiSearch), stats(rawSearch));

  // Incremental sync from scratch: every product, page after page.
  let rows = 0;
  let pages = 0;
  const apiMs = await time(async () => {
    let since;
    for (;;) {
      const body = await get(
        `/v2/businesses/${businessId}/products?limit=5000${since !== undefined ? `&updated_at=${since}` : ''}`,
      );
      rows += body.data.items.length;
      pages += 1;
      since = body.data.metaData.lastUpdate;
      if (!body.data.metaData.hasMore) break;
    }
  });
  let rawRows = 0;
  const rawMs = await time(async () => {
    const res = await db.query(
      `SELECT p.*, (SELECT coalesce(json_agg(json_build_object('store_id', s.store_id, 'stock', s.quantity)), '[]') FROM stock_levels s WHERE s.business_id = p.business_id AND s.product_id = p.id) AS store_stock
       FROM products p WHERE p.business_id = $1 AND p.deleted_at IS NULL ORDER BY p.updated_at, p.id`,
      [businessId],
    );
    rawRows = res.rows.length;
  });
  const apiRate = rows / (apiMs / 1000);
  const rawRate = rawRows / (rawMs / 1000);
  console.log(
    `sync download: API ${rows} rows in ${pages} pages, ${(apiMs / 1000).toFixed(1)} s = ${apiRate.toFixed(0)} rows/s | raw SELECT ${rawRows} rows in ${(rawMs / 1000).toFixed(1)} s = ${rawRate.toFixed(0)} rows/s | ratio ${(rawRate / apiRate).toFixed(1)}x slower than raw`,
  );
  if (rows !== N + demoProducts) throw new Error(`sync returned ${rows} rows, expected ${N + demoProducts}`);
} finally {
  await db.end();
  await server.stop();
}
