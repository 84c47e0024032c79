import { UPLOAD_BATCH_MAX, type UploadResponse, type UploadResult } from '@ms/contracts';
import { ApiError, api } from '@/lib/api-client';
import type { LocalRecord } from './db';
import type { OutboxTable } from './outbox';

/** How one outbox table reaches the server: batch size and the call that answers each record. */
export type Uploader = {
  batchSize: number;
  send: (businessId: string, records: LocalRecord[]) => Promise<UploadResult[]>;
};

const postBatch = async (path: string, key: string, records: LocalRecord[]) => {
  const data = await api.post<UploadResponse>(path, { [key]: records });
  return data.results;
};

/** Customers made offline: one batch call, each record answered on its own. */
const customers: Uploader = {
  batchSize: UPLOAD_BATCH_MAX,
  send: (_b, records) => postBatch('/v1/customers/syncnewofflinecustomers', 'customers', records),
};

/** Sales made offline: one batch call, idempotent by the device's sale `_id`. */
const pos: Uploader = {
  batchSize: UPLOAD_BATCH_MAX,
  send: (b, records) => postBatch(`/v2/business/${b}/sales/offline/sync`, 'sales', records),
};

/** Parked tickets: the tickets endpoint takes one at a time; posting the same `_id` again replaces it. */
const tickets: Uploader = {
  batchSize: 1,
  send: async (b, records) => {
    const results: UploadResult[] = [];
    for (const { _id, store_id, name, cart, deleted } of records) {
      // A ticket removed on this device (the POS marks it `deleted`): delete it there too.
      if (deleted) {
        await api.delete<unknown>(`/v2/business/${b}/tickets/${_id}`).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        });
        results.push({ _id, outcome: 'accepted' });
        continue;
      }
      const data = await api.post<LocalRecord>(`/v2/business/${b}/tickets`, { _id, store_id, name, cart });
      results.push({ _id, outcome: 'accepted', data });
    }
    return results;
  },
};

export const UPLOADERS: Record<OutboxTable, Uploader> = { customers, pos, tickets };
