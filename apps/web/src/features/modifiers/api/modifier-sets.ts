import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateModifierSetBody, ModifierSet, UpdateModifierSetBody } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';

export const modifierSetKeys = {
  all: (businessId: string) => ['modifier-sets', businessId] as const,
};

/** GET /v2/business/{b}/modifiers/sets — every modifier set with its modifiers (prices in naira). */
export const getModifierSets = (businessId: string) =>
  api.get<ModifierSet[]>(`/v2/business/${businessId}/modifiers/sets`);

/** The business's modifier sets (react-query), for the modifiers screen and the product form. */
export const useModifierSets = () => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: modifierSetKeys.all(businessId),
    queryFn: () => getModifierSets(businessId),
    enabled: !!businessId,
  });
};

export const useModifierSetMutations = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: modifierSetKeys.all(businessId) });
  return {
    create: useMutation({
      mutationFn: (body: CreateModifierSetBody) =>
        api.post<ModifierSet>(`/v2/business/${businessId}/modifiers/set`, {
          ...body,
          business_id: businessId,
        }),
      meta: { silent: true },
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateModifierSetBody }) =>
        api.put<ModifierSet>(`/v2/business/${businessId}/modifiers/set/${id}`, body),
      meta: { silent: true },
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        api.delete<{ _id: string }>(`/v2/business/${businessId}/modifiers/set/${id}`),
      meta: { silent: true },
      onSuccess,
    }),
  };
};
