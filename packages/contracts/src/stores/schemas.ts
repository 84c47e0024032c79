import { z } from 'zod';
import { email, optionalText, phone, requiredText, inputString } from '../validation/zod-rules.js';
import { pageOf, pageQuery, syncList } from '../shared/sync.js';

export const store = z.object({
  _id: z.string(),
  id: z.string(),
  business_id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  is_active: z.boolean(),
  employees_count: z.number().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const createStoreBody = z.object({
  name: requiredText('name', 120),
  address: optionalText('address', 300),
  phone: phone().optional(),
  email: email().optional(),
});

export const updateStoreBody = z
  .object({
    name: requiredText('name', 120),
    address: optionalText('address', 300),
    phone: phone().nullable(),
    email: email().nullable(),
    is_active: z.boolean({ error: 'is_active should be boolean' }),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update: send at least one field.' });

/** GET /v1/stores/businesses/{b}: the incremental download of spec 000 §7.4. */
export const storeSyncData = syncList(store);

/** GET /v2/stores/businesses/{b}: the "All stores" screen, a page at a time. */
export const storePageQuery = pageQuery;
export const storePage = pageOf(store);

export const storeIdParams = z.object({ id: inputString('id') });

export const onlineStoreToggleData = z.object({ online_store_enabled: z.boolean() });

export type Store = z.infer<typeof store>;
export type StorePage = z.infer<typeof storePage>;
export type CreateStoreBody = z.infer<typeof createStoreBody>;
export type UpdateStoreBody = z.infer<typeof updateStoreBody>;
