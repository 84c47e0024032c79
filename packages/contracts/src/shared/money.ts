/**
 * Money lives as integer kobo in the database and as naira numbers (at most 2 decimals) in JSON.
 * These are the only two places that convert between them.
 */
export const toKobo = (naira: number): number => {
  const kobo = Math.round(naira * 100);
  if (!Number.isSafeInteger(kobo)) throw new RangeError('amount out of range');
  return kobo;
};

export const fromKobo = (kobo: number | bigint | string): number => Number(kobo) / 100;

// The request schema lives apart (naira.ts) so a screen that only formats money does not load zod.
export { naira } from './naira.js';

const grouped = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Spec 000 §9: naira sign (or "NGN" when the flag is off), 2 decimals, thousands separators;
 * zero shows 0.0.
 */
export const formatMoney = (amount: number | null | undefined, opts: { sign?: boolean } = {}): string => {
  const symbol = opts.sign === false ? 'NGN ' : '₦';
  const value = Number(amount ?? 0);
  if (!Number.isFinite(value) || value === 0) return `${symbol}0.0`;
  const text = grouped.format(Math.abs(value));
  return `${value < 0 ? '-' : ''}${symbol}${text}`;
};

/** Same as formatMoney for an amount held in kobo. */
export const formatKobo = (kobo: number | bigint, opts: { sign?: boolean } = {}): string =>
  formatMoney(fromKobo(kobo), opts);
