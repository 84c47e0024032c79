import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CountStatus,
  EnterCountsBody,
  StartCountBody,
  StockCount,
  StockCountDetail,
  StockCountPage,
} from '@ms/contracts';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './keys';
import { invalidateStock } from './stock';
import { useBusinessId } from '@/lib/session-store';

const base = (businessId: string) => `/v1/businesses/${businessId}/stocks/counts`;
const one = (businessId: string, id: string) => `${base(businessId)}/${encodeURIComponent(id)}`;

export type CountListParams = {
  status?: CountStatus | null;
  store?: string | null;
  page: number;
  limit: number;
};

/** GET /v1/businesses/{b}/stocks/counts/ — newest first. */
export const useCounts = (params: CountListParams, enabled = true) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: inventoryKeys.countList(businessId, params),
    queryFn: () =>
      api.get<StockCountPage>(`${base(businessId)}/`, {
        query: { status: params.status, store: params.store, page: params.page, limit: params.limit },
      }),
    enabled: enabled && !!businessId,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
};

export type CountItemsParams = {
  search?: string;
  filter?: 'all' | 'uncounted' | 'counted' | 'difference';
  page?: number;
  limit?: number;
};

/** GET /v1/businesses/{b}/stocks/counts/{id}/ — the count and a page of its items. */
export const useCount = (id: string | null, params: CountItemsParams = {}) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: [...inventoryKeys.count(businessId, id ?? ''), params],
    queryFn: () =>
      api.get<StockCountDetail>(`${one(businessId, id ?? '')}/`, {
        query: {
          search: params.search,
          filter: params.filter,
          page: params.page,
          limit: params.limit,
        },
      }),
    enabled: !!businessId && !!id,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
};

/** POST /v1/businesses/{b}/stocks/counts/ — start a count (201 with the count). */
export const useStartCount = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StartCountBody) => api.post<StockCountDetail>(`${base(businessId)}/`, body),
    meta: { silent: true },
    onSuccess: () => void qc.invalidateQueries({ queryKey: inventoryKeys.counts(businessId) }),
  });
};

/** PUT /v1/businesses/{b}/stocks/counts/{id}/ — save counted quantities (some or all). */
export const useEnterCounts = (id: string) => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EnterCountsBody) => api.put<StockCount>(`${one(businessId, id)}/`, body),
    meta: { silent: true },
    onSuccess: () => void qc.invalidateQueries({ queryKey: inventoryKeys.count(businessId, id) }),
  });
};

const useCountStep = (step: 'submit' | 'accept' | 'cancel') => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<StockCount>(`${one(businessId, id)}/${step}/`),
    meta: { silent: true },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: inventoryKeys.counts(businessId) });
      if (step === 'accept') invalidateStock(qc, businessId);
    },
  });
};

/** POST .../{id}/submit/, .../{id}/accept/ (differences become stock movements), .../{id}/cancel/. */
export const useSubmitCount = () => useCountStep('submit');
export const useAcceptCount = () => useCountStep('accept');
export const useCancelCount = () => useCountStep('cancel');
