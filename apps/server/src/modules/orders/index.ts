/** Orders of the online store: what other modules and flows use. */
export { ordersRoutes } from './orders.routes.js';
export { orderJobs } from './orders.jobs.js';
export {
  getOrder,
  insertOrder,
  lockOrderFor,
  orderByToken,
  orderParts,
  recordOrderRailPayment,
  setOrderStatus,
  type NewOrderLine,
} from './orders.service.js';
export { moneyOf, orderRow, toPublicOrder, type OrderRow } from './orders.repository.js';
export { sendOrderMessages } from './order-messages.js';
export { orderPayInstructionsFor } from './order-payments.js';
