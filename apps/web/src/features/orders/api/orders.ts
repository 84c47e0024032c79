import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { Order, OrderList, OrderPayInstructions, OrderPaymentMethod, OrderStatus } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { hasPermission, useBusinessId, useSession } from '@/lib/session-store';

/**
 * React-query keys; every order query starts with ['orders', businessId], the root the live change
 * topic `orders` refreshes.
 */
export const orderKeys = {
  all: (b: string) => ['orders', b] as const,
  list: (b: string, params: OrderListParams) => ['orders', b, 'list', params] as const,
  detail: (b: string, id: string) => ['orders', b, 'detail', id] as const,
  pay: (b: string, id: string) => ['orders', b, 'pay', id] as const,
};

export type OrderListParams = {
  page: number;
  limit: number;
  status: OrderStatus | null;
  search: string;
};

/** Who may see orders: the screens ask the server nothing without it. */
export const useCanSeeOrders = () => {
  const session = useSession();
  return (
    hasPermission(session, 'online_store.view_orders') || hasPermission(session, 'online_store.manage_orders')
  );
};

/** A uuid made on this device: a fee's or payment's id, so a retry or a double tap records it once. */
export const deviceUuid = (): string => crypto.randomUUID();

/** GET /v1/orders/businesses/{b}: a page of orders, with the count and sum of each status (the tabs). */
export const useOrderList = (params: OrderListParams) => {
  const b = useBusinessId();
  const allowed = useCanSeeOrders();
  return useQuery({
    queryKey: orderKeys.list(b, params),
    queryFn: ({ signal }) =>
      api.get<OrderList>(`/v1/orders/businesses/${b}`, {
        query: {
          page: params.page,
          limit: params.limit,
          status: params.status ?? undefined,
          search: params.search.trim() || undefined,
        },
        signal,
      }),
    enabled: !!b && allowed,
    placeholderData: keepPreviousData,
  });
};

/** GET /v1/orders/businesses/{b}/{id}: one order. */
export const useOrder = (id: string) => {
  const b = useBusinessId();
  const allowed = useCanSeeOrders();
  return useQuery({
    queryKey: orderKeys.detail(b, id),
    queryFn: ({ signal }) => api.get<Order>(`/v1/orders/businesses/${b}/${id}`, { signal }),
    enabled: !!b && !!id && allowed,
  });
};

/** The order's own account number, to tell a shopper who asks how to pay (opened the first time). */
export const useOrderPayInstructions = (id: string, enabled: boolean) => {
  const b = useBusinessId();
  return useQuery({
    queryKey: orderKeys.pay(b, id),
    queryFn: () => api.get<OrderPayInstructions>(`/v1/orders/businesses/${b}/${id}/payment/transfer`),
    enabled: enabled && !!b && !!id,
    retry: false,
    meta: { silent: true },
  });
};

/** The server's refusal as a toast (a 409 for a step that is not allowed, a 403, offline…). */
const toastFailure = (title: string) => (error: Error) =>
  notifications.show({ color: 'red', title, message: error.message, autoClose: 6000 });

/** A write that answers the order: the details show it at once, the lists look again. */
const useOrderMutation = <V>(call: (vars: V) => Promise<Order>, failureTitle: string) => {
  const b = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Said here (with a title that names what failed) rather than by the app's general toast.
    meta: { silent: true },
    onError: (error) => {
      toastFailure(failureTitle)(error);
      // Refused because the order moved on elsewhere (a 409): show it as it is now.
      void qc.invalidateQueries({ queryKey: orderKeys.all(b) });
    },
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(b, order._id), order);
      return qc.invalidateQueries({
        queryKey: orderKeys.all(b),
        predicate: (q) => q.queryKey[2] !== 'detail' || q.queryKey[3] !== order._id,
      });
    },
  });
};

/** PATCH /v1/orders/update/: the next status (the server refuses an illegal step with 409 and says why). */
export const useUpdateOrderStatus = () =>
  useOrderMutation(
    (body: { order_id: string; status: OrderStatus; note?: string }) =>
      api.patch<Order>('/v1/orders/update/', body),
    'The order was not changed',
  );

/** PATCH /v1/orders/addfee/: a delivery (or other) fee; `_id` made once on the device. */
export const useAddOrderFee = () =>
  useOrderMutation(
    (body: { order_id: string; _id: string; name: string; amount: number }) =>
      api.patch<Order>('/v1/orders/addfee/', body),
    'The fee was not added',
  );

export type RecordOrderPayment = {
  order_id: string;
  _id: string;
  method: OrderPaymentMethod;
  amount: number;
  paid_at?: string;
  reference?: string;
};

/** PATCH /v1/orders/recordpayment/: money received by hand; `_id` made once per form. */
export const useRecordOrderPayment = () =>
  useOrderMutation(
    (body: RecordOrderPayment) => api.patch<Order>('/v1/orders/recordpayment/', body),
    'The payment was not recorded',
  );

/** A full address of a path of this app (the shop's page, an order's follow page). */
export const fullUrl = (path: string): string =>
  /^https?:\/\//.test(path) ? path : `${window.location.origin}${path.startsWith('/') ? '' : '/'}${path}`;
