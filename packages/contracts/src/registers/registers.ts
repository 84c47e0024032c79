import { z } from 'zod';
import { id, optionalText, requiredText, inputString } from '../validation/zod-rules.js';
import { nairaAmount } from '../products/products.js';

/**
 * Registers (cash drawers) of a store and their sessions (spec 001 §4 "Register", §7 "Registers").
 * A session is opened with a float (counted cash); every cash movement (float, sale, refund, cash
 * added, cash removed) is a ledger row; closing with counted cash stores expected = float + movements,
 * counted and the difference (counted − expected: negative is short, positive is over).
 * Money here is naira; the database keeps kobo.
 */

export const REGISTER_TEXT = {
  noOpenRegister: 'Open a register in this store before taking cash.',
  alreadyOpen: 'This register is already open. Close it before opening it again.',
  notOpen: 'This register is closed. Open it first.',
  alreadyClosed: 'This register is already closed.',
  defaultName: 'Main till',
} as const;

export const REGISTER_MOVEMENT_KINDS = [
  'float',
  'sale',
  'refund',
  'cash_added',
  'cash_removed',
  'switch_user',
] as const;
export type RegisterMovementKind = (typeof REGISTER_MOVEMENT_KINDS)[number];

export const REGISTER_MOVEMENT_LABELS: Record<RegisterMovementKind, string> = {
  float: 'Opening float',
  sale: 'Cash sale',
  refund: 'Cash refund',
  cash_added: 'Cash added',
  cash_removed: 'Cash removed',
  switch_user: 'Switched user',
};

export const registerMovement = z.object({
  _id: z.string(),
  id: z.string(),
  session_id: z.string(),
  kind: z.enum(REGISTER_MOVEMENT_KINDS),
  /** Signed naira: + into the drawer, − out of it. 0 for switch_user. */
  amount: z.number(),
  reason: z.string().nullable(),
  reference_id: z.string().nullable(),
  user_id: z.string(),
  user_name: z.string(),
  created_at: z.string(),
});

export const registerTotals = z.object({
  float: z.number(),
  sales: z.number(),
  refunds: z.number(),
  cash_added: z.number(),
  cash_removed: z.number(),
  /** float + every movement. */
  expected_cash: z.number(),
});

export const registerSession = z.object({
  _id: z.string(),
  id: z.string(),
  register_id: z.string(),
  store_id: z.string(),
  status: z.enum(['open', 'closed']),
  opened_by: z.string(),
  opened_by_name: z.string(),
  opened_at: z.string(),
  /** Who operates the drawer now (changes with switch user). */
  operator_id: z.string(),
  operator_name: z.string(),
  float_amount: z.number(),
  totals: registerTotals,
  expected_cash: z.number(),
  counted_cash: z.number().nullable(),
  /** counted − expected: negative short, positive over; null while open. */
  difference: z.number().nullable(),
  closed_by: z.string().nullable(),
  closed_by_name: z.string().nullable(),
  closed_at: z.string().nullable(),
  closing_note: z.string().nullable(),
});

export const register = z.object({
  _id: z.string(),
  id: z.string(),
  business_id: z.string(),
  store_id: z.string(),
  store_name: z.string(),
  name: z.string(),
  status: z.enum(['open', 'closed']),
  /** The open session, null when closed. */
  session: registerSession.nullable(),
  /** Cash that should be in the drawer now; null when closed. */
  expected_cash: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** GET /v1/registries/businesses/{b}?store_id */
export const registerListQuery = z.object({ store_id: id('store_id').optional() });
export const registerList = z.array(register);

/**
 * GET /v1/registries/{id}[?session_id]: the register, the movements of one session (the one asked
 * for, else the open one, else the last closed one) and the closed sessions, newest first.
 */
export const registerDetailQuery = z.object({ session_id: id('session_id').optional() });
export const registerDetail = register.extend({
  movements_session: registerSession.nullable(),
  movements: z.array(registerMovement),
  history: z.array(registerSession),
});

export const registerIdParams = z.object({ id: inputString('id') });

/** POST /v1/registries/ */
export const createRegisterBody = z.object({
  store_id: id('store_id'),
  name: requiredText('name', 60),
});

/** PATCH /v1/registries/{id}: rename, or switch the user operating the open session. */
export const updateRegisterBody = z
  .object({ name: requiredText('name', 60), user_id: id('user_id') })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update: send name or user_id.' });

/** PUT /v1/registries/{id}/open */
export const openRegisterBody = z.object({ float: nairaAmount('float') });

/** PUT /v1/registries/{id}/cash/add */
export const addCashBody = z.object({
  amount: nairaAmount('amount').refine((n) => n > 0, { message: 'amount must be more than 0' }),
  reason: optionalText('reason', 200),
});

/** PUT /v1/registries/{id}/cash/remove */
export const removeCashBody = z.object({
  amount: nairaAmount('amount').refine((n) => n > 0, { message: 'amount must be more than 0' }),
  reason: requiredText('reason', 200),
});

/** PUT /v1/registries/{id}/close */
export const closeRegisterBody = z.object({
  counted_cash: nairaAmount('counted_cash'),
  note: optionalText('note', 300),
});

export const registerCloseData = z.object({
  register,
  session: registerSession,
  expected_cash: z.number(),
  counted_cash: z.number(),
  difference: z.number(),
});

/** GET /v1/registries/businesses/{b}/employees: who can operate a register (switch user). */
export const registerEmployee = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  store_ids: z.array(z.string()),
});
export const registerEmployeesQuery = z.object({ store_id: id('store_id').optional() });
export const registerEmployees = z.array(registerEmployee);

