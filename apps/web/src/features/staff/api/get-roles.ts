import { useQuery } from '@tanstack/react-query';
import type { Role } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { staffKeys } from './keys';
import { useBusinessId } from '@/lib/session-store';

/** GET /v1/businesses/{b}/roles — with how many users hold each. */
export const getRoles = (businessId: string) => api.get<Role[]>(`/v1/businesses/${businessId}/roles`);

export const useRoles = () => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: staffKeys.roles(businessId),
    queryFn: () => getRoles(businessId),
    enabled: !!businessId,
  });
};

/** The system Admin role holds every permission and cannot be edited. */
export const isAdminRole = (role: Pick<Role, 'name' | 'is_system'>) =>
  role.is_system || role.name.toLowerCase() === 'admin';
