import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Store, UpdateStoreBody } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';
import { storeKeys } from './keys';

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
