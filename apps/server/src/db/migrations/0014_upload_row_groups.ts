import type { Kysely } from 'kysely';
import { runStatements } from '../run-statements.js';

/**
 * Products with variants in a bulk upload (issue 13): rows with the same handle are one product.
 * `upload_batch_rows.group_row` is the row number of the first row of the row's handle (NULL for a
 * row without a handle). The worker claims a group through its first row, so two servers never
 * split one product's rows between them; a later row whose first row is already done (reprocessed
 * after a failure) is claimed on its own and added to that row's product.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE upload_batch_rows ADD COLUMN group_row int;
    CREATE INDEX upload_batch_rows_group_idx ON upload_batch_rows (batch_id, group_row) WHERE group_row IS NOT NULL;
  `,
  );
}
