// The stock summary at scale (issue 13): generates N products (default 100,000) with stock in every
// store of the demo business on PostgreSQL, then times GET /v2/business/:b/stocks/summary for all
// stores and for one store, and prints p50/p95 against the 100 ms limit (ratio = p95 / limit; the
// target is <= 1). For the other inventory screens it prints the same figures, for information:
// the stock log, the counts and transfers lists, and starting a count of a whole store.
// Needs a build (npm run build). Usage: node bench/stock-summary.mjs [n]   (BENCH_PORT, default 3640)
import pg from 'pg';
import { generateProducts } from './generate-products.mjs';
import { login, startServer } from './lib.mjs';

const N = Number(process.argv[2] ?? process.env.BENCH_PRODUCTS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 3640);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const LIMIT_MS = 100;

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const time = async (fn) => {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
};

const server = await startServer({ port: PORT, postgres: true });
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
let failed = false;
try {
  const session = await login(server.url, 'admin@demo.ng', 'Demo@1234');
  const businessId = (await db.query("SELECT id FROM businesses WHERE name = 'Mama Nkechi Provisions'"))
    .rows[0].id;
  const stores = (
    await db.query('SELECT id FROM stores WHERE business_id = $1 AND deleted_at IS NULL ORDER BY name', [
      businessId,
    ])
  ).rows.map((r) => r.id);
  const started = Date.now();
  await generateProducts(server.databaseUrl, businessId, N);
  // As autovacuum would soon after a bulk load (reports-scale does the same): the load leaves every
  // product's first totals row behind as a dead version.
  await db.query('VACUUM ANALYZE');
  console.log(
    `generated ${N} products with stock in ${stores.length} stores in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const headers = { authorization: `Bearer ${session.token}`, deviceID: 'bench-device' };
  const call = async (path, method = 'GET', body) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const measure = async (label, fn, { limit = LIMIT_MS, runs = RUNS, target = true } = {}) => {
    await fn();
    const xs = [];
    for (let i = 0; i < runs; i++) xs.push(await time(fn));
    const p50 = percentile(xs, 50);
    const p95 = percentile(xs, 95);
    const ratio = p95 / limit;
    const verdict = target ? (ratio <= 1 ? ' PASS' : ' FAIL') : ' (for information)';
    if (target && ratio > 1) failed = true;
    console.log(
      `${label}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms vs limit ${limit} ms: ratio ${ratio.toFixed(2)} (target <= 1)${verdict}`,
    );
  };

  const summaryUrl = `/v2/business/${businessId}/stocks/summary`;
  const whole = await call(summaryUrl);
  console.log(
    `summary: ${whole.data.tracked_items} tracked items, ${whole.data.items_in_stock} in stock, ${whole.data.low_stock_count} low, ${whole.data.out_of_stock_count} out`,
  );
  await measure(`stock summary, all stores, ${N} items`, () => call(summaryUrl));
  await measure(`stock summary, one store, ${N} items`, () => call(`${summaryUrl}?store=${stores[0]}`));

  // The other inventory screens, for information.
  const info = { target: false, runs: 15 };
  await measure(
    'stock log, first page',
    () => call(`/v2/business/${businessId}/stocks/logs?page=1&limit=20`),
    info,
  );
  await measure(
    'stock log, one store',
    () => call(`/v2/business/${businessId}/stocks/logs?page=1&limit=20&store=${stores[0]}`),
    info,
  );
  await measure(
    'transfers list',
    () => call(`/v1/businesses/${businessId}/transfers/stores/${stores[0]}`),
    info,
  );
  await measure('counts list', () => call(`/v1/businesses/${businessId}/stocks/counts/`), info);
  await measure(
    `start a count of a whole store (${N} items)`,
    async () => {
      const started = await call(`/v1/businesses/${businessId}/stocks/counts/`, 'POST', {
        store_id: stores[0],
        scope: 'store',
      });
      const id = started.data.id ?? started.data._id;
      await call(`/v1/businesses/${businessId}/stocks/counts/${id}/cancel`, 'POST').catch(() => undefined);
    },
    { target: false, runs: 3 },
  );
} finally {
  await db.end();
  await server.stop();
}
if (failed) process.exitCode = 1;
