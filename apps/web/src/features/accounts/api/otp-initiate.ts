import { useMutation } from '@tanstack/react-query';
import type { OtpInitiateData } from '@ms/contracts';
import { api } from '@/lib/api-client';

/** POST /v1/auth/otp/initiate: e-mails a 6-digit password-reset code. */
export const initiateOtp = (email: string) =>
  api.post<OtpInitiateData>('/v1/auth/otp/initiate', { email, purpose: 'password_reset' }, { auth: false });

export const useOtpInitiateMutation = () => useMutation({ mutationFn: initiateOtp, meta: { silent: true } });
