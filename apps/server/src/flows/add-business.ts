import { deviceType, type CreateBusinessBody } from '@ms/contracts';
import type { Database } from '../db/database.js';
import { conflict, HttpError, unauthorized } from '../lib/errors.js';
import { createBusinessWithOwner, type CreatedBusiness } from './create-business.js';

/**
 * "Add another business": the owner opens a new business whose owner login is another e-mail of
 * theirs. Logins are one per e-mail and per business, so the new login reuses the caller's password
 * hash (same password) and the device they are on is approved there too.
 */
export const addBusinessForOwner = async (
  db: Database,
  caller: { businessId: string; userId: string; deviceId: string },
  body: CreateBusinessBody,
): Promise<CreatedBusiness> => {
  const owner = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'phone', 'password_hash'])
    .where('business_id', '=', caller.businessId)
    .where('id', '=', caller.userId)
    .executeTakeFirst();
  if (!owner) throw unauthorized();
  const device = await db
    .selectFrom('devices')
    .select(['device_model', 'browser_name', 'browser_version', 'device_type'])
    .where('business_id', '=', caller.businessId)
    .where('device_id', '=', caller.deviceId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  try {
    return await createBusinessWithOwner(db, {
      first_name: owner.first_name,
      last_name: owner.last_name,
      email: body.email,
      phone: body.phone ?? owner.phone,
      passwordHash: owner.password_hash,
      business_name: body.name,
      business_type: body.business_type,
      store_name: body.store_name,
      store_address: body.address,
      deviceId: caller.deviceId,
      device: device && {
        deviceModel: device.device_model ?? undefined,
        browserName: device.browser_name ?? undefined,
        browserVersion: device.browser_version ?? undefined,
        deviceType: deviceType.catch('browser').parse(device.device_type),
      },
    });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409)
      throw conflict('This email already has an account. Use another email for the new business.');
    throw error;
  }
};
