import { sql, type Kysely } from 'kysely';

/**
 * Runs a migration's SQL one statement at a time (PGlite's protocol takes one per query).
 * Statements end with ";" at the end of a line; keep function bodies on one line.
 */
export const runStatements = async (db: Kysely<unknown>, text: string): Promise<void> => {
  for (const statement of text.split(/;\s*$/m)) {
    if (statement.trim()) await sql.raw(statement).execute(db);
  }
};
