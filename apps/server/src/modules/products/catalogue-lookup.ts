import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Tx } from '../../db/database.js';
import { runPrepared } from '../../db/prepared.js';

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
    .where((eb) => eb('id', '=', eb.fn.any(eb.val([...ids.productIds]))));
  if (!opts.withDeleted) products = products.where('deleted_at', 'is', null);
  let varieties = tx
    .selectFrom('product_varieties')
    .select(['id', 'product_id', 'name', 'selling_price', 'cost_price'])
    .where('business_id', '=', businessId)
    .where((eb) => eb('id', '=', eb.fn.any(eb.val([...ids.varietyIds]))));
  if (!opts.withDeleted) varieties = varieties.where('deleted_at', 'is', null);
  // Every sale asks this: ids go as one array each, so the text is the same for any number of lines
  // and is planned once per connection (db/prepared.ts).
  if (ids.varietyIds.length === 0)
    return { products: ids.productIds.length ? await runPrepared(tx, products) : [], varieties: [] };
  // Both in one round trip.
  const [both] = await runPrepared(
    tx,
    tx.selectNoFrom([jsonArrayFrom(products).as('products'), jsonArrayFrom(varieties).as('varieties')]),
  );
  if (!both) throw new Error('no row from a select without FROM');
  return both;
};
