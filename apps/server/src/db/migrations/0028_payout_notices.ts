import { sql, type Kysely } from 'kysely';

/**
 * The owner is e-mailed when a payout fails or is reversed (issue 14): `owner_told_at` says the e-mail
 * went, so each is sent once whatever runs the job. Payouts that failed before this are taken as told.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payouts ADD COLUMN owner_told_at timestamptz`.execute(db);
  await sql`UPDATE payouts SET owner_told_at = now() WHERE status IN ('failed', 'reversed')`.execute(db);
  await sql`CREATE INDEX payouts_untold_idx ON payouts (created_at)
    WHERE status IN ('failed', 'reversed') AND owner_told_at IS NULL`.execute(db);
}
