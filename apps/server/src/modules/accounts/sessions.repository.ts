import type { Database } from '../../db/database.js';

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

/** A session with what decides whether it may go on: its user's status and its device's removal. */
export const findSession = (db: Database, businessId: string, sessionId: string, userId: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', (j) =>
      j.onRef('u.business_id', '=', 's.business_id').onRef('u.id', '=', 's.user_id'),
    )
    .leftJoin('devices as d', (j) =>
      j.onRef('d.business_id', '=', 's.business_id').onRef('d.device_id', '=', 's.device_id'),
    )
    .select(['s.expires_at', 's.revoked_at', 'u.status', 'd.deleted_at as device_removed_at'])
    .where('s.business_id', '=', businessId)
    .where('s.id', '=', sessionId)
    .where('s.user_id', '=', userId)
    .executeTakeFirst();

/** Moves a live session's expiry; false when it was revoked or had already ended meanwhile. */
export const extendSession = async (db: Database, businessId: string, sessionId: string, expiresAt: Date) => {
  const res = await db
    .updateTable('sessions')
    .set({ expires_at: expiresAt })
    .where('business_id', '=', businessId)
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
};

export const revokeSession = async (db: Database, businessId: string, sessionId: string) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('business_id', '=', businessId)
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();

/** Ends every live session of a user (after a password change). */
export const revokeUserSessions = async (db: Database, businessId: string, userId: string) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('business_id', '=', businessId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();

/** Ends every live session opened on a device of this business. */
export const revokeDeviceSessions = async (db: Database, businessId: string, deviceId: string) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('business_id', '=', businessId)
    .where('device_id', '=', deviceId)
    .where('revoked_at', 'is', null)
    .execute();
