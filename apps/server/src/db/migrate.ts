import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Database } from './database.js';
import * as m0001 from './migrations/0001_foundation.js';
import * as m0002 from './migrations/0002_catalogue_inventory.js';

/** Ordered, forward-only migrations. Add the next file here in order. */
const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_catalogue_inventory': m0002,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export const migrateToLatest = async (db: Database): Promise<void> => {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
};
