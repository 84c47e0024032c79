import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runRestoreCommand } from '../backup/commands.js';

/**
 * `npm run restore -- <backup file>`: restores into an empty DATA_DIR (embedded database) or, with
 * DATABASE_URL, into an empty PostgreSQL database plus DATA_DIR for the files. Start the server after.
 */
const main = async () => {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new Error('usage: npm run restore -- <backup file>');
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const { manifest, uploads } = await runRestoreCommand(resolve(positionals[0]!), { dataDir, databaseUrl });
  console.log(
    `restored the backup of ${manifest.created_at} (${manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL'}, ` +
      `${uploads} uploaded files${manifest.jwt_secret ? ', JWT secret' : ''}) into ${databaseUrl ? 'DATABASE_URL and ' : ''}${dataDir}`,
  );
};

main().catch((error: unknown) => {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
