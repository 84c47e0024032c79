import type { BusinessData } from '@ms/contracts';
import type { Database } from '../../db/database.js';

/** The business as the session and "My account" see it, with its active stores. */
export const loadBusinessData = async (
  db: Database,
  businessId: string,
): Promise<BusinessData | undefined> => {
  const b = await db.selectFrom('businesses').selectAll().where('id', '=', businessId).executeTakeFirst();
  if (!b) return undefined;
  const stores = await db
    .selectFrom('stores')
    .select(['id', 'name'])
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    _id: b.id,
    name: b.name,
    email: b.email,
    phone: b.phone,
    address: b.address,
    business_type: b.business_type,
    logo_url: b.logo_url,
    store_credit_active: b.store_credit_active,
    online_store_enabled: b.online_store_enabled,
    require_device_otp: b.require_device_otp,
    partner_bank: b.partner_bank,
    timezone: b.timezone,
    stores: stores.map((s) => ({ id: s.id, _id: s.id, name: s.name })),
    created_at: b.created_at.toISOString(),
  };
};

export type BusinessPatch = Partial<{
  name: string;
  email: string;
  phone: string;
  address: string | null;
  business_type: string | null;
  logo_url: string | null;
  store_credit_active: boolean;
  timezone: string;
}>;

/** False when the business does not exist. */
export const updateBusiness = async (db: Database, businessId: string, patch: BusinessPatch) => {
  const row = await db
    .updateTable('businesses')
    .set(patch)
    .where('id', '=', businessId)
    .returning('id')
    .executeTakeFirst();
  return !!row;
};

/** Flips the online-store switch in one statement, so two clicks never cancel out unseen. */
export const toggleOnlineStore = async (db: Database, businessId: string): Promise<boolean | undefined> =>
  (
    await db
      .updateTable('businesses')
      .set((eb) => ({ online_store_enabled: eb.not('online_store_enabled') }))
      .where('id', '=', businessId)
      .returning('online_store_enabled')
      .executeTakeFirst()
  )?.online_store_enabled;
