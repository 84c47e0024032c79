import { z } from 'zod';
import { id, inputString } from '../validation/zod-rules.js';

/**
 * Banks and the business's bank accounts (spec 001 §7 "Payments, banks, settlements"; issue 14).
 * A bank account is where money can be paid out to; its name is what the bank answers to a name
 * enquiry, never what the client sends. Choosing which account receives the payouts is the
 * settlement preference (PIN, password, cool-down), not this.
 */

export const bank = z.object({ code: z.string(), name: z.string() });
export type Bank = z.infer<typeof bank>;

export const bankList = z.array(bank);

const accountNumber = (field = 'accountnumber') =>
  inputString(field, `${field} is required`)
    .trim()
    .regex(/^\d{10}$/, `${field} must be 10 digits`);
const bankCode = (field = 'bankcode') =>
  inputString(field, `${field} is required`)
    .trim()
    .regex(/^\d{3}$/, `${field} must be a 3-digit bank code`);

/** GET /v1/payments/resolve/bankaccount?accountnumber&bankcode: name enquiry. */
export const resolveBankAccountQuery = z.object({ accountnumber: accountNumber(), bankcode: bankCode() });

export const resolvedBankAccount = z.object({
  account_number: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  account_name: z.string(),
});
export type ResolvedBankAccount = z.infer<typeof resolvedBankAccount>;

/** GET /v1/payments/resolve/bvn?bvn: whose BVN it is (the BVN itself is never logged nor kept). */
export const resolveBvnQuery = z.object({
  bvn: inputString('bvn', 'bvn is required')
    .trim()
    .regex(/^\d{11}$/, 'bvn must be 11 digits'),
});

export const resolvedBvn = z.object({
  first_name: z.string(),
  last_name: z.string(),
  date_of_birth: z.string(),
  phone_masked: z.string(),
});
export type ResolvedBvn = z.infer<typeof resolvedBvn>;

export const bankAccount = z.object({
  _id: z.string(),
  business_id: z.string(),
  /** The store whose money it receives when the business settles per store; null for the business. */
  store_id: z.string().nullable(),
  account_number: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  account_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BankAccount = z.infer<typeof bankAccount>;

/** POST /v1/payments/accounts/businesses/{b}: the name comes from the bank's name enquiry. */
export const addBankAccountBody = z.object({
  account_number: accountNumber('account_number'),
  bank_code: bankCode('bank_code'),
  store_id: id('store_id').nullish(),
});
export type AddBankAccountBody = z.infer<typeof addBankAccountBody>;

/** PATCH /v1/payments/accounts/businesses/{b}: which store's account it is. */
export const updateBankAccountBody = z.object({
  _id: id('_id'),
  store_id: id('store_id').nullable(),
});
export type UpdateBankAccountBody = z.infer<typeof updateBankAccountBody>;

export const bankAccountParams = z.object({
  businessId: inputString('businessId'),
  paymentId: id('paymentId'),
});

/** GET .../accounts/businesses/{b}/{paymentID}?storeID: the account, if it is that store's (or the business's). */
export const bankAccountQuery = z.object({ storeID: id('storeID').optional() });
