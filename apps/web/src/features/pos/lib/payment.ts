import { fromKobo, summarisePayments, toKobo } from '@ms/contracts';

/** Payment methods of the POS (spec 001 §3: cash, and fixed_account labelled "bank transfer (fixed)"). */
export type PaymentMethod = 'cash' | 'fixed_account' | 'store_credit' | 'loyalty_points';

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  fixed_account: 'bank transfer (fixed)',
  store_credit: 'Store credit',
  loyalty_points: 'Loyalty points',
};

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
