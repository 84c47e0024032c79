import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';

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
