import { randomBytes } from 'node:crypto';
import { type PlaceOrderBody, type PublicOrder, type placeOrderBody } from '@ms/contracts';
import type { z } from 'zod';
import type { Deps } from '../deps.js';
import { nextNumber } from '../lib/counters.js';
import { isUniqueViolation } from '../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import {
  availableAt,
  deliveryZonesOf,
  openShopBySlug,
  priceShopItems,
} from '../modules/online-store/index.js';
import {
  insertOrder,
  orderByToken,
  orderRow,
  sendOrderMessages,
  toPublicOrder,
} from '../modules/orders/index.js';

/**
 * A shopper's checkout on the storefront (issue 15, decision 0013), in one transaction: the lines are
 * priced from the published catalogue, the items' stock rows are locked and what the shop can sell
 * (level less what other orders hold) is checked, and the order is written pending with its stock
 * held — before any payment is asked for, so money that arrives always has its order. The order's id
 * is made on the shopper's phone: the same checkout sent twice (a retry after a dropped connection)
 * places one order and answers it both times.
 */
export const placeOrder = async (
  deps: Pick<Deps, 'db' | 'notifications' | 'env'>,
  slug: string,
  body: z.output<typeof placeOrderBody>,
  placedFrom: string | null,
): Promise<{ order: PublicOrder; created: boolean }> => {
  const shop = await openShopBySlug(deps.db, slug);
  if (!shop) throw notFound('Shop');
  const b = shop.business_id;
  const orderId = body._id.toLowerCase();
  const write = () =>
    deps.db.transaction().execute(async (tx) => {
      const existing = await orderRow(tx, b, orderId);
      if (existing) return { token: existing.public_token, created: false };
      if (body.fulfilment === 'pickup' && !shop.pickup)
        throw badRequest('fulfilment: this shop does not offer pickup; choose delivery.');
      if (body.payment_method === 'on_delivery' && !shop.pay_on_delivery)
        throw badRequest(
          'payment_method: this shop does not take payment on delivery; pay by bank transfer.',
        );
      const zone = body.fulfilment === 'delivery' ? await zoneOf(tx, b, body) : null;
      const lines = await priceShopItems(tx, b, body.items);

      // What each item needs against what the shop can sell of it, its level rows locked.
      const needs = new Map<string, { name: string; quantity: number }>();
      for (const l of lines.filter((l) => l.tracksStock)) {
        const seen = needs.get(l.itemId);
        needs.set(l.itemId, { name: l.name, quantity: (seen?.quantity ?? 0) + l.quantity });
      }
      const available = await availableAt(tx, b, shop.store_id, [...needs.keys()], { lock: true });
      // A twin of this checkout held these rows before us and has committed: answer its order.
      const twin = await orderRow(tx, b, orderId);
      if (twin) return { token: twin.public_token, created: false };
      for (const [itemId, need] of needs) {
        const have = Math.max(0, available.get(itemId) ?? 0);
        if (need.quantity > have)
          throw conflict(have === 0 ? `${need.name} is sold out.` : `Only ${have} of ${need.name} left.`);
      }

      const token = randomBytes(24).toString('base64url');
      await insertOrder(tx, {
        businessId: b,
        id: orderId,
        number: await nextNumber(tx, b, 'order', 'ORD'),
        storeId: shop.store_id,
        fulfilment: body.fulfilment,
        paymentMethod: body.payment_method,
        shopper: { name: body.name, phone: body.phone, email: body.email ?? null },
        address: body.fulfilment === 'delivery' ? (body.address ?? null) : null,
        zone: zone?.name ?? null,
        note: body.note || null,
        lines,
        fees:
          zone && zone.fee_kobo > 0 ? [{ name: `Delivery: ${zone.name}`, amountKobo: zone.fee_kobo }] : [],
        token,
        placedFrom,
      });
      return { token, created: true };
    });
  const placed = await write().catch(async (error: unknown) => {
    // A twin of this checkout committed first: answer its order.
    if (isUniqueViolation(error, 'orders_pkey')) {
      const twin = await orderRow(deps.db, b, orderId);
      if (twin) return { token: twin.public_token, created: false };
    }
    throw error;
  });
  if (placed.created) await sendOrderMessages(deps, { businessId: b, orderId }).catch(() => 0);
  const found = await orderByToken(deps.db, placed.token);
  if (!found) throw new Error('order missing after insert');
  return { order: toPublicOrder(found.order, found.shop, placed.token), created: placed.created };
};

const zoneOf = async (
  tx: Parameters<typeof deliveryZonesOf>[0],
  businessId: string,
  body: PlaceOrderBody,
) => {
  const zones = await deliveryZonesOf(tx, businessId);
  if (zones.length === 0) return null;
  if (!body.zone_id) throw badRequest('zone_id: choose your delivery area.');
  const zone = zones.find((z) => z.id === body.zone_id!.toLowerCase());
  if (!zone) throw badRequest('zone_id: this delivery area is not offered; choose another.');
  return { name: zone.name, fee_kobo: Number(zone.fee_kobo) };
};