/**
 * Cash of sales made offline that no register session could take (decision 0004 "Cash and
 * registers"): the sale has no register and keeps the amount until it is counted into one.
 * GET /v1/registries/businesses/{b}/unregistered-cash?store_id
 */
export const unregisteredCashQuery = z.object({ store_id: id('store_id').optional() });
export const unregisteredCashSale = z.object({
  sale_id: z.string(),
  receipt_number: z.string(),
  store_id: z.string(),
  /** When the sale was made offline (ISO), else when it was recorded. */
  made_at: z.string(),
  offline_date: z.string().nullable(),
  created_at: z.string(),
  cashier_name: z.string(),
  /** Naira of cash no register holds. */
  amount: z.number(),
});
export const unregisteredCash = z.object({
  sales: z.array(unregisteredCashSale),
  /** Sum of the amounts, naira. */
  total: z.number(),
});

/** POST /v1/registries/{id}/unregistered-cash: count these sales' cash into the register's open session. */
export const settleUnregisteredCashBody = z.object({
  sale_ids: z
    .array(id('sale_ids'), { error: 'sale_ids should be an array of sale ids' })
    .min(1, 'sale_ids must name at least one sale')
    .max(500, 'sale_ids has too many sales'),
});
export const settleUnregisteredCashData = z.object({
  register,
  /** Sales whose cash was counted in now (a sale already counted in is skipped). */
  settled_sale_ids: z.array(z.string()),
  /** Naira counted in now. */
  amount: z.number(),
});

export const UNREGISTERED_CASH_TEXT = {
  /** "Cash from N sales made offline is not in any register: ₦X" */
  notice: (count: number, amount: string) =>
    `Cash from ${count} ${count === 1 ? 'sale' : 'sales'} made offline is not in any register: ${amount}`,
  noOpenRegister: 'Open a register in this store to add this cash to it.',
} as const;

export type RegisterMovement = z.infer<typeof registerMovement>;
export type RegisterTotals = z.infer<typeof registerTotals>;
export type RegisterSession = z.infer<typeof registerSession>;
export type Register = z.infer<typeof register>;
export type RegisterDetail = z.infer<typeof registerDetail>;
export type CreateRegisterBody = z.infer<typeof createRegisterBody>;
export type UpdateRegisterBody = z.infer<typeof updateRegisterBody>;
export type OpenRegisterBody = z.infer<typeof openRegisterBody>;
export type AddCashBody = z.infer<typeof addCashBody>;
export type RemoveCashBody = z.infer<typeof removeCashBody>;
export type CloseRegisterBody = z.infer<typeof closeRegisterBody>;
export type RegisterCloseData = z.infer<typeof registerCloseData>;
export type RegisterEmployee = z.infer<typeof registerEmployee>;
export type UnregisteredCashSale = z.infer<typeof unregisteredCashSale>;
export type UnregisteredCash = z.infer<typeof unregisteredCash>;
export type SettleUnregisteredCashBody = z.infer<typeof settleUnregisteredCashBody>;
export type SettleUnregisteredCashData = z.infer<typeof settleUnregisteredCashData>;

/** How a difference reads: short (red), over (amber) or exact (green). */
export const differenceState = (difference: number): 'short' | 'over' | 'exact' =>
  Math.abs(difference) < 0.005 ? 'exact' : difference < 0 ? 'short' : 'over';
