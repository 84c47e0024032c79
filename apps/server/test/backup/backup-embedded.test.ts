import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  listBackups,
  pruneBackups,
  readBackupConfig,
  scheduleBackups,
  backupFileName,
} from '../../src/backup/backup.js';
import { runBackupCommand, runRestoreCommand, serverBackups } from '../../src/backup/commands.js';
import { controlSocketPath, holdDataDir } from '../../src/backup/control.js';
import { openDatabase } from '../../src/db/database.js';
import type { Sale } from '@ms/contracts';
import { dataOf } from '../inventory/inventory-helper.js';
import { expectSameRows, PNG, runABusiness, serverOnFolder } from './backup-helper.js';

/**
 * Issue 11 §8: a merchant on the embedded database keeps a copy of the business. The server runs on a real
 * data folder (holding it as `npm start` does); `npm run backup` asks it for a backup while it serves;
 * `npm run restore` puts the backup into a fresh folder, where every table has the same rows, the uploaded
 * files are there and the tokens signed before still work.
 */
const tmp = mkdtempSync(join(tmpdir(), 'ms-backup-'));
const dataDir = join(tmp, 'data');
const backupDir = join(tmp, 'backups');
const silent = { info: () => {}, error: () => {} };

let server: Awaited<ReturnType<typeof serverOnFolder>>;
let backups: Awaited<ReturnType<typeof serverBackups>>;
let business: Awaited<ReturnType<typeof runABusiness>>;
let backupFile: string;

beforeAll(async () => {
  backups = await serverBackups({ dataDir }, {});
  server = await serverOnFolder({ dataDir });
  await backups.start(server.handle, silent);
  business = await runABusiness(server);
}, 240_000);

afterAll(async () => {
  await server?.close();
  await backups?.release();
  rmSync(tmp, { recursive: true, force: true });
});

