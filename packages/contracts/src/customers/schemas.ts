import { z } from 'zod';
import { email, id, optionalText, phone, requiredText, inputString } from '../validation/zod-rules.js';
import { pageQuery, syncList } from '../shared/sync.js';

/** Customer of spec 001 §3. Birthday is "DD-MM" (day_month); the address is four optional lines. */
export const customerAddress = z.object({
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
});

export const customer = z.object({
  _id: z.string(),
  id: z.string(),
  business: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  day_month: z.string().nullable(),
  address: customerAddress,
  is_offline_data: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** GET /v1/customers/{id}: the customer with their loyalty balances (points, store credit in naira). */
export const customerDetail = customer.extend({ points: z.number(), store_credit: z.number() });

const DAY_MONTH = /^(0[1-9]|[12]\d|3[01])-(0[1-9]|1[0-2])$/;
export const dayMonth = (field = 'day_month') =>
  z
    .string({ error: `${field} should be string` })
    .trim()
    .regex(DAY_MONTH, `The ${field} field must be a day and month like 25-12.`)
    .refine(
      (v) => {
        const [d, m] = v.split('-').map(Number) as [number, number];
        return d <= [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
      },
      { message: `The ${field} field must be a real date.` },
    );

const addressBody = z.object({
  street: optionalText('street', 200),
  city: optionalText('city', 100),
  state: optionalText('state', 100),
  country: optionalText('country', 100),
});

/** An empty string in a form means "no value". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** POST /v1/customers/. `_id` is the device-made id of a customer created offline (idempotent). */
export const createCustomerBody = z.object({
  _id: id('_id').optional(),
  first_name: requiredText('first_name', 100),
  last_name: z.preprocess(blankToUndefined, optionalText('last_name', 100)),
  email: z.preprocess(blankToUndefined, email().optional()),
  phone: z.preprocess(blankToUndefined, phone().optional()),
  day_month: z.preprocess(blankToUndefined, dayMonth().optional()),
  address: addressBody.optional(),
  is_offline_data: z.boolean({ error: 'is_offline_data should be boolean' }).optional(),
});

/** PATCH /v1/customers/{id}: any of the fields; null or "" clears an optional one. */
export const updateCustomerBody = z
  .object({
    first_name: requiredText('first_name', 100),
    last_name: z.preprocess(blankToNull, optionalText('last_name', 100).nullable()),
    email: z.preprocess(blankToNull, email().nullable()),
    phone: z.preprocess(blankToNull, phone().nullable()),
    day_month: z.preprocess(blankToNull, dayMonth().nullable()),
    address: addressBody,
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update: send at least one field.' });

export const customerIdParams = z.object({ id: inputString('id') });

/** GET /v2/customers/businesses/{b}[?updated_at]: the incremental download. */
export const customerSyncData = syncList(customer);

/** GET /v2/customers/businesses/{b}/list: the customers screen, searchable by name, phone or e-mail. */
export const customerPageQuery = pageQuery;
export const customerPage = z.object({
  items: z.array(customer),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});

export type Customer = z.infer<typeof customer>;
export type CustomerDetail = z.infer<typeof customerDetail>;
export type CustomerAddress = z.infer<typeof customerAddress>;
export type CustomerPage = z.infer<typeof customerPage>;
export type CreateCustomerBody = z.infer<typeof createCustomerBody>;
export type CreateCustomerInput = z.input<typeof createCustomerBody>;
export type UpdateCustomerBody = z.infer<typeof updateCustomerBody>;
