import { useQuery } from '@tanstack/react-query';
import type { Product } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { productKeys } from './keys';

/** GET /v2/business/{b}/products/{id}. */
export const getProduct = (businessId: string, id: string) =>
  api.get<Product>(`/v2/business/${businessId}/products/${id}`);

export const useProduct = (id: string | undefined) => {
  const session = useSession();
  const businessId = session?.business._id ?? '';
  return useQuery({
    queryKey: productKeys.detail(businessId, id ?? ''),
    queryFn: () => getProduct(businessId, id!),
    enabled: !!businessId && !!id,
    // The editor holds its own copy; a background refetch must not swap updated_at under it.
    staleTime: Infinity,
    meta: { silent: true },
  });
};
