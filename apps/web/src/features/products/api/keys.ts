import type { ProductListParams } from './get-products';

/** React-query keys of the products feature; every product query starts with ['products', businessId]. */
export const productKeys = {
  all: (businessId: string) => ['products', businessId] as const,
  lists: (businessId: string) => ['products', businessId, 'list'] as const,
  list: (businessId: string, params: ProductListParams) => ['products', businessId, 'list', params] as const,
  detail: (businessId: string, id: string) => ['products', businessId, 'detail', id] as const,
};
