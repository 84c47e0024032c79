// Bulk product upload at scale (issue 13): generates a product file of N rows (default 100,000),
// uploads it to the built server on PostgreSQL as the demo owner and times it until the batch is
// finished (upload, parse, queue, every product created with its category and opening stock).
// Prints rows/s and the time as a ratio of the 60 s target, next to a raw insert of the same rows
// into a plain table measured in the same run (context: what the database alone costs).
//
// Files: `simple` (one product per row; every 1,000th row has no price and must fail alone) and
// `variants` (the same number of rows grouped by a handle column, 4 sizes per product, as
// Shopify's product CSV does). BENCH_UPLOAD_FILES=simple runs only the first.
// Needs a build (npm run build -w packages/contracts -w apps/server).
// Usage: node bench/product-upload.mjs [rows]   (BENCH_PORT, default 3631; TEST_DATABASE_URL)
// BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" passes flags to the server process.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { login, root } from './lib.mjs';

const N = Number(process.argv[2] ?? process.env.BENCH_UPLOAD_ROWS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 3631);
const FILES = (process.env.BENCH_UPLOAD_FILES ?? 'simple,variants').split(',');
const TARGET_S = 60;
const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const withDatabase = async () => {
  const name = `ms_bench_upload_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
};

const startServer = async (databaseUrl) => {
  const env = {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ms-bench-')),
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
  };
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'apps/server/dist/server.js')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`http://localhost:${PORT}/docs/json`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() - started > 120_000) throw new Error('server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url: `http://localhost:${PORT}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
};

const cell = (v) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
const line = (cells) => cells.map((c) => cell(String(c))).join(',');

/** One product per row; every 1,000th row has no selling price. */
const simpleFile = (n, tag) => {
  const rows = [line(['name', 'sku', 'barcode', 'category', 'cost_price', 'selling_price', 'stock'])];
  for (let i = 1; i <= n; i++)
    rows.push(
      line([
        `${tag} product ${i}`,
        `${tag}-${i}`,
        String(6150000000000 + i),
        `Category ${i % 50}`,
        String(50 + (i % 300)),
        i % 1000 === 0 ? '' : `${100 + (i % 500)}.50`,
        String(i % 40),
      ]),
    );
  return { text: rows.join('\n') + '\n', failing: Math.floor(n / 1000) };
};

/** Products of 4 sizes each, rows grouped by handle; every 1,000th row has a bad price (that row alone fails). */
const variantFile = (n, tag) => {
  const sizes = ['S', 'M', 'L', 'XL'];
  const rows = [
    line([
      'handle',
      'name',
      'category',
      'option1_name',
      'option1_value',
      'sku',
      'cost_price',
      'selling_price',
      'stock',
    ]),
  ];
  let failing = 0;
  for (let i = 0; i < n; i++) {
    const p = Math.floor(i / 4);
    const first = i % 4 === 0;
    // A bad row is never the first of its group (that would fail the whole group).
    const bad = i % 1000 === 999;
    if (bad) failing += 1;
    rows.push(
      line([
        `${tag.toLowerCase()}-${p}`,
        first ? `${tag} shirt ${p}` : '',
        first ? `Category ${p % 50}` : '',
        first ? 'Size' : '',
        sizes[i % 4],
        `${tag}-${p}-${sizes[i % 4]}`,
        '900',
        bad ? 'free' : String(1500 + (i % 4) * 100),
        String(i % 9),
      ]),
    );
  }
  return { text: rows.join('\n') + '\n', failing };
};

const rawInsert = async (db, text) => {
  // The same rows, parsed the same way, into a plain table: the floor of what the database costs.
  const lines = text.trim().split('\n').slice(1);
  await db.query('CREATE TEMP TABLE raw_upload (n int, a text, b text, c text, d text, e text, f text)');
  const t = process.hrtime.bigint();
  for (let i = 0; i < lines.length; i += 10_000) {
    const chunk = lines.slice(i, i + 10_000).map((l) => l.split(','));
    const col = (k) => chunk.map((c) => c[k] ?? null);
    await db.query(
      `INSERT INTO raw_upload SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])`,
      [chunk.map((_, j) => i + j + 2), col(0), col(1), col(2), col(3), col(4), col(5)],
    );
  }
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  await db.query('DROP TABLE raw_upload');
  return ms;
};

