import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSalesAgentBody,
  FeatureToggle,
  PutToggleFeatureBody,
  SalesAgent,
  UpdateSalesAgentBody,
} from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';

export const salesAgentKeys = {
  all: (b: string) => ['sales-agents', b] as const,
  agents: (b: string) => ['sales-agents', b, 'agents'] as const,
  toggles: (b: string) => ['sales-agents', b, 'toggles'] as const,
};

const agentsPath = (b: string) => `/v1/businesses/${b}/sales-agents`;
/** The SALES_AGENT_CODE toggle of every store (spec 001 §7). */
const TOGGLE = { key: 'SALES_AGENT_CODE', scope: 'store', category: 'PAYMENT' } as const;

export const getSalesAgents = (b: string) => api.get<SalesAgent[]>(agentsPath(b));
export const getAgentToggles = (b: string) =>
  api.get<FeatureToggle[]>('/v1/toggle-features', { query: { business_id: b, ...TOGGLE } });

export const useSalesAgents = (enabled = true) => {
  const b = useBusinessId();
  return useQuery({
    queryKey: salesAgentKeys.agents(b),
    queryFn: () => getSalesAgents(b),
    enabled: enabled && !!b,
    staleTime: 60_000,
  });
};

export const useAgentToggles = (enabled = true) => {
  const b = useBusinessId();
  return useQuery({
    queryKey: salesAgentKeys.toggles(b),
    queryFn: () => getAgentToggles(b),
    enabled: enabled && !!b,
    staleTime: 60_000,
  });
};

/** Add, change and switch (admin screen); each refetches the agents and toggles. Errors: the caller. */
export const useSalesAgentMutations = () => {
  const b = useBusinessId();
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: salesAgentKeys.all(b) });
  return {
    create: useMutation({
      mutationFn: ({ storeId, body }: { storeId: string; body: CreateSalesAgentBody }) =>
        api.post<SalesAgent>(`/v1/businesses/${b}/stores/${storeId}/sales-agents`, body),
      meta: { silent: true },
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateSalesAgentBody }) =>
        api.patch<SalesAgent>(`${agentsPath(b)}/${id}`, body),
      meta: { silent: true },
      onSuccess,
    }),
    toggle: useMutation({
      mutationFn: ({ storeId, enabled }: { storeId: string; enabled: boolean }) =>
        api.put<FeatureToggle>('/v1/toggle-features', {
          business_id: b,
          ...TOGGLE,
          store_id: storeId,
          enabled,
        } satisfies PutToggleFeatureBody),
      meta: { silent: true },
      onSuccess,
    }),
  };
};
