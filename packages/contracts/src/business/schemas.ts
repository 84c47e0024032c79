import { z } from 'zod';
import { email, optionalText, phone, requiredText, inputString } from '../validation/zod-rules.js';
import { employee } from '../staff/schemas.js';
import { timeZoneField } from '../shared/time-zone.js';

/**
 * "Add another business" (POST /v1/businesses/): the owner opens a new business under another
 * e-mail of theirs; that e-mail becomes the new business's owner login (same password).
 */
export const createBusinessBody = z.object({
  name: requiredText('name', 120),
  email: email(),
  phone: phone().optional(),
  address: optionalText('address', 300),
  business_type: optionalText('business_type', 80),
  store_name: optionalText('store_name', 120),
});

export const updateBusinessBody = z
  .object({
    name: requiredText('name', 120),
    email: email(),
    phone: phone(),
    address: optionalText('address', 300),
    business_type: optionalText('business_type', 80),
    logo_url: inputString('logo_url')
      .trim()
      .max(500, 'The logo_url field must be between 0 and 500.')
      .nullable(),
    store_credit_active: z.boolean({ error: 'store_credit_active should be boolean' }),
    /** IANA zone of every date shown and every day boundary (default Africa/Lagos). */
    timezone: timeZoneField,
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update: send at least one field.' });

export const businessIdParams = z.object({ businessId: inputString('businessId') });

export const businessUsersData = z.array(employee);

export type CreateBusinessBody = z.infer<typeof createBusinessBody>;
export type UpdateBusinessBody = z.infer<typeof updateBusinessBody>;
