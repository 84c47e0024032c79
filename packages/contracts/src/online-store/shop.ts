import { z } from 'zod';
import { email, id, inputString, optionalText, phone, requiredText } from '../validation/zod-rules.js';
import {
  MAX_ORDER_LINES,
  MAX_ORDER_QUANTITY,
  ORDER_FULFILMENTS,
  ORDER_PAY_METHODS,
  ORDER_STATUSES,
} from '../orders/order-rules.js';

/**
 * The storefront's calls (issue 15): public, no account, rate-limited per address. They show only
 * what the shop publishes — never cost prices, other stores, customers or staff. The storefront's own
 * bundle imports these as types only (`import type`): zod stays out of its 60 kB.
 */

export const shopParams = z.object({ slug: inputString('slug').max(60) });
export const shopOrderParams = z.object({ token: inputString('token').max(100) });

export const shopVariety = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  /** Null: stock not tracked (always available). */
  available: z.number().nullable(),
});

export const shopProduct = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  images: z.array(z.string()),
  category_id: z.string().nullable(),
  /** The lowest price (of its varieties, for a product with varieties). */
  price: z.number(),
  available: z.number().nullable(),
  varieties: z.array(shopVariety),
});
export type ShopProduct = z.infer<typeof shopProduct>;

export const shop = z.object({
  slug: z.string(),
  name: z.string(),
  about: z.string().nullable(),
  logo: z.string().nullable(),
  categories: z.array(z.object({ _id: z.string(), name: z.string() })),
  products: z.array(shopProduct),
  delivery_zones: z.array(z.object({ _id: z.string(), name: z.string(), fee: z.number() })),
  /** Where a pickup is collected (null: the shop only delivers). */
  pickup: z.object({ name: z.string(), address: z.string().nullable() }).nullable(),
  pay_on_delivery: z.boolean(),
  phone: z.string().nullable(),
  /** The business's time zone: the storefront shows times in it. */
  timezone: z.string(),
});
export type Shop = z.infer<typeof shop>;

/** POST /v1/shop/{slug}/orders: the checkout. `_id` is made on the shopper's phone: a retry places one order. */
export const placeOrderBody = z
  .object({
    _id: id('_id'),
    name: requiredText('name', 120),
    phone: phone('phone'),
    email: email('email').optional(),
    fulfilment: z.enum(ORDER_FULFILMENTS, { error: 'fulfilment must be delivery or pickup' }),
    address: optionalText('address', 500),
    zone_id: id('zone_id').optional(),
    payment_method: z.enum(ORDER_PAY_METHODS, { error: 'payment_method must be transfer or on_delivery' }),
    note: optionalText('note', 500),
    items: z
      .array(
        z.object({
          product_id: id('product_id'),
          variety_id: id('variety_id').optional(),
          quantity: z
            .number({ error: 'quantity should be an numeric' })
            .int('quantity must be a whole number')
            .min(1, 'quantity must be at least 1')
            .max(MAX_ORDER_QUANTITY, `quantity cannot be more than ${MAX_ORDER_QUANTITY}`),
        }),
        { error: 'items should be an array' },
      )
      .min(1, 'items must hold at least one product')
      .max(MAX_ORDER_LINES, `items can hold at most ${MAX_ORDER_LINES} products`),
  })
  .superRefine((b, ctx) => {
    if (b.fulfilment === 'delivery' && !b.address)
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'address is required for a delivery' });
  });
export type PlaceOrderBody = z.input<typeof placeOrderBody>;

/** The shopper's view of an order (`/shop/<slug>/order/<token>`): what they bought and where it is. */
export const publicOrder = z.object({
  number: z.string(),
  token: z.string(),
  shop_name: z.string(),
  shop_slug: z.string(),
  status: z.enum(ORDER_STATUSES),
  fulfilment: z.enum(ORDER_FULFILMENTS),
  payment_method: z.enum(ORDER_PAY_METHODS),
  payment_status: z.enum(['unpaid', 'partially_paid', 'paid']),
  shopper_name: z.string(),
  delivery_address: z.string().nullable(),
  delivery_zone: z.string().nullable(),
  pickup: z.object({ name: z.string(), address: z.string().nullable() }).nullable(),
  items: z.array(z.object({ name: z.string(), quantity: z.number(), price: z.number(), total: z.number() })),
  fees: z.array(z.object({ name: z.string(), amount: z.number() })),
  subtotal: z.number(),
  fee_total: z.number(),
  total: z.number(),
  amount_paid: z.number(),
  balance: z.number(),
  refund_due: z.number(),
  history: z.array(z.object({ status: z.enum(ORDER_STATUSES), note: z.string().nullable(), at: z.string() })),
  phone: z.string().nullable(),
  /** The business's time zone: the order's times are shown in it. */
  timezone: z.string(),
  created_at: z.string(),
});
export type PublicOrder = z.infer<typeof publicOrder>;

/** GET /v1/shop/orders/{token}/payment/transfer: the order's own account (opened the first time). */
export const shopPayInstructions = z.object({
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  amount: z.number(),
  reference: z.string(),
});
export type ShopPayInstructions = z.infer<typeof shopPayInstructions>;
