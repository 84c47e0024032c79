import { useMutation } from '@tanstack/react-query';
import type { LoginData } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { describeDevice } from '@/lib/device';

/** POST /v1/auth/verify/device: the 4-character code from the e-mail approves this device and logs in. */
export const verifyDevice = (input: { email: string; otp: string }) =>
  api.post<LoginData>('/v1/auth/verify/device', { ...input, device: describeDevice() }, { auth: false });

export const useVerifyDeviceMutation = () =>
  useMutation({ mutationFn: verifyDevice, meta: { silent: true } });
