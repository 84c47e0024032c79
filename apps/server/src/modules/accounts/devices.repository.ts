import { sql } from 'kysely';
import type { DeviceInfo } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { newId } from '../../lib/ids.js';

export const findDevice = (db: Database, businessId: string, deviceId: string) =>
  db
    .selectFrom('devices')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();

/** Records a device the business has seen (re-adding a removed one), approved or waiting for its OTP. */
export const upsertDevice = async (
  db: Database,
  d: { businessId: string; deviceId: string; userId: string; info?: DeviceInfo; whitelisted: boolean },
) => {
  const values = {
    user_id: d.userId,
    device_model: d.info?.deviceModel ?? null,
    browser_name: d.info?.browserName ?? null,
    browser_version: d.info?.browserVersion ?? null,
    device_type: d.info?.deviceType ?? 'browser',
    whitelisted: d.whitelisted,
    last_seen_at: new Date(),
    deleted_at: null,
  };
  await db
    .insertInto('devices')
    .values({ id: newId(), business_id: d.businessId, device_id: d.deviceId, ...values })
    .onConflict((oc) => oc.columns(['business_id', 'device_id']).doUpdateSet(values))
    .execute();
};

/** The business's devices that are not removed, newest activity first, with the last user's name. */
export const listDevices = (db: Database, businessId: string) =>
  db
    .selectFrom('devices as d')
    .leftJoin('users as u', (j) =>
      j.onRef('u.business_id', '=', 'd.business_id').onRef('u.id', '=', 'd.user_id'),
    )
    .select([
      'd.id',
      'd.device_id',
      'd.device_model',
      'd.browser_name',
      'd.browser_version',
      'd.device_type',
      'd.whitelisted',
      'd.last_seen_at',
      'd.created_at',
      sql<string | null>`nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')`.as('user_name'),
    ])
    .where('d.business_id', '=', businessId)
    .where('d.deleted_at', 'is', null)
    .orderBy(sql`d.last_seen_at desc nulls last`)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .execute();

/** Tombstones a device of this business; undefined when there is no such live device here. */
export const markDeviceRemoved = (db: Database, businessId: string, id: string) =>
  db
    .updateTable('devices')
    .set({ deleted_at: new Date(), whitelisted: false })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(['device_id'])
    .executeTakeFirst();

export const requiresDeviceOtp = async (db: Database, businessId: string): Promise<boolean> =>
  (
    await db
      .selectFrom('businesses')
      .select(['require_device_otp'])
      .where('id', '=', businessId)
      .executeTakeFirstOrThrow()
  ).require_device_otp;

export const setRequireDeviceOtp = async (db: Database, businessId: string, enabled: boolean) =>
  (
    await db
      .updateTable('businesses')
      .set({ require_device_otp: enabled })
      .where('id', '=', businessId)
      .returning(['require_device_otp'])
      .executeTakeFirstOrThrow()
  ).require_device_otp;
