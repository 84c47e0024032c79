import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BarcodeMatch, ProductPage } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';

/** How many products the POS grid shows at once (search narrows it). */
export const GRID_LIMIT = 40;

export type GridParams = { search: string; category: string | null; store: string | null };

const gridKey = (businessId: string, p: GridParams) => ['products', businessId, 'pos-grid', p] as const;

/** GET /v2/business/{b}/products for the grid: the previous result stays while the next loads. */
export const usePosProducts = (p: GridParams) => {
  const businessId = useSession()?.business._id ?? '';
  return useQuery({
    queryKey: gridKey(businessId, p),
    queryFn: ({ signal }) =>
      api.get<ProductPage>(`/v2/business/${businessId}/products`, {
        signal,
        query: {
          search: p.search.trim() || undefined,
          category: p.category,
          store: p.store,
          limit: GRID_LIMIT,
          sort: 'name',
        },
      }),
    enabled: !!businessId,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};

/** GET /v1/businesses/{b}/products/barcode/?barcode= — the product (and variety) a scanned code is. */
export const findByBarcode = (businessId: string, barcode: string) =>
  api.get<BarcodeMatch>(`/v1/businesses/${businessId}/products/barcode/`, { query: { barcode } });
