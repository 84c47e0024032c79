import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readBackupConfig } from '../backup/backup.js';
import { runBackupCommand } from '../backup/commands.js';

/**
 * `npm run backup [-- --dir <folder>]`: writes a dated backup of the whole installation (database, uploaded
 * files, generated JWT secret) into BACKUP_DIR, keeping the BACKUP_KEEP newest. Safe while the server runs.
 */
const main = async () => {
  const { values } = parseArgs({ options: { dir: { type: 'string' } } });
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  const config = readBackupConfig(process.env, dataDir);
  const result = await runBackupCommand(
    { dataDir, databaseUrl: process.env.DATABASE_URL || undefined },
    { dir: values.dir ? resolve(values.dir) : config.dir, keep: config.keep },
  );
  console.log(`backup written by ${result.by}: ${result.file} (${(result.bytes / 1e6).toFixed(1)} MB)`);
  for (const name of result.removed) console.log(`removed old backup ${name} (BACKUP_KEEP=${config.keep})`);
};

main().catch((error: unknown) => {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
