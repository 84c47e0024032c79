import { z } from 'zod';
import {
  email,
  exactLength,
  id,
  optionalText,
  password,
  phone,
  requiredText,
  inputString,
} from '../validation/zod-rules.js';
import { ruleMessages } from '../validation/rules.js';
import { DEVICE_OTP_LENGTH } from '../shared/constants.js';

/** Digits in the password-reset code sent by e-mail. */
export const RESET_OTP_LENGTH = 6;

export const deviceType = z.enum(['browser', 'Mobile', 'Terminal']);

/** What the app tells the server about the device it runs on (login and device verification). */
export const deviceInfo = z.object({
  deviceModel: optionalText('deviceModel', 120),
  browserName: optionalText('browserName', 60),
  browserVersion: optionalText('browserVersion', 40),
  deviceType: deviceType.default('browser'),
});

export const loginBody = z.object({
  email: email(),
  password: inputString('password', 'The password field is required.')
    .min(1, 'The password field is required.')
    .max(128),
  device: deviceInfo.optional(),
});

export const signupBody = z.object({
  first_name: requiredText('first_name', 80),
  last_name: requiredText('last_name', 80),
  email: email(),
  phone: phone(),
  password: password(),
  business_name: requiredText('business_name', 120),
  business_type: optionalText('business_type', 80),
  store_name: optionalText('store_name', 120),
  store_address: optionalText('store_address', 300),
  partner_bank: optionalText('partner_bank', 80),
  device: deviceInfo.optional(),
});

export const storeRef = z.object({ id: z.string(), _id: z.string(), name: z.string() });

export const sessionUser = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.string(),
  role_id: z.string().nullable(),
  permissions: z.array(z.string()),
  IsFraud: z.boolean(),
  is_owner: z.boolean(),
  status: z.enum(['active', 'inactive']),
  business_id: z.string(),
  stores: z.array(storeRef),
});

export const businessData = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  business_type: z.string().nullable(),
  logo_url: z.string().nullable(),
  store_credit_active: z.boolean(),
  online_store_enabled: z.boolean(),
  require_device_otp: z.boolean(),
  partner_bank: z.string().nullable(),
  /** IANA zone of every date shown and every day boundary (default Africa/Lagos). */
  timezone: z.string(),
  stores: z.array(storeRef),
  created_at: z.string(),
});

export const loginData = z.object({
  token: z.string(),
  token_expires_at: z.string(),
  user: sessionUser,
  business: businessData,
});

/** Answer to a login from a device the business has not approved yet (code DEV001). */
export const deviceOtpRequiredData = z.object({
  email: z.string(),
  deviceID: z.string(),
  otp_length: z.number(),
});

export const verifyDeviceBody = z.object({
  email: email(),
  otp: exactLength('otp', DEVICE_OTP_LENGTH),
  device: deviceInfo.optional(),
});

export const checkEmailParams = z.object({ email: email() });
export const checkEmailData = z.object({ exists: z.boolean() });

export const otpPurpose = z.enum(['password_reset'], { error: "The purpose must be 'password_reset'." });
export const otpInitiateBody = z.object({ email: email(), purpose: otpPurpose.default('password_reset') });
export const otpInitiateData = z.object({
  email: z.string(),
  otp_length: z.number(),
  expires_at: z.string(),
});
export const otpVerifyBody = z.object({
  email: email(),
  otp: exactLength('otp', RESET_OTP_LENGTH).regex(/^\d+$/, ruleMessages.onlynumbers('otp')),
  purpose: otpPurpose.default('password_reset'),
});
export const otpVerifyData = z.object({ reset_token: z.string() });
export const recoverPasswordBody = z.object({
  email: email(),
  reset_token: inputString('reset_token', 'The reset_token field is required.').min(
    1,
    'The reset_token field is required.',
  ),
  password: password(),
});
export const recoverPasswordData = z.null();

export const refreshTokenBody = z.object({
  token: inputString('token', 'The token field is required.').min(1, 'The token field is required.'),
});
export const refreshTokenData = z.object({ token: z.string(), token_expires_at: z.string() });

export const logoutBody = z.object({
  user_id: inputString('user_id', 'The user_id field is required.').min(1, 'The user_id field is required.'),
});
export const logoutData = z.null();

export const deviceParams = z.object({ id: id() });

export const device = z.object({
  _id: z.string(),
  deviceId: z.string(),
  deviceModel: z.string().nullable(),
  browserName: z.string().nullable(),
  browserVersion: z.string().nullable(),
  deviceType: deviceType,
  whitelisted: z.boolean(),
  current: z.boolean(),
  user_name: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
});

export const devicesData = z.array(device);
export const removeDeviceData = z.null();

export const toggleOtpBody = z.object({ enabled: z.boolean({ error: 'enabled should be boolean' }) });
export const toggleOtpData = z.object({ require_device_otp: z.boolean() });

export type LoginBody = z.infer<typeof loginBody>;
export type SignupBody = z.infer<typeof signupBody>;
export type SessionUser = z.infer<typeof sessionUser>;
export type BusinessData = z.infer<typeof businessData>;
export type LoginData = z.infer<typeof loginData>;
export type DeviceOtpRequiredData = z.infer<typeof deviceOtpRequiredData>;
export type Device = z.infer<typeof device>;
export type DeviceInfo = z.infer<typeof deviceInfo>;
export type OtpInitiateBody = z.infer<typeof otpInitiateBody>;
export type OtpInitiateData = z.infer<typeof otpInitiateData>;
export type OtpVerifyBody = z.infer<typeof otpVerifyBody>;
export type RecoverPasswordBody = z.infer<typeof recoverPasswordBody>;
export type RefreshTokenData = z.infer<typeof refreshTokenData>;
