import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Employee, UpdateEmployeeBody } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { sessionStore, useBusinessId } from '@/lib/session-store';
import { staffKeys } from './keys';

/** PATCH /v1/auth/{userId} — names, phone, role, status and stores of an employee. */
export const updateEmployee = ({ id, body }: { id: string; body: UpdateEmployeeBody }) =>
  api.patch<Employee>(`/v1/auth/${id}`, body);

export const useUpdateEmployee = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    meta: { silent: true },
    onSuccess: (saved) => {
      qc.setQueryData(staffKeys.employee(businessId, saved._id), saved);
      void qc.invalidateQueries({ queryKey: staffKeys.all(businessId) });
      // Editing yourself: the top bar shows the new name at once.
      const s = sessionStore.get();
      if (s?.user._id === saved._id)
        sessionStore.update({
          user: {
            ...s.user,
            first_name: saved.first_name,
            last_name: saved.last_name,
            name: saved.name,
            phone: saved.phone,
            stores: saved.stores,
          },
        });
    },
  });
};
