import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStoreBody, Store } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';
import { storeKeys } from './keys';

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
