/**
 * React-query keys of the inventory feature; everything starts with ['inventory', businessId], so a
 * stock change can refresh every stock figure at once (invalidate `all`).
 */
export const inventoryKeys = {
  all: (businessId: string) => ['inventory', businessId] as const,
  summary: (businessId: string, store: string | null) =>
    ['inventory', businessId, 'summary', store ?? 'all'] as const,
  logs: (businessId: string, params: object) => ['inventory', businessId, 'logs', params] as const,
  items: (businessId: string, params: object) => ['inventory', businessId, 'items', params] as const,
  transfers: (businessId: string) => ['inventory', businessId, 'transfers'] as const,
  transferList: (businessId: string, params: object) =>
    ['inventory', businessId, 'transfers', 'list', params] as const,
  transfer: (businessId: string, id: string) => ['inventory', businessId, 'transfers', id] as const,
  transferStores: (businessId: string, storeId: string) =>
    ['inventory', businessId, 'transfer-stores', storeId] as const,
  counts: (businessId: string) => ['inventory', businessId, 'counts'] as const,
  countList: (businessId: string, params: object) =>
    ['inventory', businessId, 'counts', 'list', params] as const,
  count: (businessId: string, id: string) => ['inventory', businessId, 'counts', id] as const,
};
