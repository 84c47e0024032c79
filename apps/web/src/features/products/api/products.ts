import { keepPreviousData, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ProductPage,
  ProductType,
  Product,
  CreateProductBody,
  UpdateProductBody,
  BulkApplyBody,
  BulkResult,
} from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useSession, useBusinessId } from '@/lib/session-store';

/** React-query keys of the products feature; every product query starts with ['products', businessId]. */
export const productKeys = {
  all: (businessId: string) => ['products', businessId] as const,
  lists: (businessId: string) => ['products', businessId, 'list'] as const,
  list: (businessId: string, params: ProductListParams) => ['products', businessId, 'list', params] as const,
  detail: (businessId: string, id: string) => ['products', businessId, 'detail', id] as const,
};

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

/** POST /v2/business/{b}/products/. */
export const createProduct = (businessId: string, body: CreateProductBody) =>
  api.post<Product>(`/v2/business/${businessId}/products/`, body);

/** PUT /v2/business/{b}/products/{id}: the body carries the updated_at the editor loaded (409 when stale). */
export const updateProduct = (businessId: string, id: string, body: UpdateProductBody) =>
  api.put<Product>(`/v2/business/${businessId}/products/${id}`, body);

/** DELETE /v2/business/{b}/products/{id}. */
export const deleteProduct = (businessId: string, id: string) =>
  api.delete<unknown>(`/v2/business/${businessId}/products/${id}`);

export const useCreateProduct = () => {
  const qc = useQueryClient();
  const businessId = useBusinessId();
  return useMutation({
    mutationFn: (body: CreateProductBody) => createProduct(businessId, body),
    meta: { silent: true },
    onSuccess: (product) => {
      qc.setQueryData(productKeys.detail(businessId, product._id), product);
      void qc.invalidateQueries({ queryKey: productKeys.lists(businessId) });
    },
  });
};

export const useUpdateProduct = (id: string) => {
  const qc = useQueryClient();
  const businessId = useBusinessId();
  return useMutation({
    mutationFn: (body: UpdateProductBody) => updateProduct(businessId, id, body),
    meta: { silent: true },
    onSuccess: (product) => {
      qc.setQueryData(productKeys.detail(businessId, id), product);
      void qc.invalidateQueries({ queryKey: productKeys.lists(businessId) });
    },
  });
};

export const useDeleteProduct = () => {
  const qc = useQueryClient();
  const businessId = useBusinessId();
  return useMutation({
    mutationFn: (id: string) => deleteProduct(businessId, id),
    onSuccess: (_data, id) => {
      qc.removeQueries({ queryKey: productKeys.detail(businessId, id) });
      void qc.invalidateQueries({ queryKey: productKeys.lists(businessId) });
    },
  });
};

/** PATCH /v1/businesses/{b}/products/bulk2/: one change (or a delete) for many products. */
export const bulkApply = (businessId: string, body: BulkApplyBody) =>
  api.patch<BulkResult>(`/v1/businesses/${businessId}/products/bulk2/`, body);

export const useBulkApply = () => {
  const qc = useQueryClient();
  const businessId = useBusinessId();
  return useMutation({
    mutationFn: (body: BulkApplyBody) => bulkApply(businessId, body),
    onSettled: () => void qc.invalidateQueries({ queryKey: productKeys.all(businessId) }),
  });
};
