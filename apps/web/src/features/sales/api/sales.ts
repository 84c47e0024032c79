import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayLaterBody, RefundBody, Sale, SalePage, SaleStatus } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';

export type SaleFilters = {
  store: string | null;
  from: string;
  to: string;
  status: SaleStatus | null;
  search: string;
};

export const salesKeys = {
  all: (b: string) => ['sales-history', b] as const,
  page: (b: string, f: SaleFilters, page: number) => ['sales-history', b, 'page', f, page] as const,
  one: (b: string, id: string) => ['sales-history', b, 'sale', id] as const,
  unpaid: (b: string, store: string) => ['sales-history', b, 'unpaid', store] as const,
};

const listQuery = (f: SaleFilters, page: number, limit: number) => ({
  store: f.store,
  from: f.from,
  to: f.to,
  status: f.status,
  search: f.search.trim() || null,
  page,
  limit,
});

/** GET /v2/business/{b}/sales: one page, newest first, with the totals of the whole filtered range. */
export const useSalesPage = (f: SaleFilters, page: number, limit: number) => {
  const b = useBusinessId();
  return useQuery({
    queryKey: salesKeys.page(b, f, page),
    queryFn: () => api.get<SalePage>(`/v2/business/${b}/sales`, { query: listQuery(f, page, limit) }),
    enabled: !!b,
    placeholderData: keepPreviousData,
  });
};

/** GET /v1/sales/businesses/{b}/store/{id}/unpaid/: unpaid and partly paid sales of a store. */
export const useUnpaidSales = (store: string | null, enabled: boolean) => {
  const b = useBusinessId();
  return useQuery({
    queryKey: salesKeys.unpaid(b, store ?? ''),
    queryFn: () => api.get<{ sales: Sale[] }>(`/v1/sales/businesses/${b}/store/${store}/unpaid/`),
    enabled: !!b && !!store && enabled,
    select: (d) => d.sales,
  });
};

/** GET /v1/sales/{id}/businesses/{b}: lines, payments, refunds. */
export const useSale = (id: string) => {
  const b = useBusinessId();
  return useQuery({
    queryKey: salesKeys.one(b, id),
    queryFn: () => api.get<Sale>(`/v1/sales/${id}/businesses/${b}`),
    enabled: !!b && !!id,
  });
};

const useSaleUpdated = () => {
  const b = useBusinessId();
  const qc = useQueryClient();
  return (sale: Sale) => {
    qc.setQueryData(salesKeys.one(b, sale._id), sale);
    void qc.invalidateQueries({ queryKey: ['sales-history', b], predicate: (q) => q.queryKey[2] !== 'sale' });
    void qc.invalidateQueries({ queryKey: ['pos', b] });
    void qc.invalidateQueries({ queryKey: ['products', b] });
  };
};

/** POST /v1/sales/{id}/refunds */
export const useRefundSale = (saleId: string) => {
  const onSuccess = useSaleUpdated();
  return useMutation({
    mutationFn: (body: RefundBody) => api.post<Sale>(`/v1/sales/${saleId}/refunds`, body),
    meta: { silent: true },
    onSuccess,
  });
};

/** PATCH /v1/sales/{saleId}/businesses/{b}/payment/{method} */
export const usePayLater = (saleId: string) => {
  const b = useBusinessId();
  const onSuccess = useSaleUpdated();
  return useMutation({
    mutationFn: ({ method, ...body }: PayLaterBody & { method: string }) =>
      api.patch<Sale>(`/v1/sales/${saleId}/businesses/${b}/payment/${method}`, body),
    meta: { silent: true },
    onSuccess,
  });
};
