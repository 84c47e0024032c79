import { useMutation } from '@tanstack/react-query';
import type { OtpVerifyBody } from '@ms/contracts';
import { api } from '@/lib/api-client';

/** POST /v1/auth/otp/verify: trades the e-mailed 6-digit code for a short-lived reset token. */
export const verifyOtp = (input: Pick<OtpVerifyBody, 'email' | 'otp'>) =>
  api.post<{ reset_token: string }>(
    '/v1/auth/otp/verify',
    { ...input, purpose: 'password_reset' },
    { auth: false },
  );

export const useOtpVerifyMutation = () => useMutation({ mutationFn: verifyOtp, meta: { silent: true } });
