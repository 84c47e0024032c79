/** What a sale's status can be, and how each is shown. */
export const SALE_STATUSES = [
  'completed',
  'unpaid',
  'partially_paid',
  'refunded',
  'partially_refunded',
] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
export const SALE_STATUS_LABELS: Record<SaleStatus, string> = {
  completed: 'Completed',
  unpaid: 'Unpaid',
  partially_paid: 'Partially paid',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};
