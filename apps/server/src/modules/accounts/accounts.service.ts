import { CODES, DEVICE_OTP_LENGTH, type DeviceInfo, type LoginBody, type LoginData } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, forbidden, HttpError, unauthorized } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { randomCode } from '../../lib/secrets.js';
import { loadBusinessData } from '../business/index.js';
import { loadSessionUser } from '../staff/index.js';
import { burnPasswordCheck, verifyPassword } from './passwords.js';
import { findUserByEmail } from './credentials.repository.js';
import { findDevice, requiresDeviceOtp, upsertDevice } from './devices.repository.js';
import { checkOtp, consumeOtp, createOtp, otpFailureMessage } from './otps.repository.js';
import { insertSession, revokeDeviceSessions } from './sessions.repository.js';

const DEVICE_OTP_TTL_MINUTES = 10;
const LOGIN_WINDOW = 15 * 60;
/** Wrong passwords for one account, then 429 for the rest of the window. */
const LOGIN_FAILURES_PER_ACCOUNT = 10;
/** Wrong passwords from one client across accounts (password spraying), then 429. */
export const LOGIN_FAILURES_PER_CLIENT = 20;
/** Wrong codes from one client, and for one account, then 429. */
export const OTP_FAILURES_PER_CLIENT = 20;
export const OTP_FAILURES_PER_ACCOUNT = 10;

/** Opens a session for a user on a device and answers what the app keeps as its session. */
export const issueLogin = async (
  deps: Deps,
  s: { businessId: string; userId: string; deviceId: string },
): Promise<LoginData> => {
  const sessionId = newId();
  const { token, expiresAt } = await deps.tokens.sign({ ...s, sessionId });
  await insertSession(deps.db, { ...s, id: sessionId, expiresAt });
  await deps.db
    .updateTable('users')
    .set({ last_login_at: new Date() })
    .where('business_id', '=', s.businessId)
    .where('id', '=', s.userId)
    .execute();
  const [user, business] = await Promise.all([
    loadSessionUser(deps.db, s.businessId, s.userId),
    loadBusinessData(deps.db, s.businessId),
  ]);
  if (!user || !business) throw unauthorized();
  return { token, token_expires_at: expiresAt.toISOString(), user, business };
};

/** Whether an account uses this e-mail (the sign-up form asks); limited per IP against enumeration. */
export const emailExists = async (deps: Deps, email: string, ip: string): Promise<boolean> => {
  await deps.rateLimiter.hit(`check:ip:${ip}`, 30, 60);
  return !!(await findUserByEmail(deps.db, email));
};

const requireDeviceId = (deviceId: string | undefined): string => {
  if (!deviceId)
    throw badRequest('deviceID header is required: the app sends the id of the device it runs on.');
  return deviceId;
};

/**
 * E-mail and password. A business that approves devices gets DEV001 for a device it has not
 * approved, and the user gets a 4-character code by e-mail.
 */
export const login = async (
  deps: Deps,
  body: LoginBody,
  deviceIdHeader: string | undefined,
  ip: string,
): Promise<LoginData> => {
  const deviceId = requireDeviceId(deviceIdHeader);
  // Wrong passwords are limited per account and per client across accounts; a right one is given
  // back, so staff behind one shared address (a shop's router, a mobile network) are never locked out.
  await deps.rateLimiter.hit(`login:fail:ip:${ip}`, LOGIN_FAILURES_PER_CLIENT, LOGIN_WINDOW);
  await deps.rateLimiter.hit(`login:email:${body.email}`, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW);

  const user = await findUserByEmail(deps.db, body.email);
  if (!user) {
    await burnPasswordCheck(body.password);
    throw unauthorized('Incorrect email or password.');
  }
  if (!(await verifyPassword(user.password_hash, body.password)))
    throw unauthorized('Incorrect email or password.');
  await deps.rateLimiter.undo(`login:fail:ip:${ip}`);
  await deps.rateLimiter.reset(`login:email:${body.email}`);
  if (user.status !== 'active') throw forbidden('Your account has been deactivated. Contact your admin.');

  const requireOtp = await requiresDeviceOtp(deps.db, user.business_id);
  const device = await findDevice(deps.db, user.business_id, deviceId);
  const approved = !!device && device.whitelisted && !device.deleted_at;
  // Re-adding a removed device (either branch below clears deleted_at) must not revive its old tokens.
  if (device?.deleted_at) await revokeDeviceSessions(deps.db, user.business_id, deviceId);

  if (requireOtp && !approved) {
    await sendDeviceOtp(deps, {
      businessId: user.business_id,
      userId: user.id,
      email: user.email,
      name: user.first_name,
      deviceId,
      info: body.device,
    });
    throw new HttpError(
      403,
      'This device is new to your business. Enter the 4-character code we sent to your e-mail.',
      CODES.deviceOtpRequired,
      {
        email: user.email,
        deviceID: deviceId,
        otp_length: DEVICE_OTP_LENGTH,
      },
    );
  }
  return approveDeviceAndLogin(deps, {
    businessId: user.business_id,
    userId: user.id,
    deviceId,
    info: body.device,
  });
};

