import {
  fromKobo,
  SALE_PAYMENT_METHOD_LABELS,
  summarisePayments,
  toKobo,
  type CheckoutOption,
} from '@ms/contracts';

/**
 * A payment method of the POS: a built-in id (spec 001: cash, and fixed_account labelled "bank
 * transfer (fixed)") or the id of one of the business's custom payment options.
 */
export type PaymentMethod = string;

/** What the POS offers when GET /v2/checkout/options cannot be had (offline, first load). */
export const FALLBACK_CHECKOUT_OPTIONS: CheckoutOption[] = (['cash', 'fixed_account'] as const).map(
  (method) => ({
    method,
    label: SALE_PAYMENT_METHOD_LABELS[method],
    kind: 'built_in',
    instructions: null,
    needs_customer: false,
    updated_at: new Date(0).toISOString(),
  }),
);

/**
 * The methods to show as buttons, in the server's order: the business's checkout options, less
 * store credit / points unless a customer is attached and the business has them on.
 */
export const offeredMethods = (
  options: readonly CheckoutOption[],
  ctx: { hasCustomer: boolean; creditOn: boolean; pointsOn: boolean },
): CheckoutOption[] =>
  options.filter((o) => {
    if (o.method === 'store_credit') return ctx.hasCustomer && ctx.creditOn;
    if (o.method === 'loyalty_points') return ctx.hasCustomer && ctx.pointsOn;
    return !o.needs_customer || ctx.hasCustomer;
  });

/** The name a cashier reads for a method (the option's name for a custom one). */
export const methodLabel = (method: PaymentMethod, options: readonly CheckoutOption[]): string =>
  options.find((o) => o.method === method)?.label ??
  SALE_PAYMENT_METHOD_LABELS[method as keyof typeof SALE_PAYMENT_METHOD_LABELS] ??
  method;

/** A payment as entered; `points` only for loyalty_points. */
export type PaymentLine = { method: PaymentMethod; amount: number; points?: number };

/** Quick cash buttons: round naira notes. */
export const CASH_NOTES = [500, 1000, 2000, 5000] as const;

export type Split = {
  /** What the payment lines add up to. */
  paid: number;
  /** Still to pay (0 when covered). */
  remainder: number;
  /** Cash to hand back: what was paid beyond the amount due, never more than the cash given. */
  change: number;
  /** The amount the sale records as paid (paid minus change). */
  applied: number;
  /** Only cash can be tendered above the amount due; other methods over it are a mistake. */
  overpaidWithoutCash: boolean;
};

export const splitOf = (due: number, lines: PaymentLine[]): Split => {
  const totalKobo = toKobo(due);
  const s = summarisePayments(
    totalKobo,
    lines.map((l) => ({ method: l.method, amountKobo: toKobo(l.amount > 0 ? l.amount : 0) })),
  );
  return {
    paid: fromKobo(s.cashTenderedKobo + s.nonCashKobo),
    remainder: fromKobo(s.balanceKobo),
    change: fromKobo(s.changeDueKobo),
    applied: fromKobo(s.amountPaidKobo),
    overpaidWithoutCash: s.nonCashKobo > totalKobo,
  };
};
