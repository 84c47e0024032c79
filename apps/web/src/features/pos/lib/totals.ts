import { computeSaleTotals, fromKobo, toKobo, type DiscountInput } from '@ms/contracts';

/**
 * Spec 001 §3 Discount line and §5, as the cart and the sale body hold it (naira for an amount, a
 * percent for a percentage). The arithmetic is the contracts' (`computeSaleTotals`, in kobo): the
 * cart shows exactly what the server records.
 */
export type DiscountType = 'amount' | 'percentage';
export type Discount = { discount_type: DiscountType; discount: number };

export type TotalsLine = {
  /** Unit price with its modifiers, naira. */
  price: number;
  quantity: number;
  discount_type: DiscountType | null;
  discount: number;
};

export const toDiscountInput = (type: DiscountType | null | undefined, value: number): DiscountInput =>
  type && value > 0 ? { type, value: type === 'amount' ? toKobo(value) : value } : null;

const inputOf = (l: TotalsLine) => ({
  unitPriceKobo: toKobo(l.price),
  quantity: l.quantity,
  discount: toDiscountInput(l.discount_type, l.discount),
});

export const lineTotals = (line: TotalsLine) => {
  const [t] = computeSaleTotals([inputOf(line)]).lines;
  return {
    subtotal: fromKobo(t!.grossKobo),
    discount: fromKobo(t!.discountKobo),
    total: fromKobo(t!.totalKobo),
  };
};

export type SaleTotals = {
  /** Price times quantity over the lines, before any discount. */
  subtotal: number;
  /** Sum of the line discounts. */
  line_discounts: number;
  /** The order discount (on what is left after line discounts). */
  order_discount: number;
  total: number;
};

export const saleTotals = (lines: TotalsLine[], order: Discount | null): SaleTotals => {
  const t = computeSaleTotals(
    lines.map(inputOf),
    toDiscountInput(order?.discount_type, order?.discount ?? 0),
  );
  return {
    subtotal: fromKobo(t.subtotalKobo + t.lineDiscountsKobo),
    line_discounts: fromKobo(t.lineDiscountsKobo),
    order_discount: fromKobo(t.orderDiscountKobo),
    total: fromKobo(t.totalKobo),
  };
};