const database = await withDatabase();
const server = await startServer(database.url);
const db = new pg.Client({ connectionString: database.url });
await db.connect();
const load = () => loadavg().map((x) => x.toFixed(2));
try {
  const session = await login(server.url, 'admin@demo.ng', 'Demo@1234');
  const businessId = (await db.query("SELECT id FROM businesses WHERE name = 'Mama Nkechi Provisions'"))
    .rows[0].id;
  const storeId = (
    await db.query('SELECT id FROM stores WHERE business_id = $1 ORDER BY created_at LIMIT 1', [businessId])
  ).rows[0].id;
  const headers = { authorization: `Bearer ${session.token}`, deviceID: 'bench-device' };

  for (const kind of FILES) {
    const tag = `${kind === 'simple' ? 'Up' : 'Var'}${Date.now().toString(36)}`;
    const file = kind === 'simple' ? simpleFile(N, tag) : variantFile(N, tag);
    const rawMs = await rawInsert(db, file.text);
    console.log(
      `${kind} file: ${N} rows, ${(file.text.length / 1024 / 1024).toFixed(1)} MB; load ${load().join(' ')}`,
    );
    const form = new FormData();
    form.append('store_id', storeId);
    form.append('file', new Blob([file.text], { type: 'text/csv' }), `${kind}.csv`);
    const started = process.hrtime.bigint();
    const res = await fetch(`${server.url}/v1/businesses/${businessId}/uploadproducts`, {
      method: 'POST',
      headers,
      body: form,
    });
    const body = await res.json();
    if (res.status !== 202) throw new Error(`upload refused: ${res.status} ${body.message}`);
    const acceptedMs = Number(process.hrtime.bigint() - started) / 1e6;
    const batchNumber = body.data.batch_number;
    let batch;
    let lastLog = Date.now();
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      const poll = await fetch(
        `${server.url}/v1/businesses/${businessId}/uploadproducts/batches/${batchNumber}`,
        { headers },
      );
      batch = (await poll.json()).data;
      if (batch.status === 'completed' || batch.status === 'failed') break;
      if (Date.now() - lastLog > 10_000) {
        lastLog = Date.now();
        const s = Number(process.hrtime.bigint() - started) / 1e9;
        console.log(`  ${s.toFixed(0)} s: ${batch.processed_rows} rows processed`);
      }
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const expectedFailed = file.failing;
    if (batch.failed_rows !== expectedFailed || batch.processed_rows !== N)
      throw new Error(
        `batch ${batchNumber}: ${batch.processed_rows} processed, ${batch.failed_rows} failed (expected ${N} and ${expectedFailed})`,
      );
    const failed = await fetch(
      `${server.url}/v1/businesses/${businessId}/${batchNumber}/upload-batch/products?limit=500`,
      { headers },
    );
    const failedRows = (await failed.json()).data;
    if (failedRows.total !== expectedFailed || failedRows.items.some((r) => !r.error))
      throw new Error(
        `failed rows listed: ${failedRows.total}, expected ${expectedFailed} each with a reason`,
      );
    const ratio = seconds / TARGET_S;
    console.log(
      `  accepted (upload + parse + queue) in ${(acceptedMs / 1000).toFixed(1)} s; ${batch.succeeded_rows} created, ${batch.failed_rows} failed rows listed one by one; raw unnest INSERT of the same rows into a plain table ${(rawMs / 1000).toFixed(2)} s (${Math.round(N / (rawMs / 1000))} rows/s)`,
    );
    console.log(
      `product upload (${kind}) ${N} rows: ${seconds.toFixed(1)} s = ${Math.round(N / seconds)} rows/s; time / ${TARGET_S} s: ratio ${ratio.toFixed(2)} (target <= 1) ${ratio <= 1 ? 'PASS' : 'FAIL'}; load ${load().join(' ')}`,
    );
  }
} finally {
  await db.end();
  await server.stop();
  await database.drop();
}
