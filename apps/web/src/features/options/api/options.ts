import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOptionBody, ProductOption, UpdateOptionBody } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';

export const optionKeys = {
  all: (businessId: string) => ['options', businessId] as const,
};

const base = (businessId: string) => `/v2/business/${businessId}/product/options`;

/** GET /v2/business/{b}/product/options — saved options (e.g. Size: S, M, L), by name. */
export const getOptions = (businessId: string) => api.get<ProductOption[]>(base(businessId));

/** The business's saved product options (react-query). */
export const useOptions = () => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: optionKeys.all(businessId),
    queryFn: () => getOptions(businessId),
    enabled: !!businessId,
  });
};

export const useOptionMutations = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: optionKeys.all(businessId) });
  return {
    create: useMutation({
      mutationFn: (body: CreateOptionBody) => api.post<ProductOption>(base(businessId), body),
      meta: { silent: true },
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (body: UpdateOptionBody) => api.put<ProductOption>(base(businessId), body),
      meta: { silent: true },
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<{ _id: string }>(`${base(businessId)}/${id}`),
      meta: { silent: true },
      onSuccess,
    }),
  };
};
