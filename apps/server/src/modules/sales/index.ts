/** Sales: what other modules and flows use (reports, dashboard, customers; the sale flows write through these). */
export {
  keepAllSaleDays,
  keepSaleDays,
  keptIn,
  keptTotals,
  splitDays,
  type DayRange,
  type DayStores,
} from './sale-days.js';
export { saleJobs } from './sales.jobs.js';
export { loadNewSale, loadSale, loadSales, methodLabel } from './sales.repository.js';
export {
  claimSaleId,
  insertRefund,
  insertSaleLines,
  completeSale,
  insertSalePayments,
  linkPendingCustomer,
  lockSale,
  paidByMethod,
  refundedByMethod,
  saleExists,
  saleLineRows,
  storedDiscount,
  updateSale,
  type LockedSale,
  type NewRefund,
  type NewSaleLine,
  type NewSalePayment,
  type SaleLineInput,
  type SaleLineRow,
} from './sales.writes.js';
export {
  awaitingPaymentsOf,
  confirmAwaitingPayment,
  confirmPayment,
  salesAwaitingTransfer,
  touchSale,
  TRANSFER_AFTER_SALE,
  TRANSFER_BEFORE_SALE,
} from './transfer-payments.js';
