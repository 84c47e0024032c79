import { sql } from 'kysely';
import { MAX_STOCK_LEVEL, MOVEMENT_KINDS, type MovementKind } from '@ms/contracts';
import type { Tx } from '../../db/database.js';
import { runPrepared } from '../../db/prepared.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { changesNotice } from '../changes/index.js';

/**
 * The only way stock changes. Every change is a movement row (store, item, signed quantity,
 * reason, reference, user, time) and the store's current level is updated in the same
 * transaction, so a level always equals the sum of its movements.
 */

/** Kinds of movement; the list is shared with clients (contracts `MOVEMENT_KINDS`). */
export const MOVEMENT_REASONS = MOVEMENT_KINDS;
export type MovementReason = MovementKind;

/** A product without varieties, or one variety of a product. */
export type StockItem = { productId: string; varietyId: string | null };
export const itemIdOf = (item: StockItem): string => item.varietyId ?? item.productId;

export type StockLine = StockItem & { storeId: string; quantity: number };

export type MovementContext = {
  businessId: string;
  userId: string | null;
  reason: MovementReason;
  note?: string | null;
  /** The shop's reason of a manual adjustment (received, damaged, ...). */
  adjustmentReason?: string | null;
  referenceType?: string | null;
  referenceId?: string | null;
  /** Refuse a change that would leave a level below zero (sales may oversell; transfers may not). */
  refuseNegative?: boolean;
};

export type MovementRow = {
  id: string;
  store_id: string;
  item_id: string;
  product_id: string;
  variety_id: string | null;
  quantity: number;
  balance_after: number;
};

/** Lines on the same store and item are merged, and applied in a fixed order so two writers never deadlock. */
const mergeLines = (lines: readonly StockLine[]): StockLine[] => {
  const byKey = new Map<string, StockLine>();
  for (const raw of lines) {
    // Ids compare in lower case, as PostgreSQL does, so one row is never two lines.
    const line = {
      ...raw,
      storeId: raw.storeId.toLowerCase(),
      productId: raw.productId.toLowerCase(),
      varietyId: raw.varietyId?.toLowerCase() ?? null,
    };
    const key = `${line.storeId}:${itemIdOf(line)}`;
    const seen = byKey.get(key);
    if (seen) seen.quantity += line.quantity;
    else byKey.set(key, line);
  }
  return [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, line]) => line)
    .filter((line) => line.quantity !== 0);
};

/** Applies signed quantities to store levels and writes one movement per line. Call inside a transaction. */
export const moveStock = async (
  tx: Tx,
  ctx: MovementContext,
  lines: readonly StockLine[],
): Promise<MovementRow[]> => {
  const merged = mergeLines(lines);
  for (const line of merged)
    if (Math.abs(line.quantity) > MAX_STOCK_LEVEL)
      throw badRequest(
        `quantity: ${Math.abs(line.quantity)} of ${await itemName(tx, ctx.businessId, line)} cannot move at once.`,
      );
  if (merged.length === 0) return [];
  const ids = merged.map(() => newId());
  // Stock is part of the product record devices download, so the product counts as changed.
  const productIds = [...new Set(merged.map((l) => l.productId))].sort();
  const stores = [...new Set(merged.map((l) => l.storeId))];
  // Open devices of the stores concerned refresh these products (and, after a sale, the sales) now.
  const notice = changesNotice(ctx.businessId, [
    { topic: 'products', stores, ids: productIds },
    ...(ctx.reason === 'sale' || ctx.reason === 'refund' ? [{ topic: 'sales' as const, stores }] : []),
  ]);
  // One statement, whatever the number of lines (arrays are one parameter each), in this order:
  // the levels (locked in store and item order), a movement per level with its balance, then the
  // products, locked in id order (an UPDATE ... IN (...) locks rows in its plan's order, and two sales
  // of the same products in different stores then deadlocked), then the notice to open devices.
  // Each step reads the one before it, which fixes that order. A level past the bound is left as it
  // is (no row back) and refused below: the transaction is then undone, movements and all.
  // Its text is the same whatever the values: a prepared statement, planned once per connection.
  const levels = await runPrepared(
    tx,
    sql<{ store_id: string; item_id: string; quantity: number }>`
    WITH input AS (
      SELECT * FROM unnest(
        ${merged.map((l) => l.storeId)}::uuid[],
        ${merged.map(itemIdOf)}::uuid[],
        ${merged.map((l) => l.productId)}::uuid[],
        ${merged.map((l) => l.varietyId)}::uuid[],
        ${merged.map((l) => l.quantity)}::int[],
        ${ids}::uuid[]
      ) AS x(store_id, item_id, product_id, variety_id, quantity, movement_id)
    ),
    levels AS (
      INSERT INTO stock_levels (business_id, store_id, item_id, product_id, variety_id, quantity)
      SELECT ${ctx.businessId}::uuid, store_id, item_id, product_id, variety_id, quantity
        FROM input ORDER BY store_id, item_id
      ON CONFLICT (business_id, store_id, item_id)
        DO UPDATE SET quantity = stock_levels.quantity + excluded.quantity
        WHERE abs(stock_levels.quantity::bigint + excluded.quantity) <= ${MAX_STOCK_LEVEL}
      RETURNING store_id, item_id, quantity
    ),
    moved AS (
      INSERT INTO stock_movements (business_id, id, store_id, item_id, product_id, variety_id, quantity,
                                   balance_after, reason, adjustment_reason, note, reference_type,
                                   reference_id, user_id)
      SELECT ${ctx.businessId}::uuid, i.movement_id, i.store_id, i.item_id, i.product_id, i.variety_id,
             i.quantity, l.quantity, ${ctx.reason}, ${ctx.adjustmentReason ?? null}, ${ctx.note ?? null},
             ${ctx.referenceType ?? null}, ${ctx.referenceId ?? null}::uuid, ${ctx.userId}::uuid
        FROM input i JOIN levels l ON l.store_id = i.store_id AND l.item_id = i.item_id
      RETURNING 1
    ),
    locked AS MATERIALIZED (
      SELECT id FROM products
       WHERE business_id = ${ctx.businessId} AND id = ANY(${productIds}::uuid[])
         AND (SELECT count(*) FROM moved) >= 0
       ORDER BY id FOR NO KEY UPDATE
    ),
    touched AS (
      UPDATE products SET updated_at = clock_timestamp() FROM locked
       WHERE products.business_id = ${ctx.businessId} AND products.id = locked.id
      RETURNING 1
    ),
    told AS (
      SELECT pg_notify(${notice.channel}, ${notice.payload}) FROM (SELECT count(*) FROM touched) t
    )
    SELECT l.store_id, l.item_id, l.quantity FROM levels l, (SELECT count(*) FROM told) done`,
  );
  const after = new Map(levels.map((r) => [`${r.store_id}:${r.item_id}`, r.quantity]));
  const rows: MovementRow[] = [];
  for (const [index, line] of merged.entries()) {
    const itemId = itemIdOf(line);
    const balance = after.get(`${line.storeId}:${itemId}`);
    if (balance === undefined)
      throw badRequest(
        `quantity: the stock of ${await itemName(tx, ctx.businessId, line)} in that store cannot pass ${MAX_STOCK_LEVEL.toLocaleString('en-NG')} either way.`,
      );
    if (ctx.refuseNegative && line.quantity < 0 && balance < 0) {
      const name = await itemName(tx, ctx.businessId, line);
      throw conflict(`Not enough stock: only ${balance - line.quantity} of ${name} left in that store.`);
    }
    rows.push({
      id: ids[index]!,
      store_id: line.storeId,
      item_id: itemId,
      product_id: line.productId,
      variety_id: line.varietyId,
      quantity: line.quantity,
      balance_after: balance,
    });
  }
  return rows;
};

