import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { readTar, tarWriter } from './tar.js';

/**
 * Backups of a whole installation (every business): the database, the uploaded files and the generated
 * JWT secret, in one dated `.tar.gz`. Decisions in docs/decisions/0005-backup.md.
 *
 * Archive layout: `manifest.json` first, then `database/pgdata.tar` (PGlite's data folder) or
 * `database/dump.pgc` (pg_dump custom format), then `data/jwt-secret` and `data/uploads/...`.
 */
export type BackupSource =
  | { kind: 'pglite'; pglite: PGlite; dataDir: string }
  | { kind: 'postgres'; databaseUrl: string; dataDir: string };

export type BackupManifest = {
  format: 'merchant-backup';
  version: 1;
  database: 'pglite' | 'postgres';
  created_at: string;
  uploads: number;
  jwt_secret: boolean;
};

export type BackupResult = { file: string; bytes: number; removed: string[] };

const FORMAT = 'merchant-backup';
const NAME = /^merchant-backup-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)(?:-(\d+))?\.tar\.gz$/;

/** `merchant-backup-2025-06-01T03-00-00Z.tar.gz` (UTC; sorts by time; safe on every file system). */
export const backupFileName = (at: Date, n = 1) =>
  `merchant-backup-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z${n > 1 ? `-${n}` : ''}.tar.gz`;

/** The backups in a folder, oldest first. */
export const listBackups = async (dir: string): Promise<string[]> => {
  const names = existsSync(dir) ? await readdir(dir) : [];
  return names
    .map((name) => ({ name, m: NAME.exec(name) }))
    .filter((x): x is { name: string; m: RegExpExecArray } => x.m !== null)
    .sort((a, b) => a.m[1]!.localeCompare(b.m[1]!) || Number(a.m[2] ?? 1) - Number(b.m[2] ?? 1))
    .map((x) => x.name);
};

/** Deletes all but the `keep` newest backups (0 keeps all); returns the names removed. */
export const pruneBackups = async (dir: string, keep: number): Promise<string[]> => {
  if (keep <= 0) return [];
  const all = await listBackups(dir);
  const removed = all.slice(0, Math.max(0, all.length - keep));
  for (const name of removed) await rm(join(dir, name), { force: true });
  return removed;
};

/** Every regular file under `root`, as paths relative to it with `/` separators. */
const filesUnder = async (root: string): Promise<string[]> => {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
};

