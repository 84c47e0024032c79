import { sql, type RawBuilder } from 'kysely';
import type { Tx } from '../db/database.js';

/** Next human number of a kind for a business ("TR-0001"), safe under concurrent writers. */
export const nextNumber = async (
  tx: Tx,
  businessId: string,
  name: string,
  prefix: string,
): Promise<string> => {
  const row = await tx
    .insertInto('counters')
    .values({ business_id: businessId, name, value: 1 })
    .onConflict((oc) =>
      oc.columns(['business_id', 'name']).doUpdateSet({ value: sql<number>`counters.value + 1` }),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return `${prefix}-${String(row.value).padStart(4, '0')}`;
};

/**
 * The same increment as one SQL statement returning `value`, for a CTE of a statement that uses the
 * number (`WITH c AS (${bumpCounter(...)}) UPDATE ... FROM c`): one round trip while the row is locked.
 */
export const bumpCounter = (businessId: string, name: string): RawBuilder<{ value: number }> =>
  sql<{ value: number }>`INSERT INTO counters (business_id, name, value) VALUES (${businessId}, ${name}, 1)
    ON CONFLICT (business_id, name) DO UPDATE SET value = counters.value + 1 RETURNING value`;
