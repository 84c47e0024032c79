import { sql } from 'kysely';
import { discountExceeds, discountFromBody, formatKobo, toKobo } from '@ms/contracts';
import type { Database, InTx } from '../db/database.js';
import { HttpError } from '../lib/errors.js';
import type { AuthContext } from '../plugins/auth.js';
import { keepOfflineCash } from '../modules/registers/index.js';
import { canDiscount, type PricedLine, type RecordSaleInput, type SaleRules } from './record-sale.js';

/**
 * How a sale made offline is recorded (docs/decisions/0004-offline-sync.md). The cashier already
 * took the money, so nothing that changed on the server after the sale refuses it:
 * - prices are the device's: `price` (what was charged) and `list_price` (its catalogue price); a
 *   price the cashier changed still needs pos.discounts, a stale catalogue price does not;
 * - products, varieties and modifiers deleted since are used from their tombstones (stored names);
 * - a customer not on the server yet is kept as pending and linked when it lands
 *   (flows/link-offline-customer.ts); a deleted one is still linked; another business's customer
 *   is left off the sale, and the answer says so (`dropped`);
 * - cash goes to the register open then, else the one open now, else onto the sale as unregistered.
 * What can never succeed (an item unknown to this business, a discount the role may not give) is
 * refused with a reason and a code.
 */

/** A record that will never be accepted as it is: `code` for the device, the message for the cashier. */
export const refusal = (message: string, code: string) => new HttpError(422, message, code);

/** Serialises a sale naming a customer with that customer's creation (both take it, in that order). */
export const lockCustomerId = async (tx: Database, businessId: string, customerId: string) => {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`customer:${businessId}:${customerId}`}, 0))`.execute(
    tx,
  );
};

const priceOfflineItems = async (
  tx: InTx,
  auth: AuthContext,
  items: RecordSaleInput['items'],
): Promise<PricedLine[]> => {
  const b = auth.businessId;
  const productIds = [...new Set(items.map((i) => i._id.toLowerCase()))];
  const varietyIds = [...new Set(items.flatMap((i) => (i.variety_id ? [i.variety_id.toLowerCase()] : [])))];
  const modifierIds = [...new Set(items.flatMap((i) => (i.modifiers ?? []).map((m) => m._id.toLowerCase())))];
  // Tombstones included: the device sold from the catalogue it had.
  const products = await tx
    .selectFrom('products')
    .select(['id', 'name', 'product_type', 'track_stock', 'selling_price', 'cost_price'])
    .where('business_id', '=', b)
    .where('id', 'in', productIds)
    .execute();
  const varieties = varietyIds.length
    ? await tx
        .selectFrom('product_varieties')
        .select(['id', 'product_id', 'name', 'selling_price', 'cost_price'])
        .where('business_id', '=', b)
        .where('id', 'in', varietyIds)
        .execute()
    : [];
  const modifiers = modifierIds.length
    ? await tx
        .selectFrom('modifiers')
        .select(['id', 'name', 'selling_price'])
        .where('business_id', '=', b)
        .where('id', 'in', modifierIds)
        .execute()
    : [];
  const productById = new Map(products.map((p) => [p.id, p]));
  const varietyById = new Map(varieties.map((v) => [v.id, v]));
  const modifierById = new Map(modifiers.map((m) => [m.id, m]));
  const mayDiscount = canDiscount(auth);
  return items.map((item, index) => {
    const p = productById.get(item._id.toLowerCase());
    if (!p)
      throw refusal(
        `items[${index}]._id: this product is not in this business's catalogue, so the sale cannot be recorded.`,
        'unknown_product',
      );
    let name = p.name;
    let catalogueKobo = p.selling_price;
    // The cost when sold: a variety's own cost, else the product's.
    let unitCostKobo = p.cost_price;
    let varietyId: string | null = null;
    // A product given varieties after the sale: the line stays on the product, without stock.
    let tracksStock = p.product_type !== 'service' && p.track_stock && p.product_type !== 'variable';
    if (item.variety_id) {
      const v = varietyById.get(item.variety_id.toLowerCase());
      if (!v || v.product_id !== p.id)
        throw refusal(
          `items[${index}].variety_id: this variety of ${p.name} is not in this business's catalogue.`,
          'unknown_variety',
        );
      name = `${p.name} (${v.name})`;
      catalogueKobo = v.selling_price;
      if (v.cost_price > 0) unitCostKobo = v.cost_price;
      varietyId = v.id;
      tracksStock = p.product_type !== 'service' && p.track_stock;
    }
    if (item.list_price !== undefined) catalogueKobo = toKobo(item.list_price);
    const unitPriceKobo = item.price === undefined ? catalogueKobo : toKobo(item.price);
    const discount = discountFromBody(item.discount_type, item.discount);
    if (!mayDiscount && (unitPriceKobo !== catalogueKobo || discount))
      throw refusal(
        `items[${index}]: the price of ${name} was changed or discounted, and this cashier's role cannot change prices or give discounts.`,
        'discount_not_allowed',
      );
    const lineModifiers = (item.modifiers ?? []).map((m, at) => {
      const row = modifierById.get(m._id.toLowerCase());
      if (!row)
        throw refusal(
          `items[${index}].modifiers[${at}]._id: this modifier is not in this business's catalogue.`,
          'unknown_modifier',
        );
      const price = m.selling_price === undefined ? row.selling_price : toKobo(m.selling_price);
      return { _id: row.id, name: row.name, selling_price: price };
    });
    const gross = (unitPriceKobo + lineModifiers.reduce((a, m) => a + m.selling_price, 0)) * item.quantity;
    if (discountExceeds(gross, discount))
      throw refusal(
        `items[${index}].discount cannot be more than the line amount (${formatKobo(gross)}).`,
        'invalid',
      );
    return {
      productId: p.id,
      varietyId,
      name,
      tracksStock,
      unitPriceKobo,
      unitCostKobo,
      modifiers: lineModifiers,
      quantity: item.quantity,
      discount,
    };
  });
};

/** The rules of a sale made offline at `madeAt` (the device's time, never later than now). */
export const offlineSaleRules = (madeAt: Date): SaleRules => ({
  priceItems: priceOfflineItems,
  customer: async (tx, businessId, id) => {
    await lockCustomerId(tx, businessId, id);
    const row = await tx
      .selectFrom('customers')
      .select('id')
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (row) return { customerId: row.id, pendingCustomerId: null };
    // Customer ids are unique across businesses: one that is another business's will never land
    // here, and is never stored on this business's sale (the sale was paid for, so it still lands).
    const elsewhere = await tx
      .selectFrom('customers')
      .select('id')
      .where('id', '=', id)
      .where('business_id', '<>', businessId)
      .executeTakeFirst();
    if (elsewhere)
      return {
        customerId: null,
        pendingCustomerId: null,
        dropped: {
          code: 'customer_dropped',
          reason:
            "customer_id: this customer is not one of this business's customers, so the sale was recorded without a customer.",
        },
      };
    return { customerId: null, pendingCustomerId: id };
  },
  keepCash: (tx, input) => keepOfflineCash(tx, { ...input, madeAt }),
});
