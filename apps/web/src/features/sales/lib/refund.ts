import { fromKobo, refundAmountKobo, toKobo, type Sale, type SaleLine } from '@ms/contracts';

/** Units of a line that can still be refunded: sold minus already refunded (never below 0). */
export const refundableQuantity = (line: Pick<SaleLine, 'quantity' | 'refunded_quantity'>): number =>
  Math.max(0, line.quantity - line.refunded_quantity);

/** Refunds are taken only on fully paid sales (the server answers 409 otherwise). */
export const canRefund = (sale: Pick<Sale, 'status' | 'items'>): boolean =>
  (sale.status === 'completed' || sale.status === 'partially_refunded') &&
  sale.items.some((l) => refundableQuantity(l) > 0);

export type RefundPicks = Record<string, number>;

/**
 * Naira given back for the picked units, line by line with the contracts' `refundAmountKobo` (the
 * server's own arithmetic), so the amount shown before confirming is the amount recorded.
 * Quantities are clamped to what is left on each line.
 */
export const refundTotal = (items: readonly SaleLine[], picks: RefundPicks): number => {
  let kobo = 0;
  for (const line of items) {
    const want = Math.min(Math.max(0, Math.floor(picks[line._id] ?? 0)), refundableQuantity(line));
    // The line's net (after its share of an order discount), as the server refunds it.
    if (want > 0) kobo += refundAmountKobo(toKobo(line.net), line.quantity, line.refunded_quantity, want);
  }
  return fromKobo(kobo);
};

/** The body's lines: only lines with at least one unit picked. */
export const refundLines = (items: readonly SaleLine[], picks: RefundPicks) =>
  items
    .map((l) => ({
      line_id: l._id,
      quantity: Math.min(Math.floor(picks[l._id] ?? 0), refundableQuantity(l)),
    }))
    .filter((l) => l.quantity > 0);
