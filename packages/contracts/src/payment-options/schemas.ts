import { z } from 'zod';
import { metaData } from '../shared/sync.js';
import { SALE_PAYMENT_METHODS, type BuiltInPaymentMethod } from '../sales/sales.js';
import { optionalText, requiredText, inputString } from '../validation/zod-rules.js';

/**
 * Payment methods of a business (spec 001 "Payments": /payment-methods (admin), custom payment
 * options, GET /v2/checkout/options). Built-in methods (`SALE_PAYMENT_METHODS`) can be switched
 * off per business, except cash: the register's cash drawer, change and refunds to cash rely on it.
 * A custom option (e.g. "POS terminal (Moniepoint)") is paid with by sending its id as a sale
 * payment's `method`; the sale keeps the option's name as it was at the time.
 */

/** Built-in methods that can never be switched off. */
export const ALWAYS_ON_METHODS: readonly BuiltInPaymentMethod[] = ['cash'];

/** A built-in method and whether the business offers it. */
export const builtInMethodSetting = z.object({
  method: z.enum(SALE_PAYMENT_METHODS),
  label: z.string(),
  enabled: z.boolean(),
  /** False for cash. */
  can_disable: z.boolean(),
});
export type BuiltInMethodSetting = z.infer<typeof builtInMethodSetting>;

/** GET and PATCH /v1/payments/options/businesses/{b}: the built-in switches. */
export const paymentMethodSettings = z.object({
  business_id: z.string(),
  methods: z.array(builtInMethodSetting),
});
export type PaymentMethodSettings = z.infer<typeof paymentMethodSettings>;

const methodSwitch = (m: string) => z.boolean({ error: `methods.${m} should be boolean` }).optional();

/** PATCH /v1/payments/options/businesses/{b} (settings.payment_methods): `{ methods: { card: false } }`. */
export const updatePaymentMethodsBody = z.object({
  methods: z
    .strictObject(
      {
        cash: methodSwitch('cash').refine((v) => v !== false, {
          message: 'methods.cash cannot be turned off: the register and change need cash',
        }),
        fixed_account: methodSwitch('fixed_account'),
        card: methodSwitch('card'),
        store_credit: methodSwitch('store_credit'),
        loyalty_points: methodSwitch('loyalty_points'),
      },
      { error: `methods should be an object of ${SALE_PAYMENT_METHODS.join(', ')} set to true or false` },
    )
    .refine((m) => Object.keys(m).length > 0, { message: 'methods must name at least one method' }),
});
export type UpdatePaymentMethodsBody = z.infer<typeof updatePaymentMethodsBody>;

/** A custom payment option of the business. */
export const customPaymentOption = z.object({
  _id: z.string(),
  id: z.string(),
  business_id: z.string(),
  name: z.string(),
  /** Shown to the cashier when the option is chosen (e.g. "Tap the card on the Moniepoint terminal"). */
  instructions: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomPaymentOption = z.infer<typeof customPaymentOption>;

/** POST /v1/payments/customoptions/businesses/{b} (settings.payment_methods). */
export const createCustomPaymentOptionBody = z.object({
  name: requiredText('name', 60),
  instructions: optionalText('instructions', 300).nullable(),
  active: z.boolean({ error: 'active should be boolean' }).optional(),
});
export type CreateCustomPaymentOptionBody = z.infer<typeof createCustomPaymentOptionBody>;

/** PATCH /v1/payments/customoptions/businesses/{b}/paymentoption/{id}: rename, instructions, (de)activate. */
export const updateCustomPaymentOptionBody = z
  .object({
    name: requiredText('name', 60).optional(),
    instructions: optionalText('instructions', 300).nullable(),
    active: z.boolean({ error: 'active should be boolean' }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Send at least one of name, instructions, active',
  });
export type UpdateCustomPaymentOptionBody = z.infer<typeof updateCustomPaymentOptionBody>;

export const paymentOptionIdParams = z.object({
  businessId: inputString('businessId'),
  id: inputString('id'),
});

/** GET /v1/payments/customoptions/businesses/{b}[?updated_at]: every option, inactive ones too. */
export const customPaymentOptionSyncData = z.object({
  items: z.array(customPaymentOption),
  metaData,
});
export type CustomPaymentOptionSyncData = z.infer<typeof customPaymentOptionSyncData>;

/** One way the POS may take money, in the order it shows them. */
export const checkoutOption = z.object({
  /** A built-in method id or a custom option's id: what a sale payment sends as `method`. */
  method: z.string(),
  label: z.string(),
  kind: z.enum(['built_in', 'custom']),
  instructions: z.string().nullable(),
  /** store_credit and loyalty_points need a customer on the sale. */
  needs_customer: z.boolean(),
  updated_at: z.string(),
});
export type CheckoutOption = z.infer<typeof checkoutOption>;

/** GET /v2/checkout/options?business_id&updated_at (any signed-in user of the business). */
export const checkoutOptionsQuery = z.object({
  business_id: z.uuid({ error: 'The business_id must be a valid id.' }).optional(),
  updated_at: z.coerce.number({ error: 'updated_at should be an numeric' }).int().nonnegative().optional(),
});

/**
 * Enabled built-ins (in `SALE_PAYMENT_METHODS` order) then active custom options by name. With
 * `updated_at`: only what changed since; `recordsRemoved` holds methods no longer offered.
 */
export const checkoutOptionsData = z.object({ items: z.array(checkoutOption), metaData });
export type CheckoutOptionsData = z.infer<typeof checkoutOptionsData>;

export const PAYMENT_OPTION_MESSAGES = {
  created: 'Payment option has been created successfully.',
  edited: 'Payment option has been edited successfully.',
  deleted: 'Payment option has been deleted successfully.',
  methods: 'Payment methods have been updated.',
} as const;
