import type { Kysely } from 'kysely';
import { runStatements } from '../run-statements.js';

/** Sales, lines, payments, refunds and parked tickets. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    SELECT 1;
  `,
  );
}
