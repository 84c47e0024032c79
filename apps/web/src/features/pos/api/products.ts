import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BarcodeMatch, ProductPage } from '@ms/contracts';
import { findLocalProductByCode, hasLocalProducts, searchLocalProducts, warmProductSearch } from '@/offline';
import { ApiError, api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';

/** How many products the POS grid shows at once (search narrows it). */
export const GRID_LIMIT = 40;

export type GridParams = { search: string; category: string | null; store: string | null };

const gridKey = (businessId: string, p: GridParams) => ['products', businessId, 'pos-grid', p] as const;

/**
 * The grid's products: from the products downloaded to this device when they are there (issue 5:
 * the same speed online and offline, stock as lowered by sales made here), else
 * GET /v2/business/{b}/products.
 */
export const getPosProducts = async (
  businessId: string,
  p: GridParams,
  signal?: AbortSignal,
): Promise<ProductPage> => {
  if (await hasLocalProducts(businessId)) {
    const page = await searchLocalProducts(businessId, {
      search: p.search,
      category: p.category,
      limit: GRID_LIMIT,
    });
    return { ...page, page: 1, limit: GRID_LIMIT };
  }
  return api.get<ProductPage>(`/v2/business/${businessId}/products`, {
    signal,
    query: {
      search: p.search.trim() || undefined,
      category: p.category,
      store: p.store,
      limit: GRID_LIMIT,
      sort: 'name',
    },
  });
};

/** The grid: the previous result stays while the next loads. */
export const usePosProducts = (p: GridParams) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: gridKey(businessId, p),
    queryFn: ({ signal }) => {
      warmProductSearch(businessId);
      return getPosProducts(businessId, p, signal);
    },
    enabled: !!businessId,
    placeholderData: keepPreviousData,
    // Local reads need no network; the API path fails on its own when offline.
    networkMode: 'always',
    staleTime: 30_000,
  });
};

/** The same query outside React (Enter in the search box before the debounce has run). */
export const posProductsQuery = (businessId: string, p: GridParams) => ({
  queryKey: gridKey(businessId, p),
  queryFn: () => getPosProducts(businessId, p),
  networkMode: 'always' as const,
});

/**
 * The product (and variety) a scanned code is: from this device's products when they are there,
 * else GET /v1/businesses/{b}/products/barcode/?barcode= . No match: ApiError 404 either way.
 */
export const findByBarcode = async (businessId: string, barcode: string): Promise<BarcodeMatch> => {
  if (await hasLocalProducts(businessId)) {
    const match = await findLocalProductByCode(businessId, barcode);
    if (!match) throw new ApiError('No product has this barcode', 404, 'not_found');
    return match;
  }
  return api.get<BarcodeMatch>(`/v1/businesses/${businessId}/products/barcode/`, { query: { barcode } });
};
