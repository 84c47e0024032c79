import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';

/**
 * POST /api/wallet/toggleotpsettings (admin): whether a new device needs the e-mailed code. The
 * current value lives in the session's business data, which is updated from the answer.
 */
export const toggleOtp = (enabled: boolean) =>
  api.post<{ require_device_otp: boolean }>('/api/wallet/toggleotpsettings', { enabled });

export const useToggleOtpMutation = () =>
  useMutation({
    mutationFn: toggleOtp,
    onSuccess: ({ require_device_otp }) => {
      const business = sessionStore.get()?.business;
      if (business) sessionStore.update({ business: { ...business, require_device_otp } });
    },
  });
