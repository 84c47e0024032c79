import { useQuery, keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Store, StorePage, CreateStoreBody, UpdateStoreBody } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useSession, sessionStore } from '@/lib/session-store';

/**
 * React-query keys of the stores feature; every store query starts with ['stores', businessId].
 * Lists carry the user id too: the server shows each non-admin only their assigned stores.
 */
export const storeKeys = {
  all: (businessId: string) => ['stores', businessId] as const,
  page: (businessId: string, userId: string, params: { page: number; limit: number; search: string }) =>
    ['stores', businessId, userId, 'page', params] as const,
  mine: (businessId: string, userId: string) => ['stores', businessId, userId, 'mine'] as const,
};

type StoreList = { items: Store[]; metaData: { lastUpdate: number; recordsRemoved: string[] } };

/**
 * GET /v1/stores/businesses/{b}: every store the caller may see — all of them for an admin, the
 * assigned ones for anyone else (the server filters). Needs no permission, so cashiers use it too.
 */
export const getMyStores = (businessId: string) => api.get<StoreList>(`/v1/stores/businesses/${businessId}`);

export const useMyStores = () => {
  const session = useSession();
  const businessId = session?.business._id ?? '';
  return useQuery({
    queryKey: storeKeys.mine(businessId, session?.user._id ?? ''),
    queryFn: () => getMyStores(businessId),
    enabled: !!businessId,
    select: (data) => data.items,
  });
};

export type StorePageParams = { page: number; limit: number; search: string };

/** GET /v2/stores/businesses/{b}: a page of stores (staff with the "Stores" permission). */
export const getStoresPage = (businessId: string, params: StorePageParams) =>
  api.get<StorePage>(`/v2/stores/businesses/${businessId}`, {
    query: { page: params.page, limit: params.limit, search: params.search || undefined },
  });

export const useStoresPage = (params: StorePageParams, enabled = true) => {
  const session = useSession();
  const businessId = session?.business._id ?? '';
  return useQuery({
    queryKey: storeKeys.page(businessId, session?.user._id ?? '', params),
    queryFn: () => getStoresPage(businessId, params),
    enabled: enabled && !!businessId,
    placeholderData: keepPreviousData,
  });
};

/** POST /v1/stores/ — the caller is assigned to the new store by the server. */
export const createStore = (body: CreateStoreBody) => api.post<Store>('/v1/stores/', body);

export const useCreateStore = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createStore,
    meta: { silent: true },
    onSuccess: (store) => {
      const s = sessionStore.get();
      if (s) {
        // The store pickers elsewhere read the session's store list; keep it current without a re-login.
        const ref = { id: store.id, _id: store._id, name: store.name };
        sessionStore.update({
          business: { ...s.business, stores: [...s.business.stores, ref] },
          user: { ...s.user, stores: [...s.user.stores, ref] },
        });
      }
      void qc.invalidateQueries({ queryKey: storeKeys.all(store.business_id) });
    },
  });
};

/** PATCH /v2/stores/{id}. */
export const updateStore = ({ id, body }: { id: string; body: UpdateStoreBody }) =>
  api.patch<Store>(`/v2/stores/${id}`, body);

export const useUpdateStore = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateStore,
    meta: { silent: true },
    onSuccess: (store) => {
      const s = sessionStore.get();
      if (s) {
        const rename = <T extends { id: string; name: string }>(list: T[]) =>
          list.map((r) => (r.id === store.id ? { ...r, name: store.name } : r));
        sessionStore.update({
          business: { ...s.business, stores: rename(s.business.stores) },
          user: { ...s.user, stores: rename(s.user.stores) },
        });
      }
      void qc.invalidateQueries({ queryKey: storeKeys.all(store.business_id) });
    },
  });
};

/** POST /v1/stores/onlinestore/{businessId}/toggle — flips the business's online store (admin). */
export const toggleOnlineStore = (businessId: string) =>
  api.post<{ online_store_enabled: boolean }>(`/v1/stores/onlinestore/${businessId}/toggle`);

export const useToggleOnlineStore = () =>
  useMutation({
    mutationFn: toggleOnlineStore,
    onSuccess: ({ online_store_enabled }) => {
      const s = sessionStore.get();
      if (s) sessionStore.update({ business: { ...s.business, online_store_enabled } });
    },
  });
