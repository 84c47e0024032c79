/** The inventory group's routes (spec 001 §2 "Inventory group"). */
export const inventoryPaths = {
  root: '/inventory',
  dashboard: '/inventory/stock-dashboard',
  addStock: '/inventory/add-stock',
  addStockNext: '/inventory/add-stock-next',
  removeStock: '/inventory/remove-stock',
  removeStockNext: '/inventory/remove-stock-next',
  adjustments: '/inventory/stock-adjustment',
  transfers: '/inventory/inventory-transfer',
  createTransfer: '/inventory/create-transfer',
  transferDetail: '/inventory/transfer-detail',
  transferOrder: '/inventory/transfer-order',
  counts: '/inventory/stock-count',
  newCount: '/inventory/new-count',
  categoryCount: '/inventory/category-count',
  submitCount: '/inventory/submit-count',
  acceptCount: '/inventory/accept-count',
  countCompleted: '/inventory/count-completed',
} as const;

const withId = (path: string, id: string) => `${path}?id=${encodeURIComponent(id)}`;
export const transferDetailPath = (id: string) => withId(inventoryPaths.transferDetail, id);
export const transferOrderPath = (id: string) => withId(inventoryPaths.transferOrder, id);
export const submitCountPath = (id: string) => withId(inventoryPaths.submitCount, id);
export const acceptCountPath = (id: string) => withId(inventoryPaths.acceptCount, id);
export const countCompletedPath = (id: string) => withId(inventoryPaths.countCompleted, id);
