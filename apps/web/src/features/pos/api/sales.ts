import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSaleBody, Product, Sale, SalePage, SaveTicketBody, Ticket } from '@ms/contracts';
import { businessDb, enqueue, takeStockForSale, waitForUpload } from '@/offline';
import { ApiError, api } from '@/lib/api-client';
import { useBusinessId, useSession } from '@/lib/session-store';
import type { Cart } from '../lib/cart';
import { cartStore } from '../lib/cart-store';
import { localSale, queuedSale, type LocalSaleContext } from '../lib/offline-sale';
import { businessToday } from '@/lib/date-time';

export const posKeys = {
  tickets: (b: string, store: string | null) => ['pos', b, 'tickets', store] as const,
  today: (b: string, store: string | null, user: string) => ['pos', b, 'today', store, user] as const,
};

/** How long the till waits for the server's answer before showing the receipt made here. */
export const UPLOAD_WAIT_MS = 4_000;

/** The server refused the sale (it is not recorded): `reason` is for the cashier. */
export class SaleRefusedError extends Error {}

/** True for a sale shown from this device while it waits to upload (no server receipt number yet). */
export const isSavedOnDevice = (sale: Pick<Sale, 'receipt_number'>) => sale.receipt_number.startsWith('OFF-');

/**
 * Records a sale through the outbox (issue 5): saved on this device first — the sale and the
 * lowered local stock in one durable transaction — then uploaded. The server's sale when it
 * answers within UPLOAD_WAIT_MS; else the sale worked out here (offline or slow: it uploads later,
 * once); a refusal throws SaleRefusedError with the server's reason. Sending the same sale again
 * (same `_id`) records it once and lowers the local stock once.
 */
export const recordSale = async (
  businessId: string,
  body: CreateSaleBody,
  cart: Cart,
  ctx: Omit<LocalSaleContext, 'businessId' | 'storeName' | 'methodLabel'>,
  waitMs = UPLOAD_WAIT_MS,
): Promise<Sale> => {
  const record = queuedSale(body, cart, { madeAt: Date.now(), offline: !navigator.onLine });
  const db = businessDb(businessId);
  const [store, seen, refused] = await Promise.all([
    db.data('stores').get(record.store_id),
    db.data('pos').get(record._id),
    db.rejected.get(record._id),
  ]);
  await enqueue(businessId, 'pos', record, async (tx) => {
    if (seen || refused) return; // this sale already took its stock here
    const ids = [...new Set(cart.lines.map((l) => l.product_id))];
    const rows = (await tx.table('products').bulkGet(ids)) as (Product | undefined)[];
    const products = new Map(rows.filter((p): p is Product => !!p).map((p) => [p._id, p]));
    const changed = takeStockForSale(products, record.store_id, cart.lines);
    if (changed.length) await tx.table('products').bulkPut(changed);
  });
  const answer = await waitForUpload(businessId, 'pos', record._id, waitMs);
  if (answer?.outcome === 'rejected')
    throw new SaleRefusedError(answer.reason ?? 'The server refused this sale.');
  if (answer?.data) return answer.data as Sale;
  const options = await db.data('custom_payments').toArray();
  return localSale(record, cart, {
    ...ctx,
    businessId,
    storeName: typeof store?.name === 'string' ? store.name : '',
    methodLabel: (m) => {
      const label = options.find((o) => o.method === m || o._id === m)?.label;
      return typeof label === 'string' ? label : undefined;
    },
  });
};

