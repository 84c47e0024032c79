/**
 * Online-store orders (spec 001 §4 "Order: status update, add fee, record payment"; issue 15): the
 * statuses, which step is allowed, and the money of an order in kobo. Pure and without zod, so the
 * storefront (its own small bundle) and the server share them.
 */

export const ORDER_STATUSES = ['pending', 'confirmed', 'ready', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  ready: 'Ready',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** How the shopper gets the goods. */
export const ORDER_FULFILMENTS = ['delivery', 'pickup'] as const;
export type OrderFulfilment = (typeof ORDER_FULFILMENTS)[number];

/** How the shopper said they would pay at checkout. */
export const ORDER_PAY_METHODS = ['transfer', 'on_delivery'] as const;
export type OrderPayMethod = (typeof ORDER_PAY_METHODS)[number];
export const ORDER_PAY_METHOD_LABELS: Record<OrderPayMethod, string> = {
  transfer: 'Bank transfer',
  on_delivery: 'Pay on delivery',
};

/** Ways a payment the owner records by hand (`recordpayment`) came in; rail transfers come by themselves. */
export const ORDER_PAYMENT_METHODS = ['cash', 'transfer', 'card', 'pos', 'other'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];
export const ORDER_PAYMENT_METHOD_LABELS: Record<OrderPaymentMethod, string> = {
  cash: 'Cash',
  transfer: 'Bank transfer',
  card: 'Card',
  pos: 'POS terminal',
  other: 'Other',
};

export type PaymentState = 'unpaid' | 'partially_paid' | 'paid';
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  unpaid: 'Unpaid',
  partially_paid: 'Partly paid',
  paid: 'Paid',
};

const RANK: Record<OrderStatus, number> = {
  pending: 0,
  confirmed: 1,
  ready: 2,
  shipped: 3,
  delivered: 4,
  cancelled: 5,
};

/**
 * Why moving an order from `from` to `to` is refused (null: allowed). Orders only move forward
 * (steps may be skipped: a shop may hand a pickup over at once), a pickup is never shipped, nothing
 * follows delivered or cancelled, an order that left the store cannot be cancelled, and an order is
 * delivered only once it is paid in full (a delivered order is a sale).
 */
export const orderStepRefusal = (
  from: OrderStatus,
  to: OrderStatus,
  order: { fulfilment: OrderFulfilment; balanceKobo: number },
): string | null => {
  if (from === to) return `This order is already ${ORDER_STATUS_LABELS[to].toLowerCase()}.`;
  if (from === 'delivered' || from === 'cancelled')
    return `This order is ${ORDER_STATUS_LABELS[from].toLowerCase()}; its status cannot change.`;
  if (to === 'cancelled')
    return from === 'shipped' ? 'A shipped order cannot be cancelled; it has left the store.' : null;
  if (RANK[to] < RANK[from])
    return `An order cannot go back from ${ORDER_STATUS_LABELS[from].toLowerCase()} to ${ORDER_STATUS_LABELS[to].toLowerCase()}.`;
  if (to === 'shipped' && order.fulfilment === 'pickup')
    return 'A pickup order is not shipped; mark it ready, then delivered when it is collected.';
  if (to === 'delivered' && order.balanceKobo > 0)
    return 'Record the rest of the payment before marking this order delivered.';
  return null;
};

/** The next steps the owner can take (for buttons); each still checked by the server. */
export const nextOrderStatuses = (from: OrderStatus, fulfilment: OrderFulfilment): OrderStatus[] => {
  switch (from) {
    case 'pending':
      return ['confirmed', 'cancelled'];
    case 'confirmed':
      return ['ready', 'cancelled'];
    case 'ready':
      return fulfilment === 'pickup' ? ['delivered', 'cancelled'] : ['shipped', 'cancelled'];
    case 'shipped':
      return ['delivered'];
    default:
      return [];
  }
};

/** An order's money in kobo: lines plus fees; what is owed, and what was paid beyond it (or at all, once cancelled). */
export const orderMoney = (o: {
  lineTotalsKobo: readonly number[];
  feesKobo: readonly number[];
  paidKobo: number;
  cancelled: boolean;
}) => {
  const subtotalKobo = o.lineTotalsKobo.reduce((s, n) => s + n, 0);
  const feeTotalKobo = o.feesKobo.reduce((s, n) => s + n, 0);
  const totalKobo = subtotalKobo + feeTotalKobo;
  const balanceKobo = o.cancelled ? 0 : Math.max(0, totalKobo - o.paidKobo);
  const refundDueKobo = o.cancelled ? o.paidKobo : Math.max(0, o.paidKobo - totalKobo);
  const paymentState: PaymentState =
    o.paidKobo <= 0 ? 'unpaid' : o.paidKobo >= totalKobo ? 'paid' : 'partially_paid';
  return { subtotalKobo, feeTotalKobo, totalKobo, balanceKobo, refundDueKobo, paymentState };
};

/** Largest quantity of one item in one order. */
export const MAX_ORDER_QUANTITY = 999;
/** Most lines in one order. */
export const MAX_ORDER_LINES = 50;
