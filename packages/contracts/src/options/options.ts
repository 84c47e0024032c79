import { z } from 'zod';
import { id, requiredText, inputString } from '../validation/zod-rules.js';

/** A reusable product option and its values, e.g. Size: S, M, L. */
export const productOption = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  values: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});

const optionValues = z
  .array(requiredText('option value', 60), { error: 'values should be an array' })
  .min(1, 'values must hold at least one value')
  .max(50, 'An option can have at most 50 values')
  .refine((vs) => new Set(vs.map((v) => v.toLowerCase())).size === vs.length, {
    message: 'values must not repeat',
  });

/** POST /v2/business/{b}/product/options */
export const createOptionBody = z.object({
  name: requiredText('name', 60),
  values: optionValues,
});

/** PUT /v2/business/{b}/product/options: the id travels in the body (`id` or `_id`). */
export const updateOptionBody = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !('id' in v) && '_id' in v
      ? { ...(v as Record<string, unknown>), id: (v as { _id: unknown })._id }
      : v,
  z.object({
    id: id('option id'),
    name: requiredText('name', 60).optional(),
    values: optionValues.optional(),
  }),
);

export const optionIdParams = z.object({ businessId: inputString('businessId'), id: inputString('id') });

export type ProductOption = z.infer<typeof productOption>;
export type CreateOptionBody = z.infer<typeof createOptionBody>;
export type UpdateOptionBody = z.infer<typeof updateOptionBody>;
