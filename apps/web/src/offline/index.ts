/** The offline engine's public face: features import only from here (`@/offline`). */
export {
  TABLES,
  businessDb,
  closeBusinessDb,
  BusinessDb,
  type TableName,
  type LocalRecord,
  type ModuleMeta,
  type RejectedUpload,
} from './db';
export {
  clearTable,
  findWhere,
  readAll,
  readSingleton,
  saveSingleton,
  bulkInsert,
  bulkDelete,
  setSyncTimestamp,
  isWronglyStored,
  type Predicate,
} from './local-data';
export { LocalDataError } from './local-data-error';
export { enqueue, dismissRejected, OutOfStorageError, type OutboxTable } from './outbox';
export { flushUploads, UploadStopped } from './upload';
export { waitForUpload } from './wait-for-upload';
export { startSync, syncNow } from './sync-engine';
export { useSyncSettings, setSyncFrequency, type SyncSetting } from './sync-settings';
export {
  useLocalTable,
  usePendingUploads,
  useRejectedUploads,
  useUploadState,
  type UploadState,
} from './live';
export { useOfflineSync, OfflineSync } from './session-sync';
export { MODULES } from './modules';
export { syncStatus, useSyncModules, phaseOf, type SyncModuleProgress, type SyncPhase } from './sync-status';
export {
  hasLocalProducts,
  searchLocalProducts,
  findLocalProductByCode,
  warmProductSearch,
  type LocalProductPage,
  type LocalBarcodeMatch,
} from './product-search';
export {
  hasLocalCustomers,
  searchLocalCustomers,
  settleCustomerSearch,
  phoneDigits,
} from './customer-search';
export { isDownloaded, hasFinishedDownload, disposeLocalIndexes } from './local-index';
export {
  connectServiceWorker,
  requestCacheManifest,
  workerSync,
  type CacheManifest,
  type SyncMonitor,
} from './sw-bridge';
export { takeStock, takeStockForSale, type StockTake } from './local-stock';
