import { z } from 'zod';
import { naira } from '../shared/money.js';
import { requiredText } from '../validation/zod-rules.js';

/** Header that carries the loyalty service's secondary token. */
export const LOYALTY_TOKEN_HEADER = 'x-loyalty-token';

/** POST /v1/loyalty/access: the secondary token for the loyalty routes, and the store-credit flag. */
export const loyaltyAccessData = z.object({
  token: z.string(),
  expires_at: z.string(),
  store_credit_active: z.boolean(),
});

/**
 * The business's loyalty rules. A customer earns 1 point for every `naira_per_point` naira spent
 * (e.g. 100: 1 point per ₦100); a point is worth `point_value` naira when redeemed.
 */
export const loyaltySettings = z.object({
  points_active: z.boolean(),
  naira_per_point: z.number(),
  point_value: z.number(),
  store_credit_active: z.boolean(),
});

const positiveNaira = (field: string) =>
  z
    .number({ error: `${field} should be a number` })
    .pipe(naira)
    .refine((n) => n > 0, { message: `${field} must be more than 0` })
    .refine((n) => n <= 10_000_000, { message: `${field} must be at most 10,000,000` });

export const updateLoyaltySettingsBody = z
  .object({
    points_active: z.boolean({ error: 'points_active should be boolean' }),
    naira_per_point: positiveNaira('naira_per_point'),
    point_value: positiveNaira('point_value'),
    store_credit_active: z.boolean({ error: 'store_credit_active should be boolean' }),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update: send at least one field.' });

export const pointsLedgerEntry = z.object({
  id: z.string(),
  customer_id: z.string(),
  /** Signed: earned or added > 0, redeemed, reversed or removed < 0. */
  points: z.number(),
  kind: z.enum(['earn', 'redeem', 'reverse', 'adjust']),
  reason: z.string(),
  reference: z.string().nullable(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});

export const storeCreditLedgerEntry = z.object({
  id: z.string(),
  customer_id: z.string(),
  /** Signed naira: refunds and additions > 0, spending and removals < 0. */
  amount: z.number(),
  kind: z.enum(['spend', 'refund', 'adjust']),
  reason: z.string(),
  reference: z.string().nullable(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});

const ledgerPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), limit: z.number() });

/** GET /v1/loyalty/customers/{id}?page&limit: balances and a page of each ledger, newest first. */
export const loyaltyCustomer = z.object({
  customer_id: z.string(),
  points: z.number(),
  /** Naira. */
  store_credit: z.number(),
  /** Naira the points are worth at the current redeem value. */
  points_value: z.number(),
  points_ledger: ledgerPage(pointsLedgerEntry),
  store_credit_ledger: ledgerPage(storeCreditLedgerEntry),
});

export const loyaltyLedgerQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit must be between 1 and 100').default(20),
});

/** POST /v1/loyalty/customers/{id}/points: add (> 0) or remove (< 0) points by hand. */
export const adjustPointsBody = z.object({
  points: z
    .number({ error: 'points should be a number' })
    .int('points must be a whole number')
    .refine((n) => n !== 0, { message: 'points must not be 0' })
    .refine((n) => Math.abs(n) <= 100_000_000, { message: 'points must be at most 100,000,000' }),
  reason: requiredText('reason', 200),
});

/** POST /v1/loyalty/customers/{id}/store-credit: add (> 0) or remove (< 0) naira of store credit. */
export const adjustStoreCreditBody = z.object({
  amount: z
    .number({ error: 'amount should be a number' })
    .pipe(naira)
    .refine((n) => n !== 0, { message: 'amount must not be 0' })
    .refine((n) => Math.abs(n) <= 100_000_000, { message: 'amount must be at most 100,000,000' }),
  reason: requiredText('reason', 200),
});

/** Balances after a manual change. */
export const loyaltyBalances = z.object({
  customer_id: z.string(),
  points: z.number(),
  store_credit: z.number(),
});

export type LoyaltyAccessData = z.infer<typeof loyaltyAccessData>;
export type LoyaltySettings = z.infer<typeof loyaltySettings>;
export type UpdateLoyaltySettingsBody = z.infer<typeof updateLoyaltySettingsBody>;
export type PointsLedgerEntry = z.infer<typeof pointsLedgerEntry>;
export type StoreCreditLedgerEntry = z.infer<typeof storeCreditLedgerEntry>;
export type LoyaltyCustomer = z.infer<typeof loyaltyCustomer>;
export type AdjustPointsBody = z.infer<typeof adjustPointsBody>;
export type AdjustStoreCreditBody = z.infer<typeof adjustStoreCreditBody>;
export type LoyaltyBalances = z.infer<typeof loyaltyBalances>;