const run = (command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> =>
  new Promise((done, fail) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'ENOENT'
          ? new Error(`${command} was not found: install the PostgreSQL client tools (postgresql-client)`)
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? done() : fail(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });

/** libpq's connection settings for the client tools: the URL without its password, which goes in PGPASSWORD. */
const libpqTarget = (databaseUrl: string) => {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
};

/**
 * Writes one consistent backup into `dir` and keeps the `keep` newest. The archive is written under a
 * temporary name and renamed when complete, so a backup in the folder is never half written.
 */
export const writeBackup = (
  source: BackupSource,
  dir: string,
  opts: { keep?: number; now?: Date } = {},
): Promise<BackupResult> => {
  // One at a time in a process (a scheduled and an asked-for backup may meet).
  const next = queue.then(() => writeBackupNow(source, dir, opts));
  queue = next.catch(() => undefined);
  return next;
};
let queue: Promise<unknown> = Promise.resolve();

const writeBackupNow = async (
  source: BackupSource,
  dir: string,
  opts: { keep?: number; now?: Date },
): Promise<BackupResult> => {
  const target = resolve(dir);
  await mkdir(target, { recursive: true });
  const now = opts.now ?? new Date();
  let n = 1;
  while (existsSync(join(target, backupFileName(now, n)))) n++;
  const file = join(target, backupFileName(now, n));
  const partial = `${file}.partial`;
  const work = await mkdtemp(join(tmpdir(), 'ms-backup-'));
  try {
    // The database first: its snapshot is the moment of the backup.
    let database: { name: string; path?: string; content?: Buffer };
    if (source.kind === 'pglite') {
      database = { name: 'database/pgdata.tar', content: await snapshotPglite(source.pglite) };
    } else {
      const path = join(work, 'dump.pgc');
      const { dbname, env } = libpqTarget(source.databaseUrl);
      // One transaction (REPEATABLE READ) under the hood: a consistent snapshot while the server writes.
      await run(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${path}`, `--dbname=${dbname}`],
        env,
      );
      database = { name: 'database/dump.pgc', path };
    }
    const uploadsDir = join(source.dataDir, 'uploads');
    const uploads = await filesUnder(uploadsDir);
    const secretFile = join(source.dataDir, 'jwt-secret');
    const hasSecret = existsSync(secretFile);
    const manifest: BackupManifest = {
      format: FORMAT,
      version: 1,
      database: source.kind,
      created_at: now.toISOString(),
      uploads: uploads.length,
      jwt_secret: hasSecret,
    };

    const gzip = createGzip({ level: 6 });
    const done = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
    const tar = tarWriter(gzip);
    await tar.addBuffer('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)), now);
    if (database.content) await tar.addBuffer(database.name, database.content, now);
    else {
      const info = await stat(database.path!);
      await tar.addFile(database.name, database.path!, info.size, now);
    }
    if (hasSecret) {
      const info = await stat(secretFile);
      await tar.addFile('data/jwt-secret', secretFile, info.size, info.mtime);
    }
    for (const name of uploads) {
      const path = join(uploadsDir, ...name.split('/'));
      const info = await stat(path).catch(() => null);
      if (!info) continue; // deleted since the listing
      await tar.addFile(`data/uploads/${name}`, path, info.size, info.mtime);
    }
    await tar.finish();
    gzip.end();
    await done;
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const { size } = await stat(file);
  const removed = await pruneBackups(target, opts.keep ?? 0);
  return { file, bytes: size, removed };
};

/**
 * PGlite's data folder as a tar, taken between transactions: the transaction lock keeps every other
 * transaction and query of this (single) instance waiting while the files are read, so the copy is
 * the state after the last commit. A CHECKPOINT first keeps the recovery on restore short.
 */
const snapshotPglite = async (pglite: PGlite): Promise<Buffer> => {
  await pglite.exec('CHECKPOINT');
  const blob = await pglite._runExclusiveTransaction(() => pglite.dumpDataDir('none'));
  return Buffer.from(await blob.arrayBuffer());
};

/** What is in a data folder that a restore would overwrite (empty when it can restore into it). */
const occupied = async (dataDir: string, withPglite: boolean): Promise<string[]> => {
  const found: string[] = [];
  const pgliteDir = join(dataDir, 'pglite');
  if (withPglite && existsSync(pgliteDir) && (await readdir(pgliteDir)).length > 0) found.push(pgliteDir);
  if ((await filesUnder(join(dataDir, 'uploads'))).length > 0) found.push(join(dataDir, 'uploads'));
  if (existsSync(join(dataDir, 'jwt-secret'))) found.push(join(dataDir, 'jwt-secret'));
  return found;
};

/** The tables of a PostgreSQL database outside the system schemas. */
const userTables = async (databaseUrl: string): Promise<number> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM information_schema.tables
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
};

export type RestoreTarget = { dataDir: string; databaseUrl?: string };

/**
 * Restores a backup into an empty data folder (embedded) or an empty database plus data folder
 * (PostgreSQL). Refuses, changing nothing, when the target already holds data.
 */
export const restoreBackup = async (
  file: string,
  target: RestoreTarget,
): Promise<{ manifest: BackupManifest; uploads: number }> => {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  const dataDir = resolve(target.dataDir);
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  const busy = await occupied(dataDir, kind === 'pglite');
  if (busy.length) throw new Error(`restore needs an empty data folder; already there: ${busy.join(', ')}`);
  if (target.databaseUrl && (await userTables(target.databaseUrl)) > 0)
    throw new Error('restore needs an empty database: DATABASE_URL already has tables');

  let manifest: BackupManifest | undefined;
  let uploads = 0;
  const work = await mkdtemp(join(tmpdir(), 'ms-restore-'));
  try {
    for await (const entry of readTar(createReadStream(file).pipe(createGunzip()))) {
      if (!manifest) {
        if (entry.name !== 'manifest.json') throw new Error(`${file} is not a Merchant backup`);
        manifest = JSON.parse(entry.content.toString('utf8')) as BackupManifest;
        if (manifest.format !== FORMAT || manifest.version !== 1)
          throw new Error(`${file} is not a Merchant backup this version can read`);
        if (manifest.database !== kind)
          throw new Error(
            manifest.database === 'pglite'
              ? 'this backup is of the embedded database: unset DATABASE_URL to restore it'
              : 'this backup is of a PostgreSQL database: set DATABASE_URL to the empty database to restore it into',
          );
        continue;
      }
      if (entry.name === 'database/pgdata.tar') {
        await loadPglite(join(dataDir, 'pglite'), entry.content);
      } else if (entry.name === 'database/dump.pgc') {
        const path = join(work, 'dump.pgc');
        await writeFile(path, entry.content);
        const { dbname, env } = libpqTarget(target.databaseUrl!);
        await run(
          'pg_restore',
          [
            '--no-owner',
            '--no-privileges',
            '--exit-on-error',
            '--single-transaction',
            `--dbname=${dbname}`,
            path,
          ],
          env,
        );
      } else if (entry.name.startsWith('data/')) {
        const relativePath = entry.name.slice('data/'.length);
        const path = resolve(dataDir, relativePath);
        // Never write outside the data folder, whatever the archive says.
        if (!path.startsWith(dataDir + sep) || relativePath.split('/').includes('..'))
          throw new Error(`unsafe path in the backup: ${entry.name}`);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, entry.content, { mode: relativePath === 'jwt-secret' ? 0o600 : 0o644 });
        if (relativePath.startsWith('uploads/')) uploads++;
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  if (!manifest) throw new Error(`${file} is empty`);
  return { manifest, uploads };
};

/** Opens a new PGlite in `dir` from the tarball (it replays the WAL), checks it answers, closes it. */
const loadPglite = async (dir: string, tarball: Buffer) => {
  await mkdir(dir, { recursive: true });
  const pglite = new PGlite({ dataDir: dir, extensions: { pg_trgm }, loadDataDir: new Blob([tarball]) });
  try {
    await pglite.waitReady;
    await pglite.query('SELECT count(*) FROM kysely_migration');
  } finally {
    if (!pglite.closed) await pglite.close();
  }
};

export type BackupConfig = { dir: string; everyHours: number | undefined; keep: number };

/** BACKUP_DIR (default `$DATA_DIR/backups`), BACKUP_EVERY_HOURS (unset: no schedule), BACKUP_KEEP (default 7). */
export const readBackupConfig = (source: NodeJS.ProcessEnv, dataDir: string): BackupConfig => {
  const every = source.BACKUP_EVERY_HOURS?.trim();
  const everyHours = every ? Number(every) : undefined;
  if (everyHours !== undefined && !(Number.isFinite(everyHours) && everyHours > 0))
    throw new Error(`BACKUP_EVERY_HOURS must be a number of hours above 0, got ${every}`);
  const keepRaw = source.BACKUP_KEEP?.trim();
  const keep = keepRaw ? Number(keepRaw) : 7;
  if (!Number.isInteger(keep) || keep < 0)
    throw new Error(`BACKUP_KEEP must be a whole number (0 keeps every backup), got ${keepRaw}`);
  return { dir: resolve(source.BACKUP_DIR?.trim() || join(dataDir, 'backups')), everyHours, keep };
};

/**
 * Runs `backup` every `everyHours`, the first one due `everyHours` after the newest backup already in
 * the folder (at once when that is overdue), so restarts neither skip nor repeat backups.
 */
export const scheduleBackups = async (
  config: BackupConfig & { everyHours: number },
  backup: () => Promise<unknown>,
  onError: (error: unknown) => void,
): Promise<{ stop: () => void; firstInMs: number }> => {
  const period = config.everyHours * 3_600_000;
  const existing = await listBackups(config.dir);
  const newest = existing.at(-1);
  const last = newest ? (await stat(join(config.dir, newest))).mtimeMs : 0;
  const firstInMs = Math.max(0, Math.min(period, last + period - Date.now()));
  let timer: NodeJS.Timeout;
  let stopped = false;
  const tick = async () => {
    try {
      await backup();
    } catch (error) {
      onError(error);
    }
    if (!stopped) timer = setTimeout(() => void tick(), period).unref();
  };
  timer = setTimeout(() => void tick(), firstInMs).unref();
  return {
    firstInMs,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
};
