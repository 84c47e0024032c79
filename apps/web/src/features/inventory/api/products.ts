import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductPage } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './keys';
import { useBusinessId } from '@/lib/session-store';

export type ProductSearchParams = {
  search: string;
  store: string | null;
  category?: string | null;
  limit?: number;
  page?: number;
};

/** GET /v2/business/{b}/products?search=&store= — the products a picker offers, with their stock. */
export const searchProducts = (businessId: string, params: ProductSearchParams) =>
  api.get<ProductPage>(`/v2/business/${businessId}/products`, {
    query: {
      search: params.search.trim() || undefined,
      store: params.store,
      category: params.category,
      page: params.page ?? 1,
      limit: params.limit ?? 20,
    },
  });

export const useProductSearch = (params: ProductSearchParams, enabled = true) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: inventoryKeys.items(businessId, params),
    queryFn: () => searchProducts(businessId, params),
    enabled: enabled && !!businessId,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
};
