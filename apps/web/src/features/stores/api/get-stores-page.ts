import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StorePage } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { storeKeys } from './keys';

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
