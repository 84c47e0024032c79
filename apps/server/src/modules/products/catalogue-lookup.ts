import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Tx } from '../../db/database.js';

/**
 * Products and varieties by id as a sale prices them (name, type, stock tracking, price, cost).
 * `withDeleted` includes tombstones: a sale made offline was sold from the catalogue the device had.
 */
export const productsForSale = async (
  tx: Tx,
  businessId: string,
  ids: { productIds: readonly string[]; varietyIds: readonly string[] },
  opts: { withDeleted: boolean },
) => {
  let products = tx
    .selectFrom('products')
    .select(['id', 'name', 'product_type', 'track_stock', 'selling_price', 'cost_price'])
    .where('business_id', '=', businessId)
    .where('id', 'in', [...ids.productIds]);
  if (!opts.withDeleted) products = products.where('deleted_at', 'is', null);
  let varieties = tx
    .selectFrom('product_varieties')
    .select(['id', 'product_id', 'name', 'selling_price', 'cost_price'])
    .where('business_id', '=', businessId)
    .where('id', 'in', [...ids.varietyIds]);
  if (!opts.withDeleted) varieties = varieties.where('deleted_at', 'is', null);
  if (ids.varietyIds.length === 0)
    return { products: ids.productIds.length ? await products.execute() : [], varieties: [] };
  // Both in one round trip.
  return tx
    .selectNoFrom([jsonArrayFrom(products).as('products'), jsonArrayFrom(varieties).as('varieties')])
    .executeTakeFirstOrThrow();
};
