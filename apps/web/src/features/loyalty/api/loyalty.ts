import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdjustPointsBody,
  AdjustStoreCreditBody,
  LoyaltyBalances,
  LoyaltyCustomer,
  LoyaltySettings,
  UpdateLoyaltySettingsBody,
} from '@ms/contracts';
import { sessionStore, useBusinessId } from '@/lib/session-store';
import { loyaltyCall, loyaltyDownload } from './loyalty-client';

export const loyaltyKeys = {
  all: (businessId: string) => ['loyalty', businessId] as const,
  settings: (businessId: string) => ['loyalty', businessId, 'settings'] as const,
  customer: (businessId: string, id: string, page: number) =>
    ['loyalty', businessId, 'customer', id, page] as const,
};

export const useLoyaltySettings = () => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: loyaltyKeys.settings(businessId),
    queryFn: () => loyaltyCall<LoyaltySettings>('GET', '/v1/loyalty/settings'),
    enabled: !!businessId,
  });
};

export const useSaveLoyaltySettings = () => {
  const qc = useQueryClient();
  const businessId = useBusinessId();
  return useMutation({
    mutationFn: (body: UpdateLoyaltySettingsBody) =>
      loyaltyCall<LoyaltySettings>('PUT', '/v1/loyalty/settings', { body }),
    meta: { silent: true },
    onSuccess: (data) => {
      qc.setQueryData(loyaltyKeys.settings(businessId), data);
      const s = sessionStore.get();
      if (s)
        sessionStore.update({ business: { ...s.business, store_credit_active: data.store_credit_active } });
    },
  });
};

export const useLoyaltyCustomer = (id: string, page = 1, enabled = true) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: loyaltyKeys.customer(businessId, id, page),
    queryFn: () =>
      loyaltyCall<LoyaltyCustomer>('GET', `/v1/loyalty/customers/${id}`, { query: { page, limit: 10 } }),
    enabled: enabled && !!businessId && !!id,
    placeholderData: keepPreviousData,
  });
};

const useAdjust = <B>(kind: 'points' | 'store-credit', id: string) => {
  const qc = useQueryClient();
  const businessId = useBusinessId();
  return useMutation({
    mutationFn: (body: B) =>
      loyaltyCall<LoyaltyBalances>('POST', `/v1/loyalty/customers/${id}/${kind}`, { body }),
    meta: { silent: true },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: loyaltyKeys.all(businessId) });
      void qc.invalidateQueries({ queryKey: ['customers', businessId] });
    },
  });
};

export const useAdjustPoints = (id: string) => useAdjust<AdjustPointsBody>('points', id);
export const useAdjustStoreCredit = (id: string) => useAdjust<AdjustStoreCreditBody>('store-credit', id);

/** DOWNLOAD_CUSTOMERS_POINTS. */
export const downloadPointsCsv = () => loyaltyDownload('/v1/loyalty/points/download', 'customers-points.csv');
