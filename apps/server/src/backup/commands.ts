import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseHandle } from '../db/database.js';
import { openDatabase } from '../db/database.js';
import {
  readBackupConfig,
  restoreBackup,
  scheduleBackups,
  writeBackup,
  type BackupResult,
  type BackupSource,
} from './backup.js';
import { askHolder, holdDataDir, type DataDirHold } from './control.js';

export type Where = { dataDir: string; databaseUrl?: string };

/**
 * `npm run backup`: PostgreSQL is dumped directly (pg_dump takes its own snapshot). The embedded database
 * is asked of the process that has it open, else opened here while this process holds the data folder.
 */
export const runBackupCommand = async (
  where: Where,
  opts: { dir: string; keep: number },
): Promise<BackupResult & { by: string }> => {
  if (where.databaseUrl) {
    const result = await writeBackup(
      { kind: 'postgres', databaseUrl: where.databaseUrl, dataDir: where.dataDir },
      opts.dir,
      opts,
    );
    return { ...result, by: 'pg_dump' };
  }
  const reply = await askHolder(where.dataDir, { command: 'backup', dir: opts.dir, keep: opts.keep });
  if (reply && !reply.ok) throw new Error(reply.error);
  if (reply?.ok && reply.backup)
    return { ...reply.backup, by: `the running ${reply.role} (pid ${reply.pid})` };
  if (!existsSync(join(where.dataDir, 'pglite', 'PG_VERSION')))
    throw new Error(
      `no embedded database in ${join(where.dataDir, 'pglite')} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`,
    );
  const hold = await holdDataDir(where.dataDir, 'backup command');
  try {
    const handle = await openDatabase({ dataDir: where.dataDir });
    try {
      const result = await writeBackup(
        { kind: 'pglite', pglite: handle.pglite!, dataDir: where.dataDir },
        opts.dir,
        opts,
      );
      return { ...result, by: 'this command (no server was running)' };
    } finally {
      await handle.close();
    }
  } finally {
    await hold.release();
  }
};

/** `npm run restore -- <file>`: into an empty data folder (and, for PostgreSQL, an empty database). */
export const runRestoreCommand = async (file: string, where: Where) => {
  const hold = where.databaseUrl ? undefined : await holdDataDir(where.dataDir, 'restore command');
  try {
    return await restoreBackup(file, where);
  } finally {
    await hold?.release();
  }
};

/**
 * The server's side: hold the embedded data folder before opening it (call before openDatabase), then
 * `start` serves `npm run backup` and runs the schedule.
 */
export const serverBackups = async (where: Where, env: NodeJS.ProcessEnv = process.env) => {
  const config = readBackupConfig(env, where.dataDir);
  const hold: DataDirHold | undefined = where.databaseUrl
    ? undefined
    : await holdDataDir(where.dataDir, 'server');
  let stopSchedule = () => {};
  return {
    config,
    start: async (
      handle: DatabaseHandle,
      log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
    ) => {
      const source: BackupSource = handle.pglite
        ? { kind: 'pglite', pglite: handle.pglite, dataDir: where.dataDir }
        : { kind: 'postgres', databaseUrl: where.databaseUrl!, dataDir: where.dataDir };
      hold?.serveBackups((dir, keep) => writeBackup(source, dir, { keep }));
      if (!config.everyHours) return;
      const schedule = await scheduleBackups(
        { ...config, everyHours: config.everyHours },
        async () => {
          const result = await writeBackup(source, config.dir, { keep: config.keep });
          log.info(result, 'backup written');
        },
        (error) => log.error({ err: error }, 'scheduled backup failed'),
      );
      stopSchedule = schedule.stop;
      log.info(
        {
          dir: config.dir,
          everyHours: config.everyHours,
          keep: config.keep,
          firstInMinutes: Math.round(schedule.firstInMs / 60_000),
        },
        'backups scheduled',
      );
    },
    /** No more scheduled backups (before closing the database). */
    stopSchedule: () => stopSchedule(),
    /** Lets another process have the data folder (after closing the database). */
    release: async () => hold?.release(),
  };
};
