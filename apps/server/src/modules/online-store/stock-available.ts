import { sql } from 'kysely';
import type { Tx } from '../../db/database.js';

/**
 * What the online store can sell of each item: the store's level less what orders still hold there
 * (orders from pending to ready; decision 0013). Read in one statement. `lock` takes the items' level
 * rows first (in item order, as the stock ledger does), so two checkouts of the last unit wait for one
 * another and the second sees the first's hold.
 */
export const availableAt = async (
  tx: Tx,
  businessId: string,
  storeId: string,
  itemIds: readonly string[],
  opts: { lock?: boolean } = {},
): Promise<Map<string, number>> => {
  const ids = [...new Set(itemIds.map((i) => i.toLowerCase()))].sort();
  if (ids.length === 0) return new Map();
  if (opts.lock)
    await sql`SELECT 1 FROM stock_levels
               WHERE business_id = ${businessId} AND store_id = ${storeId} AND item_id = ANY(${ids}::uuid[])
               ORDER BY item_id FOR UPDATE`.execute(tx);
  const { rows } = await sql<{ item_id: string; available: number }>`
    SELECT i.item_id,
           coalesce((SELECT l.quantity FROM stock_levels l
                      WHERE l.business_id = ${businessId} AND l.store_id = ${storeId} AND l.item_id = i.item_id), 0)
         - coalesce((SELECT sum(ol.quantity) FROM order_lines ol
                       JOIN orders o ON o.business_id = ol.business_id AND o.id = ol.order_id
                      WHERE ol.business_id = ${businessId} AND ol.item_id = i.item_id AND ol.tracks_stock
                        AND o.store_id = ${storeId} AND o.stock_state = 'held'), 0) AS available
      FROM unnest(${ids}::uuid[]) AS i(item_id)`.execute(tx);
  return new Map(rows.map((r) => [r.item_id, Number(r.available)]));
};
