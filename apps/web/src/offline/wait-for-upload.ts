import type { UploadResult } from '@ms/contracts';
import { strictDb } from './db';
import type { OutboxTable } from './outbox';
import { onUploadResult } from './upload-results';
import { flushSoon } from './upload-schedule';

/** The answer already stored for a record that left the outbox, or null while it still waits. */
const storedAnswer = async (
  businessId: string,
  table: OutboxTable,
  id: string,
): Promise<UploadResult | null> => {
  const db = strictDb(businessId);
  if (await db.unsynced(table).get(id)) return null;
  const rejected = await db.rejected.get(id);
  if (rejected) return { _id: id, outcome: 'rejected', reason: rejected.reason, code: rejected.code };
  const data = await db.data(table).get(id);
  return data ? { _id: id, outcome: 'accepted', data } : null;
};

/**
 * Upload now and wait for the server's answer about one record. null = still waiting after
 * `timeoutMs` (slow), or at once when the browser is offline: the caller says "saved on this device"; the record stays queued.
 */
export const waitForUpload = (
  businessId: string,
  table: 'pos' | 'customers',
  id: string,
  timeoutMs: number,
): Promise<UploadResult | null> =>
  new Promise((resolve) => {
    let settled = false;
    const finish = (result: UploadResult | null) => {
      if (settled) return;
      settled = true;
      off();
      clearTimeout(timer);
      resolve(result);
    };
    const off = onUploadResult((b, t, result) => {
      if (b === businessId && t === table && result._id === id) finish(result);
    });
    // Offline, no answer can come: do not keep the cashier waiting.
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    const timer = setTimeout(() => finish(null), offline ? 0 : timeoutMs);
    void storedAnswer(businessId, table, id).then((answer) => answer && finish(answer));
    flushSoon(businessId, 0);
  });
