import { z } from 'zod';
import { id, requiredText, inputString } from '../validation/zod-rules.js';
import { nairaAmount } from '../products/products.js';

/** One modifier of a set; `selling_price` in naira. */
export const modifier = z.object({
  _id: z.string(),
  name: z.string(),
  selling_price: z.number(),
});

/** Spec 001 §3 modifier set: id, name, business_id, modifiers[]{_id, name, selling_price}. */
export const modifierSet = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  business_id: z.string(),
  modifiers: z.array(modifier),
  created_at: z.string(),
  updated_at: z.string(),
});

/** Spec 001 §5: a numeric price, 0 when left out (a numeric string such as "150" counts as numeric). */
const modifierPrice = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return 0;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return v;
}, nairaAmount('modifier selling_price'));

export const modifierInput = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !('selling_price' in v) && 'sellingPrice' in v
      ? { ...(v as Record<string, unknown>), selling_price: (v as { sellingPrice: unknown }).sellingPrice }
      : v,
  z.object({
    /** Keep an existing modifier on edit. */
    _id: id('modifier _id').optional(),
    name: requiredText('modifier name', 80),
    selling_price: modifierPrice,
  }),
);

const modifierList = z
  .array(modifierInput, { error: 'modifiers should be an array' })
  .min(1, 'modifiers must hold at least one modifier')
  .max(100, 'A modifier set can have at most 100 modifiers');

/** POST /v2/business/{b}/modifiers/set (spec 001 §7: name, business_id, modifiers[]). */
export const createModifierSetBody = z.object({
  name: requiredText('name', 80),
  /** Sent by the client; the business always comes from the path and token. */
  business_id: inputString('business_id').optional(),
  modifiers: modifierList,
});

/** PUT /v2/business/{b}/modifiers/set/{id}: the name and/or the full new list of modifiers. */
export const updateModifierSetBody = z
  .object({
    name: requiredText('name', 80).optional(),
    business_id: inputString('business_id').optional(),
    modifiers: modifierList.optional(),
  })
  .refine((b) => b.name !== undefined || b.modifiers !== undefined, {
    message: 'Nothing to update: send name or modifiers.',
  });

export const modifierSetIdParams = z.object({ businessId: inputString('businessId'), id: inputString('id') });

export const MODIFIER_SET_MESSAGES = {
  created: 'Modifier set created successfully',
  updated: 'Modifier set updated successfully',
  deleted: 'Modifier set deleted successfully',
} as const;

export type Modifier = z.infer<typeof modifier>;
export type ModifierSet = z.infer<typeof modifierSet>;
export type ModifierInput = z.input<typeof modifierInput>;
export type CreateModifierSetBody = z.infer<typeof createModifierSetBody>;
export type UpdateModifierSetBody = z.infer<typeof updateModifierSetBody>;
