import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Employee } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { staffKeys } from './keys';
import { useBusinessId } from '@/lib/session-store';

type Status = 'active' | 'inactive';

/** PATCH /v1/businesses/{b}/employees/status?status= — all the listed users or none. */
export const setEmployeesStatus = (businessId: string, status: Status, userIds: string[]) =>
  api.patch<Employee[]>(
    `/v1/businesses/${businessId}/employees/status`,
    { user_ids: userIds },
    { query: { status } },
  );

export const useSetEmployeesStatus = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ status, userIds }: { status: Status; userIds: string[] }) =>
      setEmployeesStatus(businessId, status, userIds),
    onSuccess: () => void qc.invalidateQueries({ queryKey: staffKeys.all(businessId) }),
  });
};
