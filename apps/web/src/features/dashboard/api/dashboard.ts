import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CustomerAnalytics,
  GraphPoint,
  InventoryRevenue,
  SalePage,
  SalesRevenue,
  GettingStarted,
} from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';
import type { DayRange } from '../lib/date-range';

/** Figures of spec 000 §7.3 for a range of Lagos days and a store ("all" = the caller's stores). */
const useFigure = <T>(kind: string, path: (b: string) => string, enabled: boolean, key: unknown[]) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: ['dashboard', businessId, kind, ...key],
    queryFn: () => api.get<T>(path(businessId)),
    enabled: enabled && !!businessId,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
};

const span = (r: DayRange | null, store: string) => `${r?.start}/${r?.end}/${store}`;

export const useSalesRevenue = (range: DayRange | null, store: string, enabled: boolean) =>
  useFigure<SalesRevenue>(
    'sales',
    (b) => `/v1/dashboard/sales/revenue/${b}/${span(range, store)}`,
    enabled && !!range,
    [range, store],
  );

export const useInventoryRevenue = (range: DayRange | null, store: string, enabled: boolean) =>
  useFigure<InventoryRevenue>(
    'inventory',
    (b) => `/v1/dashboard/inventory/revenue/${b}/${span(range, store)}`,
    enabled && !!range,
    [range, store],
  );

export const useCustomerAnalytics = (range: DayRange | null, store: string, enabled: boolean) =>
  useFigure<CustomerAnalytics>(
    'customers',
    (b) => `/v1/dashboard/customer/${b}/${span(range, store)}`,
    enabled && !!range,
    [range, store],
  );

/** The last 7 Lagos days, one point each (days without sales are zeros). */
export const useSalesGraph = (enabled: boolean) =>
  useFigure<GraphPoint[]>(
    'graph',
    (b) => `/v1/dashboard/getgraphnalytics/${b}?number_of_days=7`,
    enabled,
    [],
  );

/** The latest 5 sales (of one store, or every store the caller sees). */
export const useRecentSales = (store: string, enabled: boolean) =>
  useFigure<SalePage>(
    'recent',
    (b) => `/v2/business/${b}/sales?limit=5${store === 'all' ? '' : `&store=${store}`}`,
    enabled,
    [store],
  );

/** GET /v1/dashboard/gettingstarted/{businessId} — which first steps the business has done. */
export const getGettingStarted = (businessId: string) =>
  api.get<GettingStarted>(`/v1/dashboard/gettingstarted/${businessId}`);

export const useGettingStarted = (enabled = true) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: ['dashboard', businessId, 'gettingstarted'],
    queryFn: () => getGettingStarted(businessId),
    enabled: enabled && !!businessId,
    meta: { silent: true },
  });
};
