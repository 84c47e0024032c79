import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdjustmentBody,
  AdjustmentResult,
  MovementKind,
  AdjustmentReason,
  StockLogPage,
  StockSummary,
} from '@ms/contracts';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './keys';
import { useBusinessId } from './use-business-id';

/** GET /v2/business/{b}/stocks/summary?store= — stock value, low and out of stock, per store. */
export const getStockSummary = (businessId: string, store: string | null) =>
  api.get<StockSummary>(`/v2/business/${businessId}/stocks/summary`, { query: { store } });

export const useStockSummary = (store: string | null, enabled = true) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: inventoryKeys.summary(businessId, store),
    queryFn: () => getStockSummary(businessId, store),
    enabled: enabled && !!businessId,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
};

export type StockLogParams = {
  store?: string | null;
  kind?: readonly MovementKind[];
  reason?: readonly AdjustmentReason[];
  from?: string;
  to?: string;
  page: number;
  limit: number;
};

/** GET /v2/business/{b}/stocks/logs — movements, newest first. */
export const getStockLogs = (businessId: string, params: StockLogParams) =>
  api.get<StockLogPage>(`/v2/business/${businessId}/stocks/logs`, {
    query: {
      store: params.store,
      kind: params.kind,
      reason: params.reason,
      from: params.from,
      to: params.to,
      page: params.page,
      limit: params.limit,
    },
  });

export const useStockLogs = (params: StockLogParams, enabled = true) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: inventoryKeys.logs(businessId, params),
    queryFn: () => getStockLogs(businessId, params),
    enabled: enabled && !!businessId,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
};

/** POST /v2/business/{b}/stocks/adjustments — add or remove stock with a reason. */
export const useAdjustStock = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustmentBody) =>
      api.post<AdjustmentResult>(`/v2/business/${businessId}/stocks/adjustments`, body),
    meta: { silent: true },
    onSuccess: () => invalidateStock(qc, businessId),
  });
};

/** Stock changed: every inventory figure and the products (their store_stock) are stale. */
export const invalidateStock = (qc: ReturnType<typeof useQueryClient>, businessId: string) => {
  void qc.invalidateQueries({ queryKey: inventoryKeys.all(businessId) });
  void qc.invalidateQueries({ queryKey: ['products', businessId] });
};
