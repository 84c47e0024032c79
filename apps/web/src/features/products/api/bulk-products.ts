import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkApplyBody, BulkResult } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';
import { productKeys } from './keys';

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
