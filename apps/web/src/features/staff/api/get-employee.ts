import { useQuery } from '@tanstack/react-query';
import type { Employee } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { staffKeys } from './keys';
import { useBusinessId } from '@/lib/session-store';

/** GET /v1/businesses/{b}/employees/{id}. */
export const getEmployee = (businessId: string, id: string) =>
  api.get<Employee>(`/v1/businesses/${businessId}/employees/${id}`);

export const useEmployee = (id: string | null) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: staffKeys.employee(businessId, id ?? ''),
    queryFn: () => getEmployee(businessId, id!),
    enabled: !!businessId && !!id,
    // The page says "not found" itself.
    meta: { silent: true },
  });
};
