import { z } from 'zod';
import { id, requiredText, inputString } from '../validation/zod-rules.js';

/** Spec 001 §3: a tag is `_id` and `label`, shown as `tagName` (the product tag list uses tagName). */
export const tag = z.object({
  _id: z.string(),
  label: z.string(),
  tagName: z.string(),
});

/** The create/edit widget sends `label`; `tagName` is accepted as the same thing. */
const withLabel = (v: unknown) =>
  v && typeof v === 'object' && !('label' in v) && 'tagName' in v
    ? { ...(v as Record<string, unknown>), label: (v as { tagName: unknown }).tagName }
    : v;

/** POST /v2/business/{b}/product/tags */
export const createTagBody = z.preprocess(withLabel, z.object({ label: requiredText('label', 60) }));

/** PUT /v2/business/{b}/product/tags: the id travels in the body (`id` or `_id`). */
export const updateTagBody = z.preprocess(
  (v) => {
    const b = withLabel(v);
    return b && typeof b === 'object' && !('id' in b) && '_id' in b
      ? { ...(b as Record<string, unknown>), id: (b as { _id: unknown })._id }
      : b;
  },
  z.object({ id: id('tag id'), label: requiredText('label', 60) }),
);

/** GET /v2/business/{b}/product/tags?search= (search by tag name, case-insensitive). */
export const tagListQuery = z.object({ search: inputString('search').trim().max(60).optional() });

export const tagIdParams = z.object({ businessId: inputString('businessId'), id: inputString('id') });

export const TAG_MESSAGES = {
  created: 'Tag has been created successfully.',
  edited: 'Tag has been edited successfully.',
  deleted: 'Tag has been deleted successfully.',
} as const;

export type Tag = z.infer<typeof tag>;
export type CreateTagBody = z.infer<typeof createTagBody>;
export type UpdateTagBody = z.infer<typeof updateTagBody>;
