import { Badge } from '@mantine/core';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_STATE_LABELS,
  type OrderStatus,
  type PaymentState,
} from '@ms/contracts';

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'orange',
  confirmed: 'blue',
  ready: 'cyan',
  shipped: 'violet',
  delivered: 'green',
  cancelled: 'gray',
};

/** An order's status as a coloured badge. */
export const OrderStatusBadge = ({ status }: { status: OrderStatus }) => (
  <Badge color={ORDER_STATUS_COLORS[status]} variant="light" data-testid="order-status">
    {ORDER_STATUS_LABELS[status]}
  </Badge>
);

const PAYMENT_COLORS: Record<PaymentState, string> = {
  unpaid: 'red',
  partially_paid: 'yellow',
  paid: 'green',
};

/** Whether the order is paid, as a badge (outlined, so it is not read as the order's status). */
export const PaymentStatusBadge = ({ status }: { status: PaymentState }) => (
  <Badge color={PAYMENT_COLORS[status]} variant="outline" data-testid="order-payment-status">
    {PAYMENT_STATE_LABELS[status]}
  </Badge>
);

/** A cancelled order nobody paid for has no payment to speak of: its payment badge is left out. */
export const showPayment = (o: { status: OrderStatus; amount_paid: number }) =>
  o.status !== 'cancelled' || o.amount_paid > 0;

/** The button that moves an order to this status, in a shop owner's words. */
export const STEP_LABELS: Record<OrderStatus, string> = {
  pending: 'Back to pending',
  confirmed: 'Confirm order',
  ready: 'Mark ready',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

/** What the shopper sees happened, for the confirmation toast. */
export const STEP_DONE: Record<OrderStatus, string> = {
  pending: 'Order is pending',
  confirmed: 'Order confirmed',
  ready: 'Order marked ready',
  shipped: 'Order marked shipped',
  delivered: 'Order delivered',
  cancelled: 'Order cancelled',
};
