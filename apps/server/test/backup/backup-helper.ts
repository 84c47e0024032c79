import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { expect } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { readEnv } from '../../src/config/env.js';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { startJobs } from '../../src/jobs/index.js';
import { seedDemo } from '../../src/seed/demo.js';
import { queryOutside, type TestApp } from '../helper.js';
import { dataOf } from '../inventory/inventory-helper.js';
import { openTill, saleBody, salesWorld, type Sale } from '../sales/sales-helper.js';

/**
 * A server as `npm start` runs it, on a real data folder: the embedded database in `<dataDir>/pglite`
 * (or `databaseUrl`), uploads in `<dataDir>/uploads`, a JWT secret generated into `<dataDir>/jwt-secret`.
 */
export const serverOnFolder = async (where: {
  dataDir: string;
  databaseUrl?: string;
  migrate?: boolean;
}): Promise<TestApp & { handle: DatabaseHandle }> => {
  const handle = await openDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir });
  if (where.migrate !== false) await migrateToLatest(handle.db);
  const jobs = await startJobs(handle);
  const env = { ...readEnv([], { DATA_DIR: where.dataDir }), webDist: join(where.dataDir, 'no-web') };
  const app = await buildApp({ env, db: handle.db, notifier: handle.notifier, jobs, logger: false });
  await app.ready();
  return {
    app,
    db: handle.db,
    notifier: handle.notifier,
    jobs,
    env,
    handle,
    queryAsAnotherProcess: queryOutside(handle, where.databaseUrl),
    close: async () => {
      await app.close();
      await jobs.stop();
      await handle.close();
    },
    request: ({ method, url, token, device = 'test-device-1', body, headers = {} }) =>
      app.inject({
        method,
        url,
        headers: {
          platform: 'web',
          deviceid: device,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        ...(body !== undefined ? { payload: body as object } : {}),
      }),
  };
};

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A business in use: the demo, a second business with a catalogue, a customer with loyalty, an open till,
 * a sale, and a logo uploaded through the API. Returns what a user would check after a restore.
 */
export const runABusiness = async (t: TestApp) => {
  await seedDemo(t.db);
  const w = await salesWorld(t);
  await openTill(w, w.owner.storeId, 5_000);
  const sale = dataOf<Sale>(
    await w.call(
      w.cashier,
      'POST',
      '/v1/sales/',
      saleBody(w.owner.storeId, [{ _id: w.rice.productId, quantity: 2 }], {
        customer_id: w.customerId,
        payments: [{ method: 'cash', amount: 2000 }],
      }),
    ),
    201,
  );
  const boundary = `----ms${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = dataOf<{ url: string }>(
    await t.request({
      method: 'POST',
      url: '/v1/uploads/',
      token: w.owner.token,
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    }),
    201,
  );
  return { w, sale, uploadUrl: upload.url };
};

/** Every table of the public schema with its rows, each row as JSON, sorted: equal maps = equal data. */
export const everyTable = async (db: Database): Promise<Map<string, string[]>> => {
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const out = new Map<string, string[]>();
  for (const { table_name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table_name)}`.execute(db);
    out.set(table_name, rows.rows.map((row) => JSON.stringify(row)).sort());
  }
  return out;
};

/** The restored database holds exactly the rows of the original, table by table (and the data is not trivial). */
export const expectSameRows = async (original: Database, restored: Database) => {
  const before = await everyTable(original);
  const after = await everyTable(restored);
  expect([...after.keys()]).toEqual([...before.keys()]);
  for (const [table, rows] of before) expect(after.get(table), `rows of ${table}`).toEqual(rows);
  // Guards against comparing two empty databases.
  const filled = [...before.values()].filter((rows) => rows.length > 0).length;
  expect(before.size).toBeGreaterThan(30);
  expect(filled).toBeGreaterThan(20);
  for (const table of ['businesses', 'users', 'products', 'sales', 'sale_lines', 'customers', 'uploads'])
    expect(before.get(table)?.length ?? 0, `rows of ${table}`).toBeGreaterThan(0);
};
