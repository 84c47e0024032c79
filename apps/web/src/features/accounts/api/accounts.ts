import { useMutation } from '@tanstack/react-query';
import type {
  LoginData,
  OtpInitiateData,
  OtpVerifyBody,
  RecoverPasswordBody,
  SignupBody,
} from '@ms/contracts';
import { api } from '@/lib/api-client';
import { describeDevice } from '@/lib/device';

/** GET /v1/auth/check/{email}: whether an account already uses this e-mail. */
export const checkEmail = (email: string) =>
  api.get<{ exists: boolean }>(`/v1/auth/check/${encodeURIComponent(email)}`, { auth: false });

/** A mutation, not a query: it runs on blur, and a failed check must not block sign-up. */
export const useCheckEmailMutation = () => useMutation({ mutationFn: checkEmail, meta: { silent: true } });

/** POST /v1/auth/login. A device the business has not approved answers 403 with code DEV001. */
export type LoginInput = { email: string; password: string };

export const login = (input: LoginInput) =>
  api.post<LoginData>('/v1/auth/login', { ...input, device: describeDevice() }, { auth: false });

/** The page shows the error itself (and DEV001 is not an error to the user). */
export const useLoginMutation = () => useMutation({ mutationFn: login, meta: { silent: true } });

/**
 * POST /v1/auth/logout {user_id}. The server logs out the session of the token sent, so logging
 * out another saved user sends that user's token.
 */
export const logout = (input: { userId: string; token?: string }) =>
  api.post<null>('/v1/auth/logout', { user_id: input.userId }, { token: input.token });

export const useLogoutMutation = () => useMutation({ mutationFn: logout });

/** POST /v1/auth/otp/initiate: e-mails a 6-digit password-reset code. */
export const initiateOtp = (email: string) =>
  api.post<OtpInitiateData>('/v1/auth/otp/initiate', { email, purpose: 'password_reset' }, { auth: false });

export const useOtpInitiateMutation = () => useMutation({ mutationFn: initiateOtp, meta: { silent: true } });

/** POST /v1/auth/otp/verify: trades the e-mailed 6-digit code for a short-lived reset token. */
export const verifyOtp = (input: Pick<OtpVerifyBody, 'email' | 'otp'>) =>
  api.post<{ reset_token: string }>(
    '/v1/auth/otp/verify',
    { ...input, purpose: 'password_reset' },
    { auth: false },
  );

export const useOtpVerifyMutation = () => useMutation({ mutationFn: verifyOtp, meta: { silent: true } });

/** PATCH /v1/auth/recover/password: sets the new password with the reset token. */
export const recoverPassword = (input: RecoverPasswordBody) =>
  api.patch<null>('/v1/auth/recover/password', input, { auth: false });

export const useRecoverPasswordMutation = () =>
  useMutation({ mutationFn: recoverPassword, meta: { silent: true } });

/** POST /v1/auth/signup: creates the user, the business and its first store, and logs in. */
export type SignupInput = Omit<SignupBody, 'device'>;

export const signup = (input: SignupInput) =>
  api.post<LoginData>('/v1/auth/signup', { ...input, device: describeDevice() }, { auth: false });

export const useSignupMutation = () => useMutation({ mutationFn: signup, meta: { silent: true } });

/** POST /v1/auth/verify/device: the 4-character code from the e-mail approves this device and logs in. */
export const verifyDevice = (input: { email: string; otp: string }) =>
  api.post<LoginData>('/v1/auth/verify/device', { ...input, device: describeDevice() }, { auth: false });

export const useVerifyDeviceMutation = () =>
  useMutation({ mutationFn: verifyDevice, meta: { silent: true } });
