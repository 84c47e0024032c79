import type { PublicOrder } from '../../../../packages/contracts/src/online-store/shop';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../../packages/contracts/src/orders/order-rules';

/** One step of the order's timeline as the follow page draws it. */
export type Step = {
  status: OrderStatus;
  label: string;
  state: 'done' | 'current' | 'todo';
  at: string | null;
  note: string | null;
};

const DELIVERY_FLOW: OrderStatus[] = ['pending', 'confirmed', 'ready', 'shipped', 'delivered'];
/** A pickup is never shipped: it is ready, then collected (delivered). */
const PICKUP_FLOW: OrderStatus[] = ['pending', 'confirmed', 'ready', 'delivered'];

/**
 * Pending → Confirmed → Ready → Shipped → Delivered (no Shipped for a pickup), each with when it
 * happened; steps the shop skipped show as done. A cancelled order shows the steps it reached, then
 * Cancelled.
 */
export const timeline = (
  order: Pick<PublicOrder, 'status' | 'fulfilment' | 'history' | 'created_at'>,
): Step[] => {
  const reached = new Map<OrderStatus, PublicOrder['history'][number]>();
  for (const h of order.history) reached.set(h.status, h);
  const flow = order.fulfilment === 'pickup' ? PICKUP_FLOW : DELIVERY_FLOW;
  const step = (status: OrderStatus, state: Step['state']): Step => ({
    status,
    label: ORDER_STATUS_LABELS[status],
    state,
    at: reached.get(status)?.at ?? (status === 'pending' ? order.created_at : null),
    note: reached.get(status)?.note ?? null,
  });
  if (order.status === 'cancelled') {
    const steps = flow.filter((s) => s === 'pending' || reached.has(s)).map((s) => step(s, 'done'));
    return [...steps, step('cancelled', 'current')];
  }
  const at = flow.indexOf(order.status);
  return flow.map((s, i) => step(s, i < at ? 'done' : i === at ? 'current' : 'todo'));
};

/** The shopper still has to pay into the order's account. */
export const owesTransfer = (o: Pick<PublicOrder, 'payment_method' | 'balance' | 'status'>) =>
  o.payment_method === 'transfer' && o.balance > 0 && o.status !== 'cancelled';

/** Nothing more will change on its own: the page stops asking. */
export const isSettled = (o: Pick<PublicOrder, 'status' | 'balance'>) =>
  o.status === 'cancelled' || (o.status === 'delivered' && o.balance <= 0);
