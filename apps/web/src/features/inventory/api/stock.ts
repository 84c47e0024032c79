import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdjustmentBody,
  AdjustmentResult,
  MovementKind,
  AdjustmentReason,
  Product,
  StockLogPage,
  StockSummary,
} from '@ms/contracts';
import { businessDb, hasLocalProducts } from '@/offline';
import { ApiError, api } from '@/lib/api-client';
import { localStockSummary } from '../lib/local-summary';
import { inventoryKeys } from './keys';
import { useBusinessId } from '@/lib/session-store';

/** GET /v2/business/{b}/stocks/summary?store= — stock value, low and out of stock, per store. */
export const getStockSummary = (businessId: string, store: string | null) =>
  api.get<StockSummary>(`/v2/business/${businessId}/stocks/summary`, { query: { store } });

/**
 * The summary from the products on this device when the server cannot be reached (offline: the
 * stock as lowered by sales made here), else from the server.
 */
export const stockSummaryOrLocal = async (
  businessId: string,
  store: string | null,
): Promise<StockSummary> => {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  try {
    if (!offline) return await getStockSummary(businessId, store);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 0)) throw error;
  }
  if (!(await hasLocalProducts(businessId)))
    throw new ApiError('You are offline and the products are not on this device yet.', 0);
  const db = businessDb(businessId);
  const [products, stores] = await Promise.all([
    db.data<Product & { _id: string }>('products').toArray(),
    db.data<{ _id: string; name: string; is_active?: boolean }>('stores').toArray(),
  ]);
  return localStockSummary(products, stores, store);
};

export const useStockSummary = (store: string | null, enabled = true) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: inventoryKeys.summary(businessId, store),
    queryFn: () => stockSummaryOrLocal(businessId, store),
    enabled: enabled && !!businessId,
    placeholderData: keepPreviousData,
    networkMode: 'always',
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
