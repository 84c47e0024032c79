import { z } from 'zod';
import { email, optionalText, phone, requiredText } from '../validation/zod-rules.js';

export const createBusinessBody = z.object({
  name: requiredText('name', 120),
  email: email().optional(),
  phone: phone().optional(),
  address: optionalText('address', 300),
  business_type: optionalText('business_type', 80),
});

export const updateBusinessBody = z
  .object({
    name: requiredText('name', 120),
    email: email(),
    phone: phone(),
    address: optionalText('address', 300),
    business_type: optionalText('business_type', 80),
    logo_url: z.string().max(500).nullable(),
    store_credit_active: z.boolean({ error: 'store_credit_active should be boolean' }),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update: send at least one field.' });

export type UpdateBusinessBody = z.infer<typeof updateBusinessBody>;
