import { sql, type Kysely } from 'kysely';

/**
 * Every live store without a live register gets one called "Main till" (a new store gets it when
 * it is created; reading the registers no longer creates it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO registers (business_id, id, store_id, name)
    SELECT s.business_id, gen_random_uuid(), s.id, 'Main till'
    FROM stores s
    WHERE s.deleted_at IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM registers r
        WHERE r.business_id = s.business_id AND r.store_id = s.id AND r.deleted_at IS NULL
      )
    ON CONFLICT DO NOTHING
  `.execute(db);
}
