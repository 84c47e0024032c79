import { z } from 'zod';
import { id, inputString } from '../validation/zod-rules.js';
import { SETTLEMENT_TYPES } from '../payouts/payouts.js';

/**
 * Settlement preferences (issue 14; spec 000 §2.2 settlement-preference screens): where payouts go.
 * Changing it needs the user's password and their 4-digit transaction PIN, is e-mailed to the owner,
 * and a new account takes effect only after a day, which the owner can cancel.
 */

const pin = (field = 'pin') =>
  z.string({ error: `${field} must be 4 digits` }).regex(/^\d{4}$/, `${field} must be 4 digits`);
const password = inputString('password', 'password is required').min(1, 'password is required').max(200);

export const settlementAccountSummary = z.object({
  _id: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
});

export const settlementScope = z.object({
  /** Null: the business's own account (every store without one of its own, or all when settling as one). */
  store_id: z.string().nullable(),
  store_name: z.string().nullable(),
  /** Where payouts go now; null when none is set. */
  current: settlementAccountSummary.nullable(),
  /** A change waiting its day: the owner can cancel it until `effective_at`. */
  pending: z
    .object({
      _id: z.string(),
      account: settlementAccountSummary,
      effective_at: z.string(),
      requested_by: z.string().nullable(),
    })
    .nullable(),
});

/** GET /v2/settlements/business/{b}/preferences */
export const settlementPreferences = z.object({
  settlement_type: z.enum(SETTLEMENT_TYPES),
  /** The business's local hour from which the day's payout is made. */
  payout_hour: z.number(),
  /** Whether the user asking has set a transaction PIN. */
  has_pin: z.boolean(),
  scopes: z.array(settlementScope),
});
export type SettlementPreferences = z.infer<typeof settlementPreferences>;

/** POST /v1/businesses/settlement/updatetype/{b} */
export const updateSettlementTypeBody = z.object({
  settlement_type: z.enum(SETTLEMENT_TYPES, { error: 'settlement_type must be business or store' }),
  password,
  pin: pin(),
});
export type UpdateSettlementTypeBody = z.infer<typeof updateSettlementTypeBody>;

/** POST /v2/settlements/business/{b}/accounts: pay the business (or a store) to another bank account. */
export const changeSettlementAccountBody = z.object({
  store_id: id('store_id').nullish(),
  bank_account_id: id('bank_account_id'),
  password,
  pin: pin(),
});
export type ChangeSettlementAccountBody = z.infer<typeof changeSettlementAccountBody>;

export const settlementChangeParams = z.object({
  businessId: inputString('businessId'),
  changeId: id('changeId'),
});

/** PUT /v2/settlements/pin: set (or change) the user's transaction PIN; the password proves it is them. */
export const setTransactionPinBody = z.object({
  password,
  pin: pin().refine(
    (p) =>
      !/^(\d)\1{3}$/.test(p) &&
      !['0123', '1234', '2345', '3456', '4567', '5678', '6789', '9876', '4321'].includes(p),
    'pin is too easy to guess: avoid 1234, 1111 and the like',
  ),
});
export type SetTransactionPinBody = z.infer<typeof setTransactionPinBody>;
