import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Sale } from '@ms/contracts';
import { runBackupCommand, runRestoreCommand } from '../../src/backup/commands.js';
import { dataOf } from '../inventory/inventory-helper.js';
import { expectSameRows, PNG, runABusiness, serverOnFolder } from './backup-helper.js';

/**
 * Issue 11 §8 on PostgreSQL (runs when TEST_DATABASE_URL is set): `npm run backup` dumps with pg_dump while
 * the server writes; `npm run restore` loads it into an empty database and the files into an empty data
 * folder; every table has the same rows.
 */
const base = process.env.TEST_DATABASE_URL;
const tmp = mkdtempSync(join(tmpdir(), 'ms-backup-pg-'));
const made: string[] = [];

const database = async (template: string | null) => {
  const name = `ms_bk_${inject('testRunId')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  made.push(name);
  const url = new URL(base!);
  url.pathname = `/${name}`;
  return url.toString();
};

let sourceUrl: string;
let server: Awaited<ReturnType<typeof serverOnFolder>>;
let business: Awaited<ReturnType<typeof runABusiness>>;
const dataDir = join(tmp, 'data');

describe.skipIf(!base)('backup of a PostgreSQL installation', () => {
  beforeAll(async () => {
    sourceUrl = await database(inject('templateDatabase'));
    server = await serverOnFolder({ dataDir, databaseUrl: sourceUrl, migrate: false });
    business = await runABusiness(server);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    for (const name of made) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('pg_dump while the server runs; restore into an empty database and folder has every row and file', async () => {
    const result = await runBackupCommand(
      { dataDir, databaseUrl: sourceUrl },
      { dir: join(tmp, 'backups'), keep: 7 },
    );
    expect(result.by).toBe('pg_dump');
    expect(result.file).toMatch(/merchant-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);

    const target = { dataDir: join(tmp, 'restored'), databaseUrl: await database(null) };
    const restored = await runRestoreCommand(result.file, target);
    expect(restored).toMatchObject({ manifest: { database: 'postgres', jwt_secret: true }, uploads: 1 });
    expect(readFileSync(join(target.dataDir, 'jwt-secret'), 'utf8')).toBe(
      readFileSync(join(dataDir, 'jwt-secret'), 'utf8'),
    );

    const copy = await serverOnFolder({ ...target, migrate: false });
    try {
      await expectSameRows(server.db, copy.db);
      const { w, sale, uploadUrl } = business;
      const found = dataOf<Sale>(
        await copy.request({
          method: 'GET',
          url: `/v1/sales/${sale.id}/businesses/${w.owner.businessId}`,
          token: w.cashier.token,
          device: w.owner.device,
        }),
      );
      expect(found).toMatchObject({ id: sale.id, total: sale.total });
      const logo = await copy.app.inject({ method: 'GET', url: uploadUrl });
      expect(Buffer.compare(logo.rawPayload, PNG)).toBe(0);
    } finally {
      await copy.close();
    }

    // Never over existing data: the restored database now has tables.
    await expect(
      runRestoreCommand(result.file, { dataDir: join(tmp, 'again'), databaseUrl: target.databaseUrl }),
    ).rejects.toThrow('restore needs an empty database: DATABASE_URL already has tables');
    // An embedded-database target is told what to set.
    await expect(runRestoreCommand(result.file, { dataDir: join(tmp, 'embedded') })).rejects.toThrow(
      'this backup is of a PostgreSQL database: set DATABASE_URL to the empty database to restore it into',
    );
  });
});
