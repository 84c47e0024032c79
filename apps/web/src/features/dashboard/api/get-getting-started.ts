import { useQuery } from '@tanstack/react-query';
import type { GettingStarted } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';

/** GET /v1/dashboard/gettingstarted/{businessId} — which first steps the business has done. */
export const getGettingStarted = (businessId: string) =>
  api.get<GettingStarted>(`/v1/dashboard/gettingstarted/${businessId}`);

export const useGettingStarted = (enabled = true) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: ['dashboard', businessId, 'gettingstarted'],
    queryFn: () => getGettingStarted(businessId),
    enabled: enabled && !!businessId,
    meta: { silent: true },
  });
};
