import { sql } from 'kysely';
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
