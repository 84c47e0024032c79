import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductPage } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';

/** GET /v2/business/{b}/products?search=: products to print labels for, 20 at a time. */
export const useProductSearch = (search: string) => {
  const session = useSession();
  const businessId = session?.business._id ?? '';
  return useQuery({
    queryKey: ['products', businessId, 'list', 'labels', search],
    queryFn: ({ signal }) =>
      api.get<ProductPage>(`/v2/business/${businessId}/products`, {
        signal,
        query: { search: search.trim() || undefined, sort: 'name', page: 1, limit: 20 },
      }),
    enabled: !!businessId,
    placeholderData: keepPreviousData,
  });
};
