import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateEmployeeBody, Employee } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { staffKeys } from './keys';
import { useBusinessId } from '@/lib/session-store';

/** POST /v1/businesses/{b}/employees — the server e-mails them how to log in. */
export const createEmployee = (businessId: string, body: CreateEmployeeBody) =>
  api.post<Employee>(`/v1/businesses/${businessId}/employees`, body);

export const useCreateEmployee = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEmployeeBody) => createEmployee(businessId, body),
    meta: { silent: true },
    onSuccess: () => void qc.invalidateQueries({ queryKey: staffKeys.all(businessId) }),
  });
};
