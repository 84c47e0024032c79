/** React-query keys of bulk upload; every query starts with ['product-uploads', businessId]. */
export const uploadKeys = {
  all: (businessId: string) => ['product-uploads', businessId] as const,
  batches: (businessId: string, page: number) => ['product-uploads', businessId, 'batches', page] as const,
  batch: (businessId: string, batchNumber: number) =>
    ['product-uploads', businessId, 'batch', batchNumber] as const,
  failed: (businessId: string, batchNumber: number, page: number) =>
    ['product-uploads', businessId, 'failed', batchNumber, page] as const,
};