export const useRecordSale = () => {
  const session = useSession();
  const businessId = session?.business._id ?? '';
  const qc = useQueryClient();
  return useMutation({
    // The cart being charged is the one in the cart store (the body was made from it).
    mutationFn: (body: CreateSaleBody) =>
      recordSale(businessId, body, cartStore.get(), {
        userId: session?.user._id ?? null,
        cashierName: session?.user.name ?? null,
      }),
    meta: { silent: true },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['pos', businessId] });
      void qc.invalidateQueries({ queryKey: ['products', businessId] });
      void qc.invalidateQueries({ queryKey: ['registers', businessId] });
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

/** A parked ticket as kept on this device; `deleted` marks one removed here, waiting to upload. */
type LocalTicket = Ticket & { deleted?: boolean };

const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * Parked carts of a store (issue 5: they work offline). Online: GET /v2/business/{b}/tickets?store=
 * with the changes made here and not uploaded yet on top; offline (or the network fails): the
 * tickets kept on this device.
 */
export const listTickets = async (businessId: string, storeId: string): Promise<Ticket[]> => {
  const db = businessDb(businessId);
  const pending = (await db.unsynced<LocalTicket>('tickets').toArray()).filter((t) => t.store_id === storeId);
  const removed = new Set(pending.filter((t) => t.deleted).map((t) => t._id));
  const waiting = pending.filter((t) => !t.deleted);
  let base: Ticket[];
  try {
    if (!navigator.onLine) throw new ApiError('offline', 0);
    base = (
      await api.get<{ tickets: Ticket[] }>(`/v2/business/${businessId}/tickets`, {
        query: { store: storeId },
      })
    ).tickets;
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    base = (await db.data<LocalTicket>('tickets').toArray()).filter(
      (t) => t.store_id === storeId && !t.deleted,
    );
  }
  const mine = new Set(waiting.map((t) => t._id));
  return [...waiting, ...base.filter((t) => !mine.has(t._id) && !removed.has(t._id))].sort((a, b) =>
    b.updated_at.localeCompare(a.updated_at),
  );
};

export const useTickets = (storeId: string | null, enabled = true) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: posKeys.tickets(businessId, storeId),
    queryFn: () => listTickets(businessId, storeId!),
    enabled: !!businessId && !!storeId && enabled,
    networkMode: 'always',
  });
};

/**
 * Park and remove go through the outbox (saved here, uploaded by the sync engine to the tickets
 * endpoints, which are idempotent by the ticket's device-made `_id`), so they work offline.
 */
export const useTicketMutations = () => {
  const session = useSession();
  const businessId = session?.business._id ?? '';
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: ['pos', businessId, 'tickets'] });
  return {
    save: useMutation({
      mutationFn: async (body: SaveTicketBody): Promise<Ticket> => {
        const now = new Date().toISOString();
        const old = await businessDb(businessId).data<LocalTicket>('tickets').get(body._id);
        const ticket: Ticket = {
          _id: body._id,
          id: body._id,
          store_id: body.store_id,
          user_id: session?.user._id ?? null,
          user_name: session?.user.name ?? null,
          name: body.name,
          cart: body.cart,
          created_at: old?.created_at ?? now,
          updated_at: now,
        };
        await enqueue(businessId, 'tickets', ticket);
        return ticket;
      },
      meta: { silent: true },
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: async (id: string) => {
        const db = businessDb(businessId);
        const ticket =
          (await db.unsynced<LocalTicket>('tickets').get(id)) ??
          (await db.data<LocalTicket>('tickets').get(id));
        const store_id = ticket?.store_id ?? cartStore.get().store_id ?? '';
        await enqueue(businessId, 'tickets', { ...(ticket ?? { _id: id }), store_id, deleted: true });
      },
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
  const day = businessToday();
  return useQuery({
    queryKey: [...posKeys.today(businessId, storeId, userId), day],
    queryFn: () =>
      api.get<SalePage>(`/v2/business/${businessId}/sales`, {
        query: { store: storeId, from: day, to: day, user: userId, limit: 200 },
      }),
    enabled: !!businessId && !!storeId,
  });
};

/** GET /v1/sales/{id}/businesses/{b}: one sale (reprint). */
export const getSale = (businessId: string, id: string) =>
  api.get<Sale>(`/v1/sales/${id}/businesses/${businessId}`);
