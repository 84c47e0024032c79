import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PermissionKey, Role } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { staffKeys } from './keys';
import { useBusinessId } from '@/lib/session-store';

export type RoleInput = { name: string; permissions: PermissionKey[]; active?: boolean };

/** POST /v1/businesses/{b}/roles. */
export const createRole = (businessId: string, body: RoleInput) =>
  api.post<Role>(`/v1/businesses/${businessId}/roles`, body);

/** PATCH /v1/businesses/{b}/roles/{id}. */
export const updateRole = (businessId: string, id: string, body: Partial<RoleInput>) =>
  api.patch<Role>(`/v1/businesses/${businessId}/roles/${id}`, body);

/** Creates the role, or updates it when an id is given. */
export const useSaveRole = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: RoleInput }) =>
      id ? updateRole(businessId, id, body) : createRole(businessId, body),
    meta: { silent: true },
    onSuccess: () => void qc.invalidateQueries({ queryKey: staffKeys.all(businessId) }),
  });
};
