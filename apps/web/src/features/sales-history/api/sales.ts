import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayLaterBody, RefundBody, Sale, SalePage, SaleStatus, SaleSummary } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';

const useBusinessId = () => useSession()?.business._id ?? '';

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
  totals: (b: string, f: SaleFilters) => ['sales-history', b, 'totals', f] as const,
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

/** GET /v2/business/{b}/sales: one page, newest first. */
export const useSalesPage = (f: SaleFilters, page: number, limit: number) => {
  const b = useBusinessId();
  return useQuery({
    queryKey: salesKeys.page(b, f, page),
    queryFn: () => api.get<SalePage>(`/v2/business/${b}/sales`, { query: listQuery(f, page, limit) }),
    enabled: !!b,
    placeholderData: keepPreviousData,
  });
};

export type RangeTotals = {
  count: number;
  total: number;
  paid: number;
  owed: number;
  refunded: number;
  /** More sales than we add up on the device: the totals cover the newest `count`. */
  partial: boolean;
};

const TOTAL_PAGE = 200;
const TOTAL_PAGES_MAX = 10;

/** Sums in kobo so many sales add up to the exact naira. */
export const sumSales = (rows: readonly SaleSummary[]): Omit<RangeTotals, 'partial'> => {
  const k = (n: number) => Math.round(n * 100);
  const acc = { count: rows.length, total: 0, paid: 0, owed: 0, refunded: 0 };
  for (const s of rows) {
    acc.total += k(s.total);
    acc.paid += k(Math.min(s.amount_paid, s.total));
    acc.owed += k(s.balance);
    acc.refunded += k(s.refunded_total);
  }
  return {
    ...acc,
    total: acc.total / 100,
    paid: acc.paid / 100,
    owed: acc.owed / 100,
    refunded: acc.refunded / 100,
  };
};

/**
 * Totals of the filtered range. The list endpoint has no aggregate, so the device adds up the
 * range's sales in pages of 200 (at most 2,000 sales; beyond that the totals say so).
 */
export const useRangeTotals = (f: SaleFilters) => {
  const b = useBusinessId();
  return useQuery({
    queryKey: salesKeys.totals(b, f),
    queryFn: async (): Promise<RangeTotals> => {
      const rows: SaleSummary[] = [];
      let total = 0;
      for (let page = 1; page <= TOTAL_PAGES_MAX; page++) {
        const data = await api.get<SalePage>(`/v2/business/${b}/sales`, {
          query: listQuery(f, page, TOTAL_PAGE),
        });
        rows.push(...data.items);
        total = data.total;
        if (rows.length >= data.total || data.items.length < TOTAL_PAGE) break;
      }
      return { ...sumSales(rows), partial: rows.length < total };
    },
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
