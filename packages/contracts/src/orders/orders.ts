import { z } from 'zod';
import { nairaAmount } from '../products/products.js';
import { reportDay } from '../reports/reports.js';
import { pageLimit, pageNumber } from '../shared/sync.js';
import { id, inputString, optionalText, requiredText } from '../validation/zod-rules.js';
import {
  ORDER_FULFILMENTS,
  ORDER_PAY_METHODS,
  ORDER_PAYMENT_METHODS,
  ORDER_STATUSES,
} from './order-rules.js';

/**
 * Orders of the online store as the business sees them (spec 001 §7 "Orders"; issue 15). Money is
 * naira in JSON and kobo inside (`./order-rules.ts`). An order is made by the shopper's checkout on
 * the storefront (`../online-store/shop.ts`) before any payment is asked for.
 */

export const orderLine = z.object({
  _id: z.string(),
  product_id: z.string().nullable(),
  variety_id: z.string().nullable(),
  name: z.string(),
  quantity: z.number(),
  price: z.number(),
  total: z.number(),
});

export const orderFee = z.object({
  _id: z.string(),
  name: z.string(),
  amount: z.number(),
  created_at: z.string(),
});

export const orderPayment = z.object({
  _id: z.string(),
  method: z.enum(ORDER_PAYMENT_METHODS),
  amount: z.number(),
  paid_at: z.string(),
  reference: z.string().nullable(),
  /** `rail`: a transfer to the order's own account, recorded when the bank's event came. */
  source: z.enum(['manual', 'rail']),
  payer_name: z.string().nullable(),
  recorded_by_name: z.string().nullable(),
});

export const orderEvent = z.object({
  status: z.enum(ORDER_STATUSES),
  note: z.string().nullable(),
  at: z.string(),
  by_name: z.string().nullable(),
});

export const order = z.object({
  _id: z.string(),
  number: z.string(),
  store_id: z.string(),
  store_name: z.string(),
  status: z.enum(ORDER_STATUSES),
  fulfilment: z.enum(ORDER_FULFILMENTS),
  payment_method: z.enum(ORDER_PAY_METHODS),
  payment_status: z.enum(['unpaid', 'partially_paid', 'paid']),
  shopper_name: z.string(),
  shopper_phone: z.string(),
  shopper_email: z.string().nullable(),
  delivery_address: z.string().nullable(),
  delivery_zone: z.string().nullable(),
  note: z.string().nullable(),
  items: z.array(orderLine),
  fees: z.array(orderFee),
  subtotal: z.number(),
  fee_total: z.number(),
  total: z.number(),
  amount_paid: z.number(),
  balance: z.number(),
  /** Money received beyond what is owed (or all of it, once cancelled): the business's to refund. */
  refund_due: z.number(),
  payments: z.array(orderPayment),
  history: z.array(orderEvent),
  /** Held in the store for this order (pending to ready), gone (shipped or delivered), or released (cancelled). */
  stock_state: z.enum(['held', 'gone', 'released']),
  /** The sale it became when delivered (sales history, reports). */
  sale_id: z.string().nullable(),
  /** The shopper's page to follow the order (`/shop/<slug>/order/<token>`). */
  link: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Order = z.infer<typeof order>;

// GET /v1/orders/businesses/{b} (online_store.view_orders)
export const orderListQuery = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  store_id: id('store_id').optional(),
  startdate: reportDay('startdate').optional(),
  enddate: reportDay('enddate').optional(),
  search: inputString('search').trim().max(100).optional(),
  page: pageNumber(),
  limit: pageLimit(200, 20),
});
export const orderSums = z.object({ status: z.enum(ORDER_STATUSES), count: z.number(), total: z.number() });
export const orderList = z.object({
  items: z.array(order),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  sums: z.array(orderSums),
});
export type OrderList = z.infer<typeof orderList>;

export const orderBusinessParams = z.object({ businessId: inputString('businessId') });
export const orderParams = z.object({ businessId: inputString('businessId'), id: inputString('id') });
export const orderPaymentMethodParams = z.object({
  businessId: inputString('businessId'),
  orderId: inputString('orderId'),
  method: z.enum(['transfer'], { error: 'method must be transfer' }),
});

/** PATCH /v1/orders/addfee/ (online_store.shipping_fees): a delivery or other fee added to the order. */
export const addOrderFeeBody = z.object({
  order_id: id('order_id'),
  /** Made on the device: adding the same fee twice (a retry) adds it once. */
  _id: id('_id'),
  name: requiredText('name', 80),
  amount: nairaAmount('amount').refine((n) => n > 0, 'amount must be more than 0'),
});

/** PATCH /v1/orders/recordpayment/ (online_store.manage_orders): money received by hand (on delivery, at pickup). */
export const recordOrderPaymentBody = z.object({
  order_id: id('order_id'),
  _id: id('_id'),
  method: z.enum(ORDER_PAYMENT_METHODS, {
    error: `method must be one of ${ORDER_PAYMENT_METHODS.join(', ')}`,
  }),
  amount: nairaAmount('amount').refine((n) => n > 0, 'amount must be more than 0'),
  paid_at: z.iso.datetime({ offset: true, error: 'paid_at must be a date and time' }).optional(),
  reference: optionalText('reference', 100),
});

/** PATCH /v1/orders/update/ (online_store.manage_orders): the next status, with a note the shopper sees. */
export const updateOrderBody = z.object({
  order_id: id('order_id'),
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
  note: optionalText('note', 500),
});

/** GET .../{orderId}/payment/transfer: where to send the money for this order. */
export const orderPayInstructions = z.object({
  method: z.literal('transfer'),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  amount: z.number(),
  reference: z.string(),
});
export type OrderPayInstructions = z.infer<typeof orderPayInstructions>;
