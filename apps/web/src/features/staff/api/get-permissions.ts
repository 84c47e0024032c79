import { useQuery } from '@tanstack/react-query';
import type { PermissionModule } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { staffKeys } from './keys';
import { useBusinessId } from '@/lib/session-store';

/** GET /v1/businesses/{b}/permissions — the catalogue with the roles granted each action. */
export const getPermissions = (businessId: string) =>
  api.get<PermissionModule[]>(`/v1/businesses/${businessId}/permissions`);

export const usePermissions = () => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: staffKeys.permissions(businessId),
    queryFn: () => getPermissions(businessId),
    enabled: !!businessId,
  });
};
