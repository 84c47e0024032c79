import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeSettlementAccountBody,
  SettlementPreferences,
  SetTransactionPinBody,
  UpdateSettlementTypeBody,
} from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';

export const settlementKeys = { all: (b: string) => ['settlements', b] as const };

export const useSettlementPreferences = () => {
  const b = useBusinessId();
  return useQuery({
    queryKey: settlementKeys.all(b),
    queryFn: () => api.get<SettlementPreferences>(`/v2/settlements/business/${b}/preferences`),
    enabled: !!b,
  });
};

const useSaved = () => {
  const b = useBusinessId();
  const qc = useQueryClient();
  return (prefs: SettlementPreferences) => qc.setQueryData(settlementKeys.all(b), prefs);
};

/** Errors are shown on the form (wrong password, wrong PIN, blocked), not as a toast. */
export const useSetPin = () => {
  const b = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SetTransactionPinBody) => api.put<{ has_pin: true }>('/v2/settlements/pin', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: settlementKeys.all(b) }),
    meta: { silent: true },
  });
};

export const useChangeSettlementAccount = () => {
  const b = useBusinessId();
  const saved = useSaved();
  return useMutation({
    mutationFn: (body: ChangeSettlementAccountBody) =>
      api.post<SettlementPreferences>(`/v2/settlements/business/${b}/accounts`, body),
    onSuccess: saved,
    meta: { silent: true },
  });
};

export const useUpdateSettlementType = () => {
  const b = useBusinessId();
  const saved = useSaved();
  return useMutation({
    mutationFn: (body: UpdateSettlementTypeBody) =>
      api.post<SettlementPreferences>(`/v1/businesses/settlement/updatetype/${b}`, body),
    onSuccess: saved,
    meta: { silent: true },
  });
};

export const useCancelSettlementChange = () => {
  const b = useBusinessId();
  const saved = useSaved();
  return useMutation({
    mutationFn: (changeId: string) =>
      api.delete<SettlementPreferences>(`/v2/settlements/business/${b}/accounts/${changeId}`),
    onSuccess: saved,
  });
};