/** Marks the device approved for the business and opens a session on it. */
const approveDeviceAndLogin = async (
  deps: Deps,
  d: { businessId: string; userId: string; deviceId: string; info?: DeviceInfo },
): Promise<LoginData> => {
  await upsertDevice(deps.db, { ...d, whitelisted: true });
  return issueLogin(deps, { businessId: d.businessId, userId: d.userId, deviceId: d.deviceId });
};

const sendDeviceOtp = async (
  deps: Deps,
  d: { businessId: string; userId: string; email: string; name: string; deviceId: string; info?: DeviceInfo },
) => {
  await deps.rateLimiter.hit(`otp:send:${d.userId}`, 5, 15 * 60);
  await upsertDevice(deps.db, {
    businessId: d.businessId,
    deviceId: d.deviceId,
    userId: d.userId,
    info: d.info,
    whitelisted: false,
  });
  const code = randomCode(DEVICE_OTP_LENGTH);
  await createOtp(deps.db, {
    userId: d.userId,
    businessId: d.businessId,
    purpose: 'device',
    deviceId: d.deviceId,
    code,
    ttlMinutes: DEVICE_OTP_TTL_MINUTES,
  });
  const what = [d.info?.browserName, d.info?.deviceModel].filter(Boolean).join(' on ') || 'a new device';
  await deps.notifications.send({
    channel: 'email',
    to: d.email,
    subject: 'Your device verification code',
    body: `Hello ${d.name},\n\nSomeone is signing in to your business from ${what}. If this is you, enter this code: ${code}\n\nIt expires in ${DEVICE_OTP_TTL_MINUTES} minutes. If this is not you, change your password now.`,
    kind: 'device_otp',
    businessId: d.businessId,
    meta: { code, deviceID: d.deviceId },
  });
};

/** The 4-character code from the e-mail approves the device and completes the login. */
export const verifyDevice = async (
  deps: Deps,
  body: { email: string; otp: string; device?: DeviceInfo },
  deviceIdHeader: string | undefined,
  ip: string,
): Promise<LoginData> => {
  const deviceId = requireDeviceId(deviceIdHeader);
  await deps.rateLimiter.hit(`otp:verify:ip:${ip}`, OTP_FAILURES_PER_CLIENT, LOGIN_WINDOW);
  await deps.rateLimiter.hit(`otp:verify:${body.email}`, OTP_FAILURES_PER_ACCOUNT, LOGIN_WINDOW);
  const user = await findUserByEmail(deps.db, body.email);
  if (!user) throw badRequest(otpFailureMessage('missing'));
  const check = await checkOtp(deps.db, { userId: user.id, purpose: 'device', deviceId, code: body.otp });
  if (!check.ok) throw badRequest(otpFailureMessage(check.reason));
  await deps.rateLimiter.undo(`otp:verify:ip:${ip}`);
  await deps.rateLimiter.reset(`otp:verify:${body.email}`);
  await consumeOtp(deps.db, check.otpId);
  return approveDeviceAndLogin(deps, {
    businessId: user.business_id,
    userId: user.id,
    deviceId,
    info: body.device,
  });
};
