import { formatKobo, toKobo } from '../shared/money.js';

/**
 * The arithmetic of a sale, shared by the POS (what the cashier shows) and the server (what it
 * records), so both always agree to the kobo. Every amount here is an integer number of **kobo**;
 * percentages are numbers such as 7.5 (= 7.5 %, at most 2 decimals). No floats are ever summed:
 * percentages are applied with integer (BigInt) arithmetic and rounded half-up to the kobo.
 *
 * Spec 001 §5: an amount discount is the flat value; a percentage discount is the percent of price
 * times quantity. Here "price" is the unit price with its modifiers, so
 *   line gross    = (unit price + Σ modifier prices) × quantity
 *   line discount = amount → the flat value | percentage → percent × line gross
 *   line total    = line gross − line discount
 *   subtotal      = Σ line totals
 *   order discount= amount → the flat value | percentage → percent × subtotal
 *   total         = subtotal − order discount
 * A discount never takes a line or the order below zero (it is capped at what it applies to; the
 * server refuses a request whose discount is larger, see `discountExceeds`).
 */

export type DiscountType = 'amount' | 'percentage';

/** A discount as entered: `value` is kobo for `amount`, a percent (0–100) for `percentage`. */
export type DiscountInput = { type: DiscountType; value: number } | null | undefined;

/** `percent` % of `baseKobo`, rounded half-up to the kobo (exact integer arithmetic). */
export const percentOfKobo = (baseKobo: number, percent: number): number => {
  // Percent with at most 2 decimals → hundredths of a percent: 10,000 = 100 %.
  const hundredths = BigInt(Math.round(percent * 100));
  const base = BigInt(baseKobo);
  const scaled = base * hundredths;
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  const rounded = (abs + 5_000n) / 10_000n;
  return Number(negative ? -rounded : rounded);
};

/** The discount in kobo a DiscountInput takes off `baseKobo`, capped to [0, baseKobo]. */
export const discountKobo = (baseKobo: number, discount: DiscountInput): number => {
  if (!discount || discount.value <= 0 || baseKobo <= 0) return 0;
  const raw = discount.type === 'percentage' ? percentOfKobo(baseKobo, discount.value) : discount.value;
  return Math.min(Math.max(raw, 0), baseKobo);
};

/** True when a discount is larger than what it applies to (more than 100 %, or more than the amount). */
export const discountExceeds = (baseKobo: number, discount: DiscountInput): boolean => {
  if (!discount || discount.value <= 0) return false;
  return discount.type === 'percentage' ? discount.value > 100 : discount.value > baseKobo;
};

export type TotalsLineInput = {
  /** Unit price in kobo (catalogue price, or the overridden price). */
  unitPriceKobo: number;
  /** Prices of the modifiers picked for one unit, in kobo. */
  modifierPricesKobo?: readonly number[];
  quantity: number;
  discount?: DiscountInput;
};

export type LineTotals = {
  /** Unit price + modifiers, kobo. */
  unitWithModifiersKobo: number;
  /** (unit + modifiers) × quantity. */
  grossKobo: number;
  discountKobo: number;
  /** gross − discount. */
  totalKobo: number;
  /** The line total after its share of the order discount (what a full refund of the line returns). */
  netKobo: number;
};

export type SaleTotals = {
  lines: LineTotals[];
  /** Σ line totals (after line discounts, before the order discount). */
  subtotalKobo: number;
  /** Σ line discounts. */
  lineDiscountsKobo: number;
  orderDiscountKobo: number;
  /** line discounts + order discount. */
  discountTotalKobo: number;
  /** subtotal − order discount. */
  totalKobo: number;
};

/**
 * Shares `amountKobo` out over `weights` proportionally (largest remainder), so the shares are
 * integers summing exactly to `amountKobo`. Used to spread the order discount over the lines.
 */
