import type { DeviceInfo } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { newId } from '../../lib/ids.js';

export const insertSession = (
  db: Database,
  s: { id: string; businessId: string; userId: string; deviceId: string; expiresAt: Date },
) =>
  db
    .insertInto('sessions')
    .values({
      id: s.id,
      business_id: s.businessId,
      user_id: s.userId,
      device_id: s.deviceId,
      expires_at: s.expiresAt,
    })
    .execute();

export const extendSession = async (db: Database, businessId: string, sessionId: string, expiresAt: Date) =>
  db
    .updateTable('sessions')
    .set({ expires_at: expiresAt })
    .where('business_id', '=', businessId)
    .where('id', '=', sessionId)
    .execute();

export const revokeSession = async (db: Database, businessId: string, sessionId: string) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('business_id', '=', businessId)
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();

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
