import type { UploadResult } from '@ms/contracts';
import type { OutboxTable } from './outbox';

type ResultListener = (businessId: string, table: OutboxTable, result: UploadResult) => void;
const listeners = new Set<ResultListener>();

/** Told of every record the server answered (waitForUpload listens here). */
export const onUploadResult = (listener: ResultListener): (() => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const announceResult = (businessId: string, table: OutboxTable, result: UploadResult) =>
  listeners.forEach((l) => l(businessId, table, result));