export const allocateKobo = (amountKobo: number, weights: readonly number[]): number[] => {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || amountKobo === 0) return weights.map(() => 0);
  const big = BigInt(amountKobo);
  const bigSum = BigInt(sum);
  const shares = weights.map((w) => (big * BigInt(w)) / bigSum);
  const remainders = weights.map((w, i) => ({ i, r: (big * BigInt(w)) % bigSum }));
  let left = Number(big - shares.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  const out = shares.map(Number);
  for (const { i } of remainders) {
    if (left <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
    left -= 1;
  }
  return out;
};

/** Totals of a cart: per line and for the order. */
export const computeSaleTotals = (
  lines: readonly TotalsLineInput[],
  orderDiscount?: DiscountInput,
): SaleTotals => {
  const computed = lines.map((line) => {
    const unitWithModifiersKobo =
      line.unitPriceKobo + (line.modifierPricesKobo ?? []).reduce((a, b) => a + b, 0);
    const grossKobo = unitWithModifiersKobo * line.quantity;
    const lineDiscount = discountKobo(grossKobo, line.discount);
    return {
      unitWithModifiersKobo,
      grossKobo,
      discountKobo: lineDiscount,
      totalKobo: grossKobo - lineDiscount,
    };
  });
  const subtotalKobo = computed.reduce((a, l) => a + l.totalKobo, 0);
  const lineDiscountsKobo = computed.reduce((a, l) => a + l.discountKobo, 0);
  const orderDiscountKobo = discountKobo(subtotalKobo, orderDiscount);
  const shares = allocateKobo(
    orderDiscountKobo,
    computed.map((l) => l.totalKobo),
  );
  return {
    lines: computed.map((l, i) => ({ ...l, netKobo: l.totalKobo - (shares[i] ?? 0) })),
    subtotalKobo,
    lineDiscountsKobo,
    orderDiscountKobo,
    discountTotalKobo: lineDiscountsKobo + orderDiscountKobo,
    totalKobo: subtotalKobo - orderDiscountKobo,
  };
};

/**
 * The largest line total and sale total, in kobo (₦1,000,000,000,000). Far past any real sale, and
 * far below what the arithmetic keeps exact (2^53 kobo) and a 64-bit column holds.
 */
export const MAX_SALE_TOTAL_KOBO = 100_000_000_000_000;

/**
 * What is out of bounds in a sale's totals, as a message naming the field (`items[i]` for a line,
 * `items` for the sale), or null. The server refuses such a sale; the till does not offer to charge it.
 */
export const saleTotalsIssue = (
  totals: Pick<SaleTotals, 'lines' | 'subtotalKobo'>,
): { path: (string | number)[]; message: string } | null => {
  const max = formatKobo(MAX_SALE_TOTAL_KOBO);
  const index = totals.lines.findIndex((l) => l.grossKobo > MAX_SALE_TOTAL_KOBO);
  if (index >= 0)
    return { path: ['items', index], message: `items[${index}]: a line total cannot be more than ${max}.` };
  if (totals.subtotalKobo > MAX_SALE_TOTAL_KOBO)
    return { path: ['items'], message: `items: the sale total cannot be more than ${max}.` };
  return null;
};

export type PaymentInputKobo = { method: string; amountKobo: number };

export type PaymentSummary = {
  /** Cash handed over (may exceed what is owed). */
  cashTenderedKobo: number;
  /** Everything that is not cash. */
  nonCashKobo: number;
  /** Cash handed back: cash + non-cash − total, when positive. */
  changeDueKobo: number;
  /** Cash that stays in the drawer: tendered − change. */
  cashKeptKobo: number;
  /** What the sale is paid: min(total, tendered). */
  amountPaidKobo: number;
  /** Still owed: total − amount paid. */
  balanceKobo: number;
};

/**
 * How payments settle a total. Cash may exceed what is owed (the rest is change); the non-cash
 * methods together may not exceed the total (`nonCashKobo > totalKobo` is refused by the server).
 */
export const summarisePayments = (
  totalKobo: number,
  payments: readonly PaymentInputKobo[],
): PaymentSummary => {
  const cashTenderedKobo = payments.filter((p) => p.method === 'cash').reduce((a, p) => a + p.amountKobo, 0);
  const nonCashKobo = payments.filter((p) => p.method !== 'cash').reduce((a, p) => a + p.amountKobo, 0);
  const changeDueKobo = Math.min(cashTenderedKobo, Math.max(0, cashTenderedKobo + nonCashKobo - totalKobo));
  const amountPaidKobo = Math.min(totalKobo, cashTenderedKobo + nonCashKobo);
  return {
    cashTenderedKobo,
    nonCashKobo,
    changeDueKobo,
    cashKeptKobo: cashTenderedKobo - changeDueKobo,
    amountPaidKobo,
    balanceKobo: totalKobo - amountPaidKobo,
  };
};

/** The status a sale has from what is paid of its total (a `SaleStatus` before any refund). */
export const paidStatus = (totalKobo: number, paidKobo: number): 'completed' | 'unpaid' | 'partially_paid' =>
  paidKobo >= totalKobo ? 'completed' : paidKobo === 0 ? 'unpaid' : 'partially_paid';

/**
 * Money returned when `quantity` more units of a line are refunded, given `alreadyRefunded` units:
 * the line's net total is shared out by units, so refunding every unit returns exactly the net.
 */
export const refundAmountKobo = (
  lineNetKobo: number,
  soldQuantity: number,
  alreadyRefunded: number,
  quantity: number,
): number => {
  if (soldQuantity <= 0) return 0;
  const upTo = (n: number) => {
    const scaled = BigInt(lineNetKobo) * BigInt(n);
    const q = BigInt(soldQuantity);
    return Number((scaled * 2n + q) / (2n * q)); // half-up
  };
  return upTo(alreadyRefunded + quantity) - upTo(alreadyRefunded);
};

/** A cart line as the POS holds it (naira, as in the POST body). */
export type CartLineNaira = {
  /** Unit price in naira, without modifiers. */
  price: number;
  /** Modifiers of one unit, prices in naira. */
  modifiers?: readonly { selling_price: number }[];
  quantity: number;
  discount_type?: DiscountType | null;
  /** Naira for amount, percent for percentage. */
  discount?: number | null;
};

/** A discount as the POST body carries it, in the unit `computeSaleTotals` takes. */
export const discountFromBody = (
  type: DiscountType | null | undefined,
  value: number | null | undefined,
): DiscountInput => (type && value ? { type, value: type === 'amount' ? toKobo(value) : value } : null);

/**
 * The totals of a cart held in naira, converted exactly as the server converts the POST body:
 * what the POS shows is what the server records. Results are kobo (show with `formatKobo`).
 */
export const computeCartTotals = (
  lines: readonly CartLineNaira[],
  order?: { discount_type?: DiscountType | null; discount?: number | null },
): SaleTotals =>
  computeSaleTotals(
    lines.map((l) => ({
      unitPriceKobo: toKobo(l.price),
      modifierPricesKobo: (l.modifiers ?? []).map((m) => toKobo(m.selling_price)),
      quantity: l.quantity,
      discount: discountFromBody(l.discount_type, l.discount),
    })),
    discountFromBody(order?.discount_type, order?.discount),
  );
