// Sales at the counter under load (issue 4): C concurrent registers (default 50) each recording
// sales one after another for D seconds through POST /v1/sales/ (2–3 lines, cash with change,
// stock and register ledgers written in the sale's one transaction). Prints sales per second and
// p50/p99 latency, then pgbench TPC-B tps on the same PostgreSQL in the same run.
// Needs a build (npm run build), or BENCH_SERVER_SOURCE=1 to run the server from source (tsx).
// Usage: node bench/sales-api.mjs [registers] [seconds]
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { login, root } from './lib.mjs';

const REGISTERS = Number(process.argv[2] ?? process.env.BENCH_REGISTERS ?? 50);
const SECONDS = Number(process.argv[3] ?? process.env.BENCH_SECONDS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3293);
const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

const withDatabase = async (prefix) => {
  const name = `${prefix}_${Date.now().toString(36)}`;
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
  };
  env.DATABASE_URL = databaseUrl;
  const args = process.env.BENCH_SERVER_SOURCE
    ? [
        join(root, 'node_modules/tsx/dist/cli.mjs'),
        '--tsconfig',
        join(root, 'apps/server/tsconfig.json'),
        join(root, 'apps/server/src/server.ts'),
      ]
    : [join(root, 'apps/server/dist/server.js')];
  // BENCH_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // BENCH_SERVER_LOG: a file for the server's log lines (errors are logged there, not shown here).
  const out = process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'w') : 'ignore';
  const child = spawn(process.execPath, [...nodeArgs, ...args], { env, stdio: ['ignore', out, 'inherit'] });
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

let salesPerSecond = 0;
let p99 = Infinity;
const database = await withDatabase('ms_bench_sales');
const server = await startServer(database.url);
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  const session = await login(server.url, 'admin@demo.ng', 'Demo@1234');
  const headers = {
    authorization: `Bearer ${session.token}`,
    deviceID: 'bench-device',
    'content-type': 'application/json',
  };
  const call = async (method, path, body) => {
    const t0 = process.hrtime.bigint();
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return { ms, data: JSON.parse(text).data };
  };
  const businessId = (await db.query("SELECT id FROM businesses WHERE name = 'Mama Nkechi Provisions'"))
    .rows[0].id;
  const stores = (
    await db.query('SELECT id FROM stores WHERE business_id = $1 AND deleted_at IS NULL', [businessId])
  ).rows.map((r) => r.id);
  const products = (
    await db.query(
      "SELECT id FROM products WHERE business_id = $1 AND deleted_at IS NULL AND product_type = 'simple' ORDER BY id LIMIT 200",
      [businessId],
    )
  ).rows.map((r) => r.id);
  if (products.length < 3) throw new Error('the demo business has too few simple products');

  // One register per worker, spread over the stores, each opened with a float.
  const tills = [];
  for (let i = 0; i < REGISTERS; i++) {
    const storeId = stores[i % stores.length];
    const { data } = await call('POST', '/v1/registries/', {
      store_id: storeId,
      name: `Bench till ${i + 1}`,
    });
    await call('PUT', `/v1/registries/${data.id}/open`, { float: 5000 });
    tills.push(storeId);
  }

  // The demo's own history has sales too: count only the ones made here.
  const before = Number(
    (await db.query('SELECT count(*) FROM sales WHERE business_id = $1', [businessId])).rows[0].count,
  );
  const latencies = [];
  let replays = 0;
  const until = Date.now() + SECONDS * 1000;
  const worker = async (storeId, n) => {
    let k = n;
    while (Date.now() < until) {
      k += 7;
      const items = [0, 1, 2].slice(0, 2 + (k % 2)).map((j) => ({
        _id: products[(k * 13 + j * 31) % products.length],
        quantity: 1 + ((k + j) % 3),
      }));
      const body = {
        _id: randomUUID(),
        store_id: storeId,
        items,
        payments: [{ method: 'cash', amount: 1_000_000 }],
      };
      const { ms } = await call('POST', '/v1/sales/', body);
      latencies.push(ms);
      if (k % 50 === 0) {
        // A device retrying a sale it already sent: answered from the stored sale.
        await call('POST', '/v1/sales/', body);
        replays += 1;
      }
    }
  };
  const started = Date.now();
  await Promise.all(tills.map((storeId, i) => worker(storeId, i)));
  const elapsed = (Date.now() - started) / 1000;
  const recorded =
    Number(
      (await db.query('SELECT count(*) FROM sales WHERE business_id = $1', [businessId])).rows[0].count,
    ) - before;
  if (recorded !== latencies.length) throw new Error(`recorded ${recorded} sales, sent ${latencies.length}`);
  const unbalanced = Number(
    (
      await db.query(
        `SELECT count(*) FROM stock_levels l WHERE l.quantity <> (SELECT coalesce(sum(m.quantity), 0) FROM stock_movements m
          WHERE m.business_id = l.business_id AND m.store_id = l.store_id AND m.item_id = l.item_id)`,
      )
    ).rows[0].count,
  );
  if (unbalanced) throw new Error(`${unbalanced} stock levels differ from their movements`);
  salesPerSecond = latencies.length / elapsed;
  p99 = percentile(latencies, 99);
  console.log(
    `sales: ${REGISTERS} registers, ${latencies.length} sales (+${replays} retries) in ${elapsed.toFixed(1)} s = ${(latencies.length / elapsed).toFixed(0)} sales/s | p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms | ledgers balance`,
  );
} finally {
  await db.end();
  await server.stop();
  await database.drop();
}

// pgbench TPC-B on the same PostgreSQL, same client count.
const bench = await withDatabase('ms_bench_pgbench');
try {
  const url = new URL(bench.url);
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', url.username || 'postgres'];
  const dbName = url.pathname.slice(1);
  execFileSync('pgbench', [...args, '-i', '-q', '-s', '1', dbName], { stdio: 'ignore' });
  const out = execFileSync(
    'pgbench',
    [...args, '-c', String(REGISTERS), '-j', '2', '-T', String(Math.min(SECONDS, 15)), dbName],
    {
      encoding: 'utf8',
    },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  console.log(`pgbench TPC-B (scale 1, ${REGISTERS} clients): ${tps.toFixed(0)} tps`);
  const ratio = salesPerSecond / tps;
  const ratioOk = ratio >= 0.5;
  const p99Ok = p99 <= 100;
  console.log(
    `sales/s ${salesPerSecond.toFixed(0)} vs pgbench ${tps.toFixed(0)} tps: ratio ${ratio.toFixed(3)} (target >= 0.5) ${ratioOk ? 'PASS' : 'FAIL'}`,
  );
  console.log(`sales p99 ${p99.toFixed(1)} ms (target <= 100 ms) ${p99Ok ? 'PASS' : 'FAIL'}`);
} finally {
  await bench.drop();
}
