import { computeSaleTotals, percentOfKobo, type DiscountInput } from '../sales/totals.js';
import { toKobo } from '../shared/money.js';

/**
 * The arithmetic and the status of an invoice (issue 15), shared by the invoice form (what the owner
 * sees while typing), the server (what it records) and the public page. Every amount is integer kobo;
 * tax rates are percents with at most 2 decimals. No zod here: the list screens read statuses and labels.
 *
 *   lines, line discounts, order discount → as a sale (`computeSaleTotals`)
 *   taxable   = subtotal − order discount
 *   each tax  = rate % × taxable (half-up to the kobo)
 *   total     = taxable + Σ taxes
 *   balance   = total − credited − paid   (below zero: the client paid more, `refundDue`)
 *
 * Milestones share the total out (their amounts must add up to it). A credit note comes off the last
 * milestones first; payments pay the first ones first.
 */

export const INVOICE_STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
  cancelled: 'Cancelled',
};

/** Fulfilment of what an invoice sold (spec 001 §3 Invoice `order_status`): forward only. */
export const INVOICE_ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered'] as const;
export type InvoiceOrderStatus = (typeof INVOICE_ORDER_STATUSES)[number];
export const INVOICE_ORDER_STATUS_LABELS: Record<InvoiceOrderStatus, string> = {
  pending: 'Not started',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
};
/** A step is legal when it goes forward (a step may be skipped) or stays (only the note changes). */
export const orderStatusStepAllowed = (from: InvoiceOrderStatus, to: InvoiceOrderStatus): boolean =>
  INVOICE_ORDER_STATUSES.indexOf(to) >= INVOICE_ORDER_STATUSES.indexOf(from);

export const MILESTONE_STATUSES = ['pending', 'overdue', 'paid', 'credited'] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];
export const MILESTONE_STATUS_LABELS: Record<MilestoneStatus, string> = {
  pending: 'Not paid',
  overdue: 'Overdue',
  paid: 'Paid',
  credited: 'Credited',
};

export type InvoiceTotalsLine = {
  unitPriceKobo: number;
  quantity: number;
  discount?: DiscountInput;
};
export type InvoiceTaxInput = { name: string; ratePercent: number };

export type InvoiceTotals = {
  lines: { grossKobo: number; discountKobo: number; totalKobo: number }[];
  subtotalKobo: number;
  discountTotalKobo: number;
  orderDiscountKobo: number;
  taxes: { name: string; ratePercent: number; amountKobo: number }[];
  taxTotalKobo: number;
  totalKobo: number;
};

export const computeInvoiceTotals = (
  lines: readonly InvoiceTotalsLine[],
  orderDiscount: DiscountInput,
  taxes: readonly InvoiceTaxInput[],
): InvoiceTotals => {
  const sale = computeSaleTotals(lines, orderDiscount);
  const taxable = sale.totalKobo;
  const taxLines = taxes.map((t) => ({ ...t, amountKobo: percentOfKobo(taxable, t.ratePercent) }));
  const taxTotalKobo = taxLines.reduce((a, t) => a + t.amountKobo, 0);
  return {
    lines: sale.lines.map((l) => ({
      grossKobo: l.grossKobo,
      discountKobo: l.discountKobo,
      totalKobo: l.totalKobo,
    })),
    subtotalKobo: sale.subtotalKobo,
    discountTotalKobo: sale.discountTotalKobo,
    orderDiscountKobo: sale.orderDiscountKobo,
    taxes: taxLines,
    taxTotalKobo,
    totalKobo: taxable + taxTotalKobo,
  };
};

/** Totals of an invoice body whose prices are all known (the form; the server after pricing). */
export const invoiceBodyTotals = (b: {
  items: {
    price: number;
    quantity: number;
    discount_type?: 'amount' | 'percentage' | null;
    discount?: number | null;
  }[];
  discount_type?: 'amount' | 'percentage' | null;
  discount?: number | null;
  taxes?: { name: string; rate: number }[];
}) =>
  computeInvoiceTotals(
    b.items.map((l) => ({
      unitPriceKobo: toKobo(l.price),
      quantity: l.quantity,
      discount: l.discount_type
        ? {
            type: l.discount_type,
            value: l.discount_type === 'amount' ? toKobo(l.discount ?? 0) : (l.discount ?? 0),
          }
        : null,
    })),
    b.discount_type
      ? {
          type: b.discount_type,
          value: b.discount_type === 'amount' ? toKobo(b.discount ?? 0) : (b.discount ?? 0),
        }
      : null,
    (b.taxes ?? []).map((t) => ({ name: t.name, ratePercent: t.rate })),
  );

export type InvoiceMoney = {
  totalKobo: number;
  paidKobo: number;
  creditedKobo: number;
  /** A cancelled invoice is owed nothing, and whatever reached it since is owed back. */
  cancelled?: boolean;
};

/** What the client still owes (never below zero; nothing once the invoice is cancelled). */
export const balanceKobo = (m: InvoiceMoney): number =>
  m.cancelled ? 0 : Math.max(m.totalKobo - m.creditedKobo - m.paidKobo, 0);
/**
 * What the client paid over what they owe (after credit notes): the business owes it back. Everything
 * paid on a cancelled invoice (a transfer to its account after it was cancelled) is owed back.
 */
export const refundDueKobo = (m: InvoiceMoney): number =>
  m.cancelled ? m.paidKobo : Math.max(m.paidKobo - (m.totalKobo - m.creditedKobo), 0);

/**
 * The status an invoice has now. Paid only when nothing is owed: a partial payment or a credit note
 * alone never makes it paid while a kobo remains. `today` and `dueDate` are days (YYYY-MM-DD) in the
 * business's time zone; overdue once the due day has passed.
 */
export const invoiceStatusOf = (
  m: InvoiceMoney & { sent: boolean; cancelled: boolean; dueDate: string; today: string },
): InvoiceStatus => {
  if (m.cancelled) return 'cancelled';
  const owed = balanceKobo(m);
  if (owed === 0 && (m.paidKobo > 0 || m.creditedKobo > 0)) return 'paid';
  if (!m.sent && m.paidKobo === 0) return 'draft';
  if (m.dueDate < m.today) return 'overdue';
  return m.paidKobo > 0 ? 'partially_paid' : 'sent';
};

/**
 * Each milestone's status: a credit note comes off the last milestones first (their amounts shrink),
 * payments fill the first ones first; a milestone not covered is overdue once its day has passed.
 */
export const milestoneStatuses = (
  milestones: readonly { amountKobo: number; dueDate: string }[],
  m: { paidKobo: number; creditedKobo: number; today: string },
): { status: MilestoneStatus; amountDueKobo: number; paidKobo: number }[] => {
  let credit = m.creditedKobo;
  const due = [...milestones].map((x) => x.amountKobo);
  for (let i = due.length - 1; i >= 0 && credit > 0; i--) {
    const off = Math.min(due[i] ?? 0, credit);
    due[i] = (due[i] ?? 0) - off;
    credit -= off;
  }
  let paid = m.paidKobo;
  return milestones.map((ms, i) => {
    const amountDueKobo = due[i] ?? 0;
    const covered = Math.min(amountDueKobo, paid);
    paid -= covered;
    const status: MilestoneStatus =
      amountDueKobo === 0
        ? 'credited'
        : covered === amountDueKobo
          ? 'paid'
          : ms.dueDate < m.today
            ? 'overdue'
            : 'pending';
    return { status, amountDueKobo, paidKobo: covered };
  });
};
