import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedRowsData, ReprocessBody, UploadBatch, UploadBatchPage } from '@ms/contracts';
import { api } from '@/lib/api-client';
import { useBusinessId } from '@/lib/session-store';

/** React-query keys of bulk upload; every query starts with ['product-uploads', businessId]. */
export const uploadKeys = {
  all: (businessId: string) => ['product-uploads', businessId] as const,
  batches: (businessId: string, page: number) => ['product-uploads', businessId, 'batches', page] as const,
  batch: (businessId: string, batchNumber: number) =>
    ['product-uploads', businessId, 'batch', batchNumber] as const,
  failed: (businessId: string, batchNumber: number, page: number) =>
    ['product-uploads', businessId, 'failed', batchNumber, page] as const,
};

/** How often a screen asks for the progress of a batch that is still running. */
export const POLL_MS = 1_000;

const isRunning = (b: UploadBatch | undefined) => b?.status === 'queued' || b?.status === 'processing';

/** POST /v1/businesses/{b}/uploadproducts (spec POST /uploadproducts): answers the queued batch. */
export const uploadProducts = (businessId: string, file: File, storeId: string | null) => {
  const form = new FormData();
  if (storeId) form.append('store_id', storeId);
  form.append('file', file);
  return api.upload<UploadBatch>(`/v1/businesses/${businessId}/uploadproducts`, form);
};

export const useUploadProducts = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, storeId }: { file: File; storeId: string | null }) =>
      uploadProducts(businessId, file, storeId),
    meta: { silent: true },
    onSuccess: (batch) => {
      qc.setQueryData(uploadKeys.batch(businessId, batch.batch_number), batch);
      void qc.invalidateQueries({ queryKey: [...uploadKeys.all(businessId), 'batches'] });
    },
  });
};

/** One batch, polled every second while it runs. */
export const useUploadBatch = (batchNumber: number | null) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: uploadKeys.batch(businessId, batchNumber ?? 0),
    queryFn: ({ signal }) =>
      api.get<UploadBatch>(`/v1/businesses/${businessId}/uploadproducts/batches/${batchNumber}`, { signal }),
    enabled: !!businessId && batchNumber !== null,
    staleTime: 0,
    refetchInterval: (query) => (isRunning(query.state.data) ? POLL_MS : false),
  });
};

/** GET /v1/businesses/{b}/uploadproducts/batches (spec GET /uploadproducts/batches), polled while any runs. */
export const useUploadBatches = (page: number, limit: number) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: uploadKeys.batches(businessId, page),
    queryFn: ({ signal }) =>
      api.get<UploadBatchPage>(`/v1/businesses/${businessId}/uploadproducts/batches`, {
        signal,
        query: { page, limit },
      }),
    enabled: !!businessId,
    staleTime: 0,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some(isRunning) ? POLL_MS * 2 : false),
  });
};

/** GET /v1/businesses/{b}/{batchNumber}/upload-batch/products: the batch and a page of its failed rows. */
export const useFailedRows = (batchNumber: number, page: number, limit: number) => {
  const businessId = useBusinessId();
  return useQuery({
    queryKey: uploadKeys.failed(businessId, batchNumber, page),
    queryFn: ({ signal }) =>
      api.get<FailedRowsData>(`/v1/businesses/${businessId}/${batchNumber}/upload-batch/products`, {
        signal,
        query: { page, limit },
      }),
    enabled: !!businessId && Number.isInteger(batchNumber) && batchNumber > 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (isRunning(query.state.data?.batch) ? POLL_MS : false),
  });
};

/** POST /v1/businesses/{b}/reprocess/product (spec POST /reprocess/product). */
export const useReprocess = () => {
  const businessId = useBusinessId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReprocessBody) =>
      api.post<{ batch: UploadBatch; requeued: number }>(
        `/v1/businesses/${businessId}/reprocess/product`,
        body,
      ),
    meta: { silent: true },
    onSuccess: () => void qc.invalidateQueries({ queryKey: uploadKeys.all(businessId) }),
  });
};
