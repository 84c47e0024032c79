import type { PlaceOrderBody } from '@ms/contracts';
import type { Tx } from '../../db/database.js';
import { badRequest, conflict } from '../../lib/errors.js';

/** One line of a checkout, priced at the shop's online price (kobo) as it is now. */
export type ShopLine = {
  productId: string;
  varietyId: string | null;
  /** The variety, or the product without varieties: what stock is kept of. */
  itemId: string;
  name: string;
  quantity: number;
  unitPriceKobo: number;
  unitCostKobo: number;
  tracksStock: boolean;
};

/**
 * Prices a checkout's items from the published catalogue (never from what the phone sent): a product
 * no longer published is refused by name of its line, a product with varieties needs one of them.
 */
export const priceShopItems = async (
  tx: Tx,
  businessId: string,
  items: PlaceOrderBody['items'],
): Promise<ShopLine[]> => {
  const productIds = [...new Set(items.map((i) => i.product_id.toLowerCase()))];
  const products = await tx
    .selectFrom('products as p')
    .innerJoin('online_products as op', (j) =>
      j.onRef('op.business_id', '=', 'p.business_id').onRef('op.product_id', '=', 'p.id'),
    )
    .select(['p.id', 'p.name', 'p.selling_price', 'p.cost_price', 'p.track_stock', 'op.online_price_kobo'])
    .where('p.business_id', '=', businessId)
    .where('p.id', 'in', productIds)
    .where('p.deleted_at', 'is', null)
    .where('op.published', '=', true)
    .execute();
  const varieties = await tx
    .selectFrom('product_varieties')
    .select(['id', 'product_id', 'name', 'selling_price', 'cost_price'])
    .where('business_id', '=', businessId)
    .where('product_id', 'in', productIds)
    .where('deleted_at', 'is', null)
    .execute();
  return items.map((item, index) => {
    const product = products.find((p) => p.id === item.product_id.toLowerCase());
    if (!product)
      throw conflict(
        `items[${index}]: this product is no longer sold in this shop; remove it from your cart.`,
      );
    const own = varieties.filter((v) => v.product_id === product.id);
    if (own.length === 0) {
      if (item.variety_id) throw badRequest(`items[${index}].variety_id: ${product.name} has no options.`);
      return {
        productId: product.id,
        varietyId: null,
        itemId: product.id,
        name: product.name,
        quantity: item.quantity,
        unitPriceKobo: Number(product.online_price_kobo ?? product.selling_price),
        unitCostKobo: Number(product.cost_price),
        tracksStock: product.track_stock,
      };
    }
    if (!item.variety_id)
      throw badRequest(`items[${index}].variety_id is required: ${product.name} comes in several options.`);
    const variety = own.find((v) => v.id === item.variety_id!.toLowerCase());
    if (!variety) throw badRequest(`items[${index}].variety_id: not an option of ${product.name}.`);
    return {
      productId: product.id,
      varietyId: variety.id,
      itemId: variety.id,
      name: `${product.name} — ${variety.name}`,
      quantity: item.quantity,
      unitPriceKobo: Number(product.online_price_kobo ?? variety.selling_price),
      unitCostKobo: Number(variety.cost_price),
      tracksStock: product.track_stock,
    };
  });
};
