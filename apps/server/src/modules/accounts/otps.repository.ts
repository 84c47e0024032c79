import type { Database } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { safeEqual, sha256 } from '../../lib/secrets.js';

export const OTP_MAX_ATTEMPTS = 5;
const hashCode = (id: string, code: string) => sha256(`${id}:${code.toUpperCase()}`);

/** Stores a new one-time code (only its hash) and retires any earlier one for the same purpose. */
export const createOtp = async (
  db: Database,
  o: {
    userId: string;
    businessId: string;
    purpose: string;
    deviceId?: string;
    code: string;
    ttlMinutes: number;
  },
) => {
  await db
    .updateTable('otps')
    .set({ consumed_at: new Date() })
    .where('user_id', '=', o.userId)
    .where('purpose', '=', o.purpose)
    .where('consumed_at', 'is', null)
    .execute();
  const id = newId();
  await db
    .insertInto('otps')
    .values({
      id,
      user_id: o.userId,
      business_id: o.businessId,
      purpose: o.purpose,
      device_id: o.deviceId ?? null,
      code_hash: hashCode(id, o.code),
      expires_at: new Date(Date.now() + o.ttlMinutes * 60_000),
    })
    .execute();
};

export type OtpCheck =
  { ok: true; otpId: string } | { ok: false; reason: 'missing' | 'expired' | 'locked' | 'wrong' };

/** Checks a code against the newest live OTP; a wrong guess counts, and 5 of them lock the code. */
export const checkOtp = async (
  db: Database,
  o: { userId: string; purpose: string; deviceId?: string; code: string },
): Promise<OtpCheck> => {
  let q = db
    .selectFrom('otps')
    .selectAll()
    .where('user_id', '=', o.userId)
    .where('purpose', '=', o.purpose)
    .where('consumed_at', 'is', null);
  if (o.deviceId) q = q.where('device_id', '=', o.deviceId);
  const otp = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!otp) return { ok: false, reason: 'missing' };
  if (otp.expires_at.getTime() < Date.now()) return { ok: false, reason: 'expired' };
  if (otp.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'locked' };
  if (!safeEqual(otp.code_hash, hashCode(otp.id, o.code))) {
    await db
      .updateTable('otps')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', otp.id)
      .execute();
    return { ok: false, reason: otp.attempts + 1 >= OTP_MAX_ATTEMPTS ? 'locked' : 'wrong' };
  }
  return { ok: true, otpId: otp.id };
};

export const consumeOtp = (db: Database, otpId: string, resetTokenHash?: string) =>
  db
    .updateTable('otps')
    .set({ consumed_at: new Date(), reset_token_hash: resetTokenHash ?? null })
    .where('id', '=', otpId)
    .execute();

/**
 * Spends a reset token: true once for a token issued less than `ttlMinutes` ago, then never again.
 * One UPDATE, so two requests racing with the same token cannot both win.
 */
export const claimResetToken = async (
  db: Database,
  o: { userId: string; purpose: string; tokenHash: string; ttlMinutes: number },
): Promise<boolean> => {
  const row = await db
    .updateTable('otps')
    .set({ reset_token_hash: null })
    .where('user_id', '=', o.userId)
    .where('purpose', '=', o.purpose)
    .where('reset_token_hash', '=', o.tokenHash)
    .where('consumed_at', '>', new Date(Date.now() - o.ttlMinutes * 60_000))
    .returning(['id'])
    .executeTakeFirst();
  return !!row;
};

/** Voids every reset token and code of this purpose still outstanding for a user. */
export const retireOtps = (db: Database, userId: string, purpose: string) =>
  db
    .updateTable('otps')
    .set((eb) => ({ reset_token_hash: null, consumed_at: eb.fn.coalesce('consumed_at', eb.val(new Date())) }))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where((eb) => eb.or([eb('reset_token_hash', 'is not', null), eb('consumed_at', 'is', null)]))
    .execute();

export const otpFailureMessage = (reason: Exclude<OtpCheck, { ok: true }>['reason']): string =>
  ({
    missing: 'There is no code waiting for you. Ask for a new code.',
    expired: 'This code has expired. Ask for a new code.',
    locked: 'Too many wrong codes. Ask for a new code.',
    wrong: 'The code is incorrect. Check the e-mail we sent and try again.',
  })[reason];
