import type { Kysely } from 'kysely';
import { runStatements } from '../run-statements.js';

/** Customers and the loyalty ledgers (points, store credit). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    SELECT 1;
  `,
  );
}
