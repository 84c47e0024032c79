import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProductBody, Product, UpdateProductBody } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';
import { productKeys } from './keys';

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
