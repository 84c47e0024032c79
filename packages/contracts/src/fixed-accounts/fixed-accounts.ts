import { z } from 'zod';
import { bank } from '../bank-accounts/bank-accounts.js';
import { id, inputString, optionalText } from '../validation/zod-rules.js';

/**
 * Fixed (static virtual) accounts (spec 001 §7; issue 14): an account number at a partner bank that
 * belongs to one store. A customer pays "bank transfer (fixed)" by sending money to it; the rail
 * tells us, and the money is the store's.
 */

export const fixedAccount = z.object({
  _id: z.string(),
  business_id: z.string(),
  store_id: z.string(),
  store_name: z.string(),
  account_number: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  account_name: z.string(),
  created_at: z.string(),
});
export type FixedAccount = z.infer<typeof fixedAccount>;

/** GET /v2/payments/enabledvirtualaccountbanks */
export const virtualAccountBanks = z.array(bank);

/**
 * POST /v2/payments/accounts/businesses/{b}/customfixedaccount: the store's account at that bank
 * (asking again answers the same account). `account_name` defaults to the business and store names.
 */
export const createFixedAccountBody = z.object({
  store_id: id('store_id'),
  bank_code: inputString('bank_code', 'bank_code is required')
    .trim()
    .regex(/^\d{3}$/, 'bank_code must be a 3-digit bank code'),
  account_name: optionalText('account_name', 40),
});
export type CreateFixedAccountBody = z.infer<typeof createFixedAccountBody>;
