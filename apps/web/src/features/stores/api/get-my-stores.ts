import { useQuery } from '@tanstack/react-query';
import type { Store } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { storeKeys } from './keys';

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
