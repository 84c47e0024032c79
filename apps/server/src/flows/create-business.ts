import { DEFAULT_ROLE_PERMISSIONS, type DeviceInfo, type SignupBody } from '@ms/contracts';
import type { Database } from '../db/database.js';
import { conflict } from '../lib/errors.js';
import { isUniqueViolation } from '../lib/db-errors.js';
import { newId } from '../lib/ids.js';
import { hashPassword } from '../modules/accounts/index.js';
import { ensureMainTills } from '../modules/registers/index.js';

export type CreatedBusiness = {
  businessId: string;
  userId: string;
  storeId: string;
  roleIds: Record<string, string>;
};

/** Sign-up gives a password; "add another business" gives the owner's existing hash (same password). */
export type NewBusinessInput = Omit<SignupBody, 'device' | 'password' | 'phone'> & {
  phone?: string | null;
  deviceId?: string;
  device?: DeviceInfo;
  requireDeviceOtp?: boolean;
} & ({ password: string } | { passwordHash: string });

/**
 * Sign-up in one transaction: the business, its Admin/Manager/Cashier roles, the owner (admin),
 * the first store assigned to the owner with its "Main till", and the signing-up device already approved.
 */
export const createBusinessWithOwner = async (
  db: Database,
  input: NewBusinessInput,
): Promise<CreatedBusiness> => {
  const passwordHash = 'passwordHash' in input ? input.passwordHash : await hashPassword(input.password);
  const businessId = newId();
  const userId = newId();
  const storeId = newId();
  const roleIds: Record<string, string> = { admin: newId() };
  for (const name of Object.keys(DEFAULT_ROLE_PERMISSIONS)) roleIds[name] = newId();
  try {
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('businesses')
        .values({
          id: businessId,
          name: input.business_name,
          email: input.email,
          phone: input.phone ?? null,
          address: input.store_address ?? null,
          business_type: input.business_type ?? null,
          logo_url: null,
          partner_bank: input.partner_bank ?? null,
          require_device_otp: input.requireDeviceOtp ?? true,
        })
        .execute();
      await tx
        .insertInto('roles')
        .values([
          { business_id: businessId, id: roleIds.admin!, name: 'Admin', permissions: [], is_system: true },
          ...Object.entries(DEFAULT_ROLE_PERMISSIONS).map(([name, permissions]) => ({
            business_id: businessId,
            id: roleIds[name]!,
            name: name[0]!.toUpperCase() + name.slice(1),
            permissions,
          })),
        ])
        .execute();
      await tx
        .insertInto('users')
        .values({
          business_id: businessId,
          id: userId,
          first_name: input.first_name,
          last_name: input.last_name,
          email: input.email,
          phone: input.phone ?? null,
          password_hash: passwordHash,
          role_id: roleIds.admin!,
          is_owner: true,
        })
        .execute();
      await tx
        .insertInto('stores')
        .values({
          business_id: businessId,
          id: storeId,
          name: input.store_name || 'Main Store',
          address: input.store_address ?? null,
          phone: input.phone ?? null,
          email: null,
        })
        .execute();
      await tx
        .insertInto('user_stores')
        .values({ business_id: businessId, user_id: userId, store_id: storeId })
        .execute();
      await ensureMainTills(tx, businessId, [storeId]);
      if (input.deviceId) {
        await tx
          .insertInto('devices')
          .values({
            business_id: businessId,
            id: newId(),
            device_id: input.deviceId,
            user_id: userId,
            device_model: input.device?.deviceModel ?? null,
            browser_name: input.device?.browserName ?? null,
            browser_version: input.device?.browserVersion ?? null,
            device_type: input.device?.deviceType ?? 'browser',
            whitelisted: true,
            last_seen_at: new Date(),
          })
          .execute();
      }
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_uq'))
      throw conflict('An account with this email already exists. Log in instead.');
    throw error;
  }
  return { businessId, userId, storeId, roleIds };
};
