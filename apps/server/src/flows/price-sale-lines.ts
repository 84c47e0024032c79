import { discountExceeds, discountFromBody, toKobo } from '@ms/contracts';
import type { InTx } from '../db/database.js';
import type { AuthContext } from '../plugins/auth.js';
import { modifiersForSale } from '../modules/modifiers/index.js';
import { productsForSale } from '../modules/products/index.js';
import type { SaleLineInput } from '../modules/sales/index.js';

/** The items of a sale as the POST body (online) or the upload (offline) carries them. */
export type SaleItemInput = {
  _id: string;
  variety_id?: string | null;
  quantity: number;
  price?: number;
  /** Offline sales: the unit price in the device's catalogue when it was sold (see SaleRules). */
  list_price?: number;
  /** Offline sales may carry the modifier price the device charged. */
  modifiers?: { _id: string; selling_price?: number }[];
  discount_type?: 'amount' | 'percentage' | null;
  discount?: number | null;
};

/** A line priced from the catalogue, as the sales module stores it. */
export type PricedLine = SaleLineInput;

export const canDiscount = (auth: AuthContext): boolean =>
  auth.isAdmin || auth.permissions.has('pos.discounts');

/** Why an item cannot be priced; each way of selling words it its own way (`PricingRules.refuse`). */
export type PricingProblem =
  | { kind: 'unknown_product'; index: number }
  | { kind: 'variety_required'; index: number; product: string }
  | { kind: 'no_varieties'; index: number; product: string }
  | { kind: 'unknown_variety'; index: number; product: string }
  | { kind: 'unknown_modifier'; index: number; at: number }
  | { kind: 'price_not_allowed'; index: number; line: string }
  | { kind: 'discount_too_large'; index: number; grossKobo: number };

export type PricingRules = {
  /**
   * A sale made offline: tombstones of products, varieties and modifiers still price it, the
   * device's prices stand (`list_price`, modifier prices), and an item whose product gained or
   * lost varieties since is kept on the product (without stock when it now has varieties).
   */
  offline: boolean;
  refuse: (problem: PricingProblem) => Error;
};

/**
 * The one way a sale's items are priced: looks every item up in the catalogue (names, prices,
 * costs, modifiers) and applies the permission rules (a changed price or a discount needs
 * pos.discounts) and the bounds (a discount never exceeds its line).
 */
export const priceSaleLines = async (
  tx: InTx,
  auth: AuthContext,
  items: readonly SaleItemInput[],
  rules: PricingRules,
): Promise<PricedLine[]> => {
  const b = auth.businessId;
  const withDeleted = rules.offline;
  const { products, varieties } = await productsForSale(
    tx,
    b,
    {
      productIds: [...new Set(items.map((i) => i._id.toLowerCase()))],
      varietyIds: [...new Set(items.flatMap((i) => (i.variety_id ? [i.variety_id.toLowerCase()] : [])))],
    },
    { withDeleted },
  );
  const modifiers = await modifiersForSale(
    tx,
    b,
    [...new Set(items.flatMap((i) => (i.modifiers ?? []).map((m) => m._id.toLowerCase())))],
    { withDeleted },
  );
  const productById = new Map(products.map((p) => [p.id, p]));
  const varietyById = new Map(varieties.map((v) => [v.id, v]));
  const modifierById = new Map(modifiers.map((m) => [m.id, m]));
  const mayDiscount = canDiscount(auth);
  return items.map((item, index) => {
    const p = productById.get(item._id.toLowerCase());
    if (!p) throw rules.refuse({ kind: 'unknown_product', index });
    let name = p.name;
    let catalogueKobo = p.selling_price;
    // The cost when sold: a variety's own cost, else the product's.
    let unitCostKobo = p.cost_price;
    let varietyId: string | null = null;
    let tracksStock = p.product_type !== 'service' && p.track_stock;
    if (p.product_type === 'variable' && !item.variety_id) {
      if (!rules.offline) throw rules.refuse({ kind: 'variety_required', index, product: p.name });
      // A product given varieties after the sale: the line stays on the product, without stock.
      tracksStock = false;
    }
    if (item.variety_id) {
      if (p.product_type !== 'variable' && !rules.offline)
        throw rules.refuse({ kind: 'no_varieties', index, product: p.name });
      const v = varietyById.get(item.variety_id.toLowerCase());
      if (!v || v.product_id !== p.id)
        throw rules.refuse({ kind: 'unknown_variety', index, product: p.name });
      name = `${p.name} (${v.name})`;
      catalogueKobo = v.selling_price;
      if (v.cost_price > 0) unitCostKobo = v.cost_price;
      varietyId = v.id;
    }
    if (rules.offline && item.list_price !== undefined) catalogueKobo = toKobo(item.list_price);
    const unitPriceKobo = item.price === undefined ? catalogueKobo : toKobo(item.price);
    const discount = discountFromBody(item.discount_type, item.discount);
    if (!mayDiscount && (unitPriceKobo !== catalogueKobo || discount))
      throw rules.refuse({ kind: 'price_not_allowed', index, line: name });
    const lineModifiers = (item.modifiers ?? []).map((m, at) => {
      const row = modifierById.get(m._id.toLowerCase());
      if (!row) throw rules.refuse({ kind: 'unknown_modifier', index, at });
      const price =
        rules.offline && m.selling_price !== undefined ? toKobo(m.selling_price) : row.selling_price;
      return { _id: row.id, name: row.name, selling_price: price };
    });
    const gross = (unitPriceKobo + lineModifiers.reduce((a, m) => a + m.selling_price, 0)) * item.quantity;
    if (discountExceeds(gross, discount))
      throw rules.refuse({ kind: 'discount_too_large', index, grossKobo: gross });
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
