/** What other features use from orders: an order's status and payment badges. */
export { OrderStatusBadge, PaymentStatusBadge } from './components/order-status';
