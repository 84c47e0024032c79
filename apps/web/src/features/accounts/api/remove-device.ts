import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { devicesKey } from './devices';

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
