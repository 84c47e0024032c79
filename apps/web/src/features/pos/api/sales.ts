import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSaleBody, Sale, SalePage, SaveTicketBody, Ticket } from '@ms/contracts';
import { api, ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';

const useBusinessId = () => useSession()?.business._id ?? '';

export const posKeys = {
  tickets: (b: string, store: string | null) => ['pos', b, 'tickets', store] as const,
  today: (b: string, store: string | null, user: string) => ['pos', b, 'today', store, user] as const,
};

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * POST /v2/business/{b}/sales. The body carries an id made on the device, so sending it again
 * after a network failure records the sale once: we retry the *same* body while the network
 * fails (status 0 or 5xx), and stop on a real answer.
 */
export const postSale = async (businessId: string, body: CreateSaleBody, attempts = 4): Promise<Sale> => {
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      return await api.post<Sale>(`/v2/business/${businessId}/sales`, body);
    } catch (error) {
      last = error;
      const retriable = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (!retriable) throw error;
      await wait(800 * 2 ** i);
    }
  }
  throw last;
};

export const useRecordSale = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSaleBody) => postSale(businessId, body),
    meta: { silent: true },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['pos', businessId] });
      void qc.invalidateQueries({ queryKey: ['products', businessId] });
    },
  });
};

/** POST /v1/sales/{id}/receipts/?email= */
export const useEmailReceipt = () =>
  useMutation({
    mutationFn: ({ saleId, email }: { saleId: string; email: string }) =>
      api.post<{ sent_to: string }>(`/v1/sales/${saleId}/receipts/`, undefined, { query: { email } }),
    meta: { silent: true },
  });

/** Parked carts of a store: GET /v2/business/{b}/tickets?store= */
export const useTickets = (storeId: string | null, enabled = true) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: posKeys.tickets(businessId, storeId),
    queryFn: () =>
      api.get<{ tickets: Ticket[] }>(`/v2/business/${businessId}/tickets`, { query: { store: storeId } }),
    enabled: !!businessId && !!storeId && enabled,
    select: (d) => d.tickets,
  });
};

export const useTicketMutations = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: ['pos', businessId, 'tickets'] });
  return {
    save: useMutation({
      mutationFn: (body: SaveTicketBody) => api.post<Ticket>(`/v2/business/${businessId}/tickets`, body),
      meta: { silent: true },
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<unknown>(`/v2/business/${businessId}/tickets/${id}`),
      meta: { silent: true },
      onSuccess,
    }),
  };
};

/** Today's sales of this cashier in this store: GET /v2/business/{b}/sales?store&from&to&user. */
export const useTodaySales = (storeId: string | null) => {
  const session = useSession();
  const businessId = session?.business._id ?? '';
  const userId = session?.user._id ?? '';
  const day = localDay(new Date());
  return useQuery({
    queryKey: [...posKeys.today(businessId, storeId, userId), day],
    queryFn: () =>
      api.get<SalePage>(`/v2/business/${businessId}/sales`, {
        query: { store: storeId, from: day, to: day, user: userId, limit: 200 },
      }),
    enabled: !!businessId && !!storeId,
  });
};

/** YYYY-MM-DD of the device's day. */
export const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** GET /v1/sales/{id}/businesses/{b}: one sale (reprint). */
export const getSale = (businessId: string, id: string) =>
  api.get<Sale>(`/v1/sales/${id}/businesses/${businessId}`);
