import { useQuery } from '@tanstack/react-query';
import type { Employee } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { staffKeys } from './keys';
import { useBusinessId } from '@/lib/session-store';

/** GET /v1/businesses/{b}/employees — everyone in the business, with role and stores. */
export const getEmployees = (businessId: string) =>
  api.get<Employee[]>(`/v1/businesses/${businessId}/employees`);

export const useEmployees = (enabled = true) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: staffKeys.employees(businessId),
    queryFn: () => getEmployees(businessId),
    enabled: enabled && !!businessId,
  });
};
