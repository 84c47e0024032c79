import {
  RESET_OTP_LENGTH,
  type OtpInitiateBody,
  type OtpInitiateData,
  type OtpVerifyBody,
  type RecoverPasswordBody,
} from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { randomDigits, randomToken, sha256 } from '../../lib/secrets.js';
import { findUserByEmail, setPasswordHash } from './credentials.repository.js';
import {
  checkOtp,
  claimResetToken,
  consumeOtp,
  createOtp,
  otpFailureMessage,
  retireOtps,
} from './otps.repository.js';
import { OTP_FAILURES_PER_ACCOUNT, OTP_FAILURES_PER_CLIENT } from './accounts.service.js';
import { hashPassword } from './passwords.js';
import { revokeUserSessions } from './sessions.repository.js';

/** Forgotten password: a 6-digit code by e-mail, traded for a short-lived reset token, traded for a new password. */
const OTP_TTL_MINUTES = 10;
const RESET_TOKEN_TTL_MINUTES = 15;
const WINDOW = 15 * 60;
const INVALID_RESET = 'This reset token is invalid or has expired. Ask for a new code.';

export const initiateOtp = async (
  deps: Deps,
  body: OtpInitiateBody,
  ip: string,
): Promise<OtpInitiateData> => {
  await deps.rateLimiter.hit(`otp:send:ip:${ip}`, 20, WINDOW);
  await deps.rateLimiter.hit(`otp:send:email:${body.email}`, 5, WINDOW);
  const user = await findUserByEmail(deps.db, body.email);
  if (!user) throw new HttpError(404, 'No account uses this email.');
  const code = randomDigits(RESET_OTP_LENGTH);
  await createOtp(deps.db, {
    userId: user.id,
    businessId: user.business_id,
    purpose: body.purpose,
    code,
    ttlMinutes: OTP_TTL_MINUTES,
  });
  await deps.notifications.send({
    channel: 'email',
    to: user.email,
    subject: 'Your password reset code',
    body: `Hello ${user.first_name},\n\nUse this code to reset your password: ${code}\n\nIt expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays the same.`,
    kind: 'password_reset_otp',
    businessId: user.business_id,
    meta: { code },
  });
  return {
    email: user.email,
    otp_length: RESET_OTP_LENGTH,
    expires_at: new Date(Date.now() + OTP_TTL_MINUTES * 60_000).toISOString(),
  };
};

export const verifyOtp = async (
  deps: Deps,
  body: OtpVerifyBody,
  ip: string,
): Promise<{ reset_token: string }> => {
  // Wrong codes count (per client and per account); a right one is given back.
  await deps.rateLimiter.hit(`otp:verify:ip:${ip}`, OTP_FAILURES_PER_CLIENT, WINDOW);
  await deps.rateLimiter.hit(`otp:verify:${body.email}`, OTP_FAILURES_PER_ACCOUNT, WINDOW);
  const user = await findUserByEmail(deps.db, body.email);
  if (!user) throw badRequest(otpFailureMessage('missing'));
  const check = await checkOtp(deps.db, { userId: user.id, purpose: body.purpose, code: body.otp });
  if (!check.ok) throw badRequest(otpFailureMessage(check.reason));
  await deps.rateLimiter.undo(`otp:verify:ip:${ip}`);
  await deps.rateLimiter.reset(`otp:verify:${body.email}`);
  const resetToken = randomToken();
  await consumeOtp(deps.db, check.otpId, sha256(resetToken));
  return { reset_token: resetToken };
};

export const recoverPassword = async (deps: Deps, body: RecoverPasswordBody, ip: string): Promise<void> => {
  await deps.rateLimiter.hit(`recover:ip:${ip}`, 30, WINDOW);
  const user = await findUserByEmail(deps.db, body.email);
  if (!user) throw badRequest(INVALID_RESET);
  const passwordHash = await hashPassword(body.password);
  await deps.db.transaction().execute(async (tx) => {
    const claimed = await claimResetToken(tx, {
      userId: user.id,
      purpose: 'password_reset',
      tokenHash: sha256(body.reset_token),
      ttlMinutes: RESET_TOKEN_TTL_MINUTES,
    });
    if (!claimed) throw badRequest(INVALID_RESET);
    await setPasswordHash(tx, user.business_id, user.id, passwordHash);
    await revokeUserSessions(tx, user.business_id, user.id);
    await retireOtps(tx, user.id, 'password_reset');
  });
  // A user locked out by wrong passwords can log in with the new one straight away.
  await deps.rateLimiter.reset(`login:email:${body.email}`);
  await deps.notifications.send({
    channel: 'email',
    to: user.email,
    subject: 'Your password was changed',
    body: `Hello ${user.first_name},\n\nThe password of your account was just changed and every device was logged out. If this was not you, reset your password now and contact support.`,
    kind: 'password_changed',
    businessId: user.business_id,
  });
};