// A file-backed PGlite is slow to create and copy on a busy machine.
describe('backup of the embedded database while the server runs', { timeout: 120_000 }, () => {
  it('npm run backup asks the running server for a dated backup; restore into a fresh folder has every row, file and the secret', async () => {
    const result = await runBackupCommand({ dataDir }, { dir: backupDir, keep: 7 });
    expect(result.by).toMatch(/^the running server \(pid \d+\)$/);
    expect(result.file.startsWith(backupDir)).toBe(true);
    expect(result.file).toMatch(/merchant-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    expect(result.bytes).toBeGreaterThan(0);
    expect(readdirSync(backupDir)).toEqual([result.file.split('/').at(-1)]);
    backupFile = result.file;

    const fresh = join(tmp, 'restored');
    const restored = await runRestoreCommand(backupFile, { dataDir: fresh });
    expect(restored).toMatchObject({ manifest: { database: 'pglite', jwt_secret: true }, uploads: 1 });
    expect(readFileSync(join(fresh, 'jwt-secret'), 'utf8')).toBe(
      readFileSync(join(dataDir, 'jwt-secret'), 'utf8'),
    );

    const copy = await serverOnFolder({ dataDir: fresh, migrate: false });
    try {
      await expectSameRows(server.db, copy.db);
      // What the merchant sees: the cashier's token from before still works, the sale and the logo are there.
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
      expect(logo.statusCode).toBe(200);
      expect(Buffer.compare(logo.rawPayload, PNG)).toBe(0);
    } finally {
      await copy.close();
    }
  });

  it('no second process opens the data folder while the server has it; restore refuses a folder in use or not empty', async () => {
    await expect(holdDataDir(dataDir, 'server')).rejects.toThrow(
      /data folder .* is in use by another process \(server, pid \d+\)/,
    );
    await expect(runRestoreCommand(backupFile, { dataDir })).rejects.toThrow(/in use by another process/);
    const used = join(tmp, 'used');
    await expect(runRestoreCommand(backupFile, { dataDir: join(tmp, 'restored') })).rejects.toThrow(
      /restore needs an empty data folder; already there: .*pglite/,
    );
    // Only the JWT secret in it is enough to refuse: a restore never overwrites anything.
    mkdirSync(used);
    writeFileSync(join(used, 'jwt-secret'), 'other');
    await expect(runRestoreCommand(backupFile, { dataDir: used })).rejects.toThrow(
      /already there: .*jwt-secret/,
    );
    expect(existsSync(join(used, 'pglite'))).toBe(false);
  });

  it('a backup taken while sales are being written holds whole transactions only', async () => {
    await sql`CREATE TABLE probe_a (id int PRIMARY KEY)`.execute(server.db);
    await sql`CREATE TABLE probe_b (id int PRIMARY KEY)`.execute(server.db);
    let written = 0;
    let stop = false;
    // Each transaction writes a row in probe_a, waits, then the same id in probe_b.
    const writer = (async () => {
      while (!stop) {
        const id = ++written;
        await server.db.transaction().execute(async (tx) => {
          await sql`INSERT INTO probe_a VALUES (${id})`.execute(tx);
          await new Promise((r) => setTimeout(r, 3));
          await sql`INSERT INTO probe_b VALUES (${id})`.execute(tx);
        });
      }
    })();
    while (written < 20) await new Promise((r) => setTimeout(r, 5));
    const during = await runBackupCommand({ dataDir }, { dir: join(tmp, 'during'), keep: 0 });
    stop = true;
    await writer;

    const fresh = join(tmp, 'restored-during');
    await runRestoreCommand(during.file, { dataDir: fresh });
    const copy = await openDatabase({ dataDir: fresh });
    try {
      const a = await sql<{ id: number }>`SELECT id FROM probe_a ORDER BY id`.execute(copy.db);
      const b = await sql<{ id: number }>`SELECT id FROM probe_b ORDER BY id`.execute(copy.db);
      expect(a.rows.length).toBeGreaterThanOrEqual(20);
      expect(b.rows).toEqual(a.rows);
    } finally {
      await copy.close();
    }
  });

  it('without a running server the command opens the folder itself, holding it meanwhile', async () => {
    // The folder restored by the first test: a database no process has open, as after the server stopped.
    const alone = join(tmp, 'restored');
    const result = await runBackupCommand({ dataDir: alone }, { dir: join(tmp, 'alone-backups'), keep: 7 });
    expect(result.by).toBe('this command (no server was running)');
    expect(existsSync(join(alone, 'control.sock'))).toBe(false);
    await expect(
      runBackupCommand({ dataDir: join(tmp, 'nothing') }, { dir: backupDir, keep: 7 }),
    ).rejects.toThrow(/no embedded database in .*nothing\/pglite/);
  });

  it('keeps the BACKUP_KEEP newest backups', async () => {
    const dir = join(tmp, 'keep');
    const base = Date.UTC(2025, 0, 1, 3);
    const names = [0, 1, 2, 3].map((h) => backupFileName(new Date(base + h * 3_600_000)));
    names.push(backupFileName(new Date(base + 3 * 3_600_000), 2));
    mkdirSync(dir);
    for (const name of names) writeFileSync(join(dir, name), '');
    writeFileSync(join(dir, 'notes.txt'), 'not a backup');
    expect(await listBackups(dir)).toEqual(names);
    expect(await pruneBackups(dir, 3)).toEqual(names.slice(0, 2));
    expect(readdirSync(dir).sort()).toEqual([...names.slice(2), 'notes.txt'].sort());
    // A real backup with keep 1 leaves only itself.
    const result = await runBackupCommand({ dataDir }, { dir, keep: 1 });
    expect(await listBackups(dir)).toEqual([result.file.split('/').at(-1)]);
  });
});

describe('the data folder lock', () => {
  it('a socket left by a killed server is taken over; a live holder is named', async () => {
    const folder = join(tmp, 'killed');
    mkdirSync(folder);
    const path = controlSocketPath(folder);
    const child = spawn(process.execPath, [
      '-e',
      `require('net').createServer().listen(${JSON.stringify(path)}, () => console.log('up'))`,
    ]);
    await once(child.stdout, 'data');
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(existsSync(path)).toBe(true); // nobody answers on it any more
    const hold = await holdDataDir(folder, 'server');
    await expect(holdDataDir(folder, 'backup command')).rejects.toThrow(
      `the data folder ${folder} is in use by another process (server, pid ${process.pid})`,
    );
    await hold.release();
    expect(existsSync(path)).toBe(false);
  });
});

describe('backup configuration and schedule', { timeout: 60_000 }, () => {
  it('reads BACKUP_DIR, BACKUP_EVERY_HOURS and BACKUP_KEEP, naming a bad value', () => {
    expect(readBackupConfig({}, '/srv/data')).toEqual({
      dir: '/srv/data/backups',
      everyHours: undefined,
      keep: 7,
    });
    expect(
      readBackupConfig({ BACKUP_DIR: '/mnt/usb', BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '28' }, '/srv/data'),
    ).toEqual({ dir: '/mnt/usb', everyHours: 6, keep: 28 });
    expect(() => readBackupConfig({ BACKUP_EVERY_HOURS: 'daily' }, '/d')).toThrow(
      /^BACKUP_EVERY_HOURS must be/,
    );
    expect(() => readBackupConfig({ BACKUP_EVERY_HOURS: '0' }, '/d')).toThrow(/^BACKUP_EVERY_HOURS must be/);
    expect(() => readBackupConfig({ BACKUP_KEEP: '-1' }, '/d')).toThrow(/^BACKUP_KEEP must be/);
  });

  it('the first scheduled backup is due a period after the newest one in the folder, at once when none is', async () => {
    const dir = join(tmp, 'schedule');
    const ran: number[] = [];
    const empty = await scheduleBackups(
      { dir, everyHours: 1 / 3600, keep: 2 },
      async () => ran.push(Date.now()),
      () => {},
    );
    expect(empty.firstInMs).toBe(0);
    await new Promise((r) => setTimeout(r, 2_600));
    empty.stop();
    // Due at once, then every second.
    expect(ran.length).toBeGreaterThanOrEqual(2);
    expect(ran.length).toBeLessThanOrEqual(4);

    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, backupFileName(new Date())), ''); // a backup just written
    const recent = await scheduleBackups(
      { dir, everyHours: 24, keep: 2 },
      async () => {},
      () => {},
    );
    recent.stop();
    expect(recent.firstInMs).toBeGreaterThan(23.9 * 3_600_000);
  });
});
