import { sql } from 'kysely';
import { formatKobo } from '@ms/contracts';
import type { Database } from '../db/database.js';
import { HttpError } from '../lib/errors.js';
import { keepOfflineCash } from '../modules/registers/index.js';
import { priceSaleLines, type PricingRules } from './price-sale-lines.js';
import type { SaleRules } from './record-sale.js';

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

/** How a sale made offline words an item it cannot price: a refusal with a code for the device. */
const offlinePricing: PricingRules = {
  offline: true,
  refuse: (problem) => {
    const i = problem.index;
    switch (problem.kind) {
      case 'unknown_product':
        return refusal(
          `items[${i}]._id: this product is not in this business's catalogue, so the sale cannot be recorded.`,
          'unknown_product',
        );
      case 'unknown_variety':
        return refusal(
          `items[${i}].variety_id: this variety of ${problem.product} is not in this business's catalogue.`,
          'unknown_variety',
        );
      case 'price_not_allowed':
        return refusal(
          `items[${i}]: the price of ${problem.line} was changed or discounted, and this cashier's role cannot change prices or give discounts.`,
          'discount_not_allowed',
        );
      case 'unknown_modifier':
        return refusal(
          `items[${i}].modifiers[${problem.at}]._id: this modifier is not in this business's catalogue.`,
          'unknown_modifier',
        );
      case 'discount_too_large':
        return refusal(
          `items[${i}].discount cannot be more than the line amount (${formatKobo(problem.grossKobo)}).`,
          'invalid',
        );
      // Offline pricing keeps such lines on the product (see PricingRules.offline): never raised.
      case 'variety_required':
      case 'no_varieties':
        return refusal(`items[${i}].variety_id does not match ${problem.product}.`, 'invalid');
    }
  },
};

/** The rules of a sale made offline at `madeAt` (the device's time, never later than now). */
export const offlineSaleRules = (madeAt: Date): SaleRules => ({
  priceItems: (tx, auth, items) => priceSaleLines(tx, auth, items, offlinePricing),
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
  // The till took the code it was given (it checks it against the agents it has): kept as it is, even
  // for an agent deactivated since, and a sale made before the store's toggle was on needs none.
  salesAgent: async (_tx, _b, _store, code) => code ?? null,
});
