import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { OnlineCatalogueItem, OnlineStore, UpdateOnlineStoreBody } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { hasPermission, isAdmin, sessionStore, useBusinessId, useSession } from '@/lib/session-store';

/**
 * React-query keys; every query starts with ['online-store', businessId]. The live change topic
 * `orders` refreshes them too (an order holds stock: the shop's available counts change).
 */
export const onlineStoreKeys = {
  all: (b: string) => ['online-store', b] as const,
  settings: (b: string) => ['online-store', b, 'settings'] as const,
  products: (b: string, params: CatalogueParams) => ['online-store', b, 'products', params] as const,
};

export type CatalogueParams = {
  page: number;
  limit: number;
  search: string;
  published: boolean | null;
};

export type CatalogueList = { items: OnlineCatalogueItem[]; total: number; page: number; limit: number };

/** What this role may do on the catalogue screen. */
export const useOnlineStoreRights = () => {
  const session = useSession();
  const catalogue = hasPermission(session, 'online_store.catalogue');
  const fees = hasPermission(session, 'online_store.shipping_fees');
  return { catalogue, fees, any: catalogue || fees, admin: isAdmin(session) };
};

const failed = (title: string) => (error: Error) =>
  notifications.show({ color: 'red', title, message: error.message, autoClose: 6000 });

/** GET /v1/online-store/businesses/{b}: the shop's settings, link and delivery zones. */
export const useOnlineStore = () => {
  const b = useBusinessId();
  const { any } = useOnlineStoreRights();
  return useQuery({
    queryKey: onlineStoreKeys.settings(b),
    queryFn: ({ signal }) => api.get<OnlineStore>(`/v1/online-store/businesses/${b}`, { signal }),
    enabled: !!b && any,
  });
};

/** PATCH /v1/online-store/businesses/{b}: details (catalogue) or delivery zones (shipping_fees). */
export const useUpdateOnlineStore = () => {
  const b = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOnlineStoreBody) =>
      api.patch<OnlineStore>(`/v1/online-store/businesses/${b}`, body),
    meta: { silent: true },
    onError: failed('Not saved'),
    onSuccess: (store) => qc.setQueryData(onlineStoreKeys.settings(b), store),
  });
};

/** POST /v1/stores/onlinestore/{b}/toggle: the shop on or off (admin); the session learns it too. */
export const useToggleShop = () => {
  const b = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ online_store_enabled: boolean }>(`/v1/stores/onlinestore/${b}/toggle`),
    meta: { silent: true },
    onError: failed('The shop was not switched'),
    onSuccess: ({ online_store_enabled }) => {
      const s = sessionStore.get();
      if (s) sessionStore.update({ business: { ...s.business, online_store_enabled } });
      qc.setQueryData<OnlineStore>(onlineStoreKeys.settings(b), (old) =>
        old ? { ...old, enabled: online_store_enabled } : old,
      );
      notifications.show({
        color: 'teal',
        message: online_store_enabled ? 'Your online shop is open' : 'Your online shop is closed',
      });
      return qc.invalidateQueries({ queryKey: onlineStoreKeys.settings(b) });
    },
  });
};

/** GET /v1/online-store/businesses/{b}/products: the catalogue as the shop sells it. */
export const useOnlineCatalogue = (params: CatalogueParams) => {
  const b = useBusinessId();
  const { catalogue } = useOnlineStoreRights();
  return useQuery({
    queryKey: onlineStoreKeys.products(b, params),
    queryFn: ({ signal }) =>
      api.get<CatalogueList>(`/v1/online-store/businesses/${b}/products`, {
        query: {
          page: params.page,
          limit: params.limit,
          search: params.search.trim() || undefined,
          published: params.published === null ? undefined : String(params.published),
        },
        signal,
      }),
    enabled: !!b && catalogue,
    placeholderData: keepPreviousData,
  });
};

export type CatalogueChange = {
  product_id: string;
  published?: boolean;
  online_price?: number | null;
  online_description?: string | null;
};

/**
 * PATCH /v1/online-store/businesses/{b}/products: publish, price, describe. The rows change on
 * screen at once (the answer's rows replace them); on failure the list is read again.
 */
export const useUpdateCatalogue = () => {
  const b = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (items: CatalogueChange[]) =>
      api.patch<{ items: OnlineCatalogueItem[] }>(`/v1/online-store/businesses/${b}/products`, { items }),
    meta: { silent: true },
    onMutate: async (items) => {
      await qc.cancelQueries({ queryKey: [...onlineStoreKeys.all(b), 'products'] });
      const byId = new Map(items.map((i) => [i.product_id, i]));
      qc.setQueriesData<CatalogueList>({ queryKey: [...onlineStoreKeys.all(b), 'products'] }, (old) =>
        old
          ? {
              ...old,
              items: old.items.map((row) => {
                const change = byId.get(row.product_id);
                return change ? { ...row, ...change } : row;
              }),
            }
          : old,
      );
    },
    onError: (error) => {
      failed('Not saved')(error);
      void qc.invalidateQueries({ queryKey: onlineStoreKeys.all(b) });
    },
    onSuccess: ({ items }) => {
      const byId = new Map(items.map((i) => [i.product_id, i]));
      qc.setQueriesData<CatalogueList>({ queryKey: [...onlineStoreKeys.all(b), 'products'] }, (old) =>
        old ? { ...old, items: old.items.map((row) => byId.get(row.product_id) ?? row) } : old,
      );
      // The filtered lists and the published count move on.
      void qc.invalidateQueries({ queryKey: onlineStoreKeys.all(b), refetchType: 'none' });
      void qc.invalidateQueries({ queryKey: onlineStoreKeys.settings(b) });
    },
  });
};
