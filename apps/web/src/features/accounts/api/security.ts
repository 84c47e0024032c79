import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Device } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';

/* The Security pages' calls (admin): kept apart from sign-in so the login page loads no query code. */

/** GET /v1/auth/merchant/devices (admin): the business's devices that are not removed. */
export const devicesKey = ['accounts', 'devices'] as const;

export const fetchDevices = () => api.get<Device[]>('/v1/auth/merchant/devices');

export const useDevices = () => useQuery({ queryKey: devicesKey, queryFn: fetchDevices });

/** DELETE /v1/auth/merchant/device/{id} (admin): the device's sessions then answer DEV002. */
export const removeDevice = (id: string) =>
  api.delete<null>(`/v1/auth/merchant/device/${encodeURIComponent(id)}`);

export const useRemoveDeviceMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
};

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