/** Current levels of items in one store (0 for an item never stocked there). */
export const levelsIn = async (
  tx: Tx,
  businessId: string,
  storeId: string,
  itemIds: readonly string[],
): Promise<Map<string, number>> => {
  const out = new Map<string, number>(itemIds.map((id) => [id, 0]));
  if (itemIds.length === 0) return out;
  const rows = await tx
    .selectFrom('stock_levels')
    .select(['item_id', 'quantity'])
    .where('business_id', '=', businessId)
    .where('store_id', '=', storeId)
    .where('item_id', 'in', [...itemIds])
    .execute();
  for (const r of rows) out.set(r.item_id, r.quantity);
  return out;
};

const itemName = async (tx: Tx, businessId: string, item: StockItem): Promise<string> => {
  const p = await tx
    .selectFrom('products')
    .select('name')
    .where('business_id', '=', businessId)
    .where('id', '=', item.productId)
    .executeTakeFirst();
  if (!item.varietyId) return p?.name ?? 'this item';
  const v = await tx
    .selectFrom('product_varieties')
    .select('name')
    .where('business_id', '=', businessId)
    .where('id', '=', item.varietyId)
    .executeTakeFirst();
  return `${p?.name ?? 'this item'} (${v?.name ?? 'variety'})`;
};

export type ResolvedItem = StockItem & { itemId: string; name: string };

/**
 * Checks items a request names: the product is this business's and live, it tracks stock, and a
 * product with varieties is named with one of its varieties. 404 for an unknown product or
 * variety, 400 for the wrong shape.
 */
export const resolveItems = async (
  tx: Tx,
  businessId: string,
  items: readonly { product_id: string; variety_id?: string | null }[],
): Promise<ResolvedItem[]> => {
  const productIds = [...new Set(items.map((i) => i.product_id))];
  if (productIds.length === 0) return [];
  const products = await tx
    .selectFrom('products')
    .select(['id', 'name', 'product_type', 'track_stock'])
    .where('business_id', '=', businessId)
    .where('id', 'in', productIds)
    .where('deleted_at', 'is', null)
    .execute();
  const byId = new Map(products.map((p) => [p.id, p]));
  const varietyIds = [...new Set(items.flatMap((i) => (i.variety_id ? [i.variety_id] : [])))];
  const varieties = varietyIds.length
    ? await tx
        .selectFrom('product_varieties')
        .select(['id', 'product_id', 'name'])
        .where('business_id', '=', businessId)
        .where('id', 'in', varietyIds)
        .where('deleted_at', 'is', null)
        .execute()
    : [];
  const varietyById = new Map(varieties.map((v) => [v.id, v]));
  return items.map((i) => {
    const p = byId.get(i.product_id);
    if (!p) throw notFound('Product');
    if (p.product_type === 'service' || !p.track_stock)
      throw badRequest(`${p.name} does not track stock; turn on stock tracking first.`);
    if (p.product_type === 'variable' && !i.variety_id)
      throw badRequest(`${p.name} has varieties: variety_id is required.`);
    if (i.variety_id) {
      const v = varietyById.get(i.variety_id);
      if (!v || v.product_id !== p.id) throw notFound('Variety');
      return { productId: p.id, varietyId: v.id, itemId: v.id, name: `${p.name} (${v.name})` };
    }
    return { productId: p.id, varietyId: null, itemId: p.id, name: p.name };
  });
};
