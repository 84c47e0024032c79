import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Category,
  CategoryProductsPage,
  CreateCategoryBody,
  CreateSubcategoryBody,
  Subcategory,
  UpdateSubcategoryBody,
} from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';

export const categoryKeys = {
  all: (businessId: string) => ['categories', businessId] as const,
  list: (businessId: string) => ['categories', businessId, 'list'] as const,
  products: (businessId: string, id: string, params: CategoryProductsParams) =>
    ['categories', businessId, 'products', id, params] as const,
};

const base = (businessId: string) => `/v2/business/${businessId}/product`;

/** GET /v2/business/{b}/product/categories — categories with product counts and subcategories. */
export const getCategories = (businessId: string) => api.get<Category[]>(`${base(businessId)}/categories`);

/** Every category of the business with its subcategories and product counts (react-query). */
export const useCategories = () => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: categoryKeys.list(businessId),
    queryFn: () => getCategories(businessId),
    enabled: !!businessId,
  });
};

export type CategoryProductsParams = { page: number; limit: number; subcategory?: string; search?: string };

/** GET /v2/business/{b}/product/categories/{id}/products — the category and a page of its products. */
export const useCategoryProducts = (id: string, params: CategoryProductsParams) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: categoryKeys.products(businessId, id, params),
    queryFn: () =>
      api.get<CategoryProductsPage>(`${base(businessId)}/categories/${id}/products`, {
        query: {
          page: params.page,
          limit: params.limit,
          subcategory: params.subcategory,
          search: params.search || undefined,
        },
      }),
    enabled: !!businessId && !!id,
    placeholderData: keepPreviousData,
  });
};

export const useCategoryMutations = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: categoryKeys.all(businessId) });
  const b = base(businessId);
  return {
    create: useMutation({
      mutationFn: (body: CreateCategoryBody) => api.post<Category>(`${b}/categories`, body),
      meta: { silent: true },
      onSuccess,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        api.put<Category>(`${b}/categories/${id}`, { name }),
      meta: { silent: true },
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete<{ _id: string }>(`${b}/categories/${id}`),
      meta: { silent: true },
      onSuccess,
    }),
    createSub: useMutation({
      mutationFn: (body: CreateSubcategoryBody) => api.post<Subcategory>(`${b}/subcategories`, body),
      meta: { silent: true },
      onSuccess,
    }),
    updateSub: useMutation({
      mutationFn: ({ categoryId, body }: { categoryId: string; body: UpdateSubcategoryBody }) =>
        api.put<Subcategory>(`${b}/categories/${categoryId}/subcategory`, body),
      meta: { silent: true },
      onSuccess,
    }),
    removeSub: useMutation({
      mutationFn: (id: string) => api.delete<{ _id: string }>(`${b}/subcategories/${id}`),
      meta: { silent: true },
      onSuccess,
    }),
  };
};
