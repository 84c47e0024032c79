import type { SetStocksBody, SetStocksResult } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { badRequest } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertStoreAccess } from '../stores/index.js';
import { moveStock, resolveItems } from '../inventory/index.js';
import { lockLevels } from './products.writes.js';

/**
 * PATCH /v2/.../products/stocks: sets counted levels in one store. The difference from the
 * current level is recorded as a 'set' movement, so the level stays the sum of its movements.
 */
export const setStocks = async (
  db: Database,
  caller: AuthContext,
  body: SetStocksBody,
): Promise<SetStocksResult> =>
  db.transaction().execute(async (tx) => {
    await assertStoreAccess(tx, caller, body.store_id);
    const items = await resolveItems(tx, caller.businessId, body.items);
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(item.itemId)) throw badRequest(`items: ${item.name} is listed twice.`);
      seen.add(item.itemId);
    }
    const levels = await lockLevels(
      tx,
      caller.businessId,
      body.store_id,
      items.map((i) => i.itemId),
    );
    const lines = items.map((item, i) => ({
      ...item,
      storeId: body.store_id,
      quantity: (body.items[i]?.stock ?? 0) - (levels.get(item.itemId) ?? 0),
    }));
    await moveStock(
      tx,
      { businessId: caller.businessId, userId: caller.userId, reason: 'set', note: body.reason || null },
      lines,
    );
    return {
      store_id: body.store_id,
      items: lines.map((l, i) => ({
        product_id: l.productId,
        variety_id: l.varietyId,
        stock: body.items[i]?.stock ?? 0,
        change: l.quantity,
      })),
    };
  });
