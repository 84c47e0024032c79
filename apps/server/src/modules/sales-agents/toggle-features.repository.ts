import type { Tx } from '../../db/database.js';

/** Switches set per store (migration 0027); a toggle never set is off. */

export type ToggleId = { key: string; scope: string; category: string };

/** The toggles set for these stores. */
export const togglesOf = (
  db: Tx,
  businessId: string,
  storeIds: readonly string[],
  keys: readonly string[],
) =>
  storeIds.length === 0 || keys.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('feature_toggles')
        .select(['key', 'scope', 'category', 'scope_id', 'enabled', 'updated_at'])
        .where('business_id', '=', businessId)
        .where('scope', '=', 'store')
        .where('scope_id', 'in', [...storeIds])
        .where('key', 'in', [...keys])
        .execute();

export const setToggle = (
  db: Tx,
  row: ToggleId & { business_id: string; scope_id: string; enabled: boolean; updated_by: string },
) =>
  db
    .insertInto('feature_toggles')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['business_id', 'key', 'scope', 'scope_id', 'category']).doUpdateSet({
        enabled: row.enabled,
        updated_by: row.updated_by,
        updated_at: new Date(),
      }),
    )
    .returning(['enabled', 'updated_at'])
    .executeTakeFirstOrThrow();

/** Whether a toggle is on for one store. */
export const toggleOn = async (
  db: Tx,
  businessId: string,
  id: ToggleId,
  storeId: string,
): Promise<boolean> => {
  const row = await db
    .selectFrom('feature_toggles')
    .select('enabled')
    .where('business_id', '=', businessId)
    .where('key', '=', id.key)
    .where('scope', '=', id.scope)
    .where('scope_id', '=', storeId)
    .where('category', '=', id.category)
    .executeTakeFirst();
  return row?.enabled ?? false;
};
