import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductPage, ProductType } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { productKeys } from './keys';

export type StockFilter = 'low' | 'out' | 'in';
export type ProductSort = 'name' | 'newest' | 'price' | 'stock';

export type ProductListParams = {
  search: string;
  category: string | null;
  tag: string | null;
  store: string | null;
  productType: ProductType[];
  stock: StockFilter | null;
  sort: ProductSort;
  page: number;
  limit: number;
};

/** GET /v2/business/{b}/products: one page of products, searched and filtered by the server. */
export const getProducts = (businessId: string, p: ProductListParams, signal?: AbortSignal) =>
  api.get<ProductPage>(`/v2/business/${businessId}/products`, {
    signal,
    query: {
      search: p.search.trim() || undefined,
      category: p.category,
      tag: p.tag,
      store: p.store,
      productType: p.productType,
      stock: p.stock,
      sort: p.sort,
      page: p.page,
      limit: p.limit,
    },
  });

/**
 * The products list. While the next page or search loads, the previous one stays on screen
 * (keepPreviousData), and a search typed over an older one cancels it (the signal).
 */
export const useProducts = (params: ProductListParams) => {
  const session = useSession();
  const businessId = session?.business._id ?? '';
  return useQuery({
    queryKey: productKeys.list(businessId, params),
    queryFn: ({ signal }) => getProducts(businessId, params, signal),
    enabled: !!businessId,
    placeholderData: keepPreviousData,
  });
};
