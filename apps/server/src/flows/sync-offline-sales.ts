import { offlineSaleRecord, type Sale, type UploadResponse } from '@ms/contracts';
import type { Database } from '../db/database.js';
import { runUploadBatch } from '../lib/upload-batch.js';
import type { AuthContext } from '../plugins/auth.js';
import { offlineSaleRules } from './offline-sale-rules.js';
import { recordSale, SALE_BEING_RECORDED } from './record-sale.js';

/**
 * POST /v1/sales/syncsale/ and POST /v2/business/{b}/sales/offline/sync: sales made offline, each
 * recorded on its own (one transaction each, idempotent on the device's `_id`) by the rules of
 * flows/offline-sale-rules.ts. A sale made "in the future" (a device clock ahead) counts as made now.
 */
export const syncOfflineSales = (
  db: Database,
  auth: AuthContext,
  records: readonly unknown[],
  log: (error: unknown, id: string) => void,
): Promise<UploadResponse<Sale>> =>
  runUploadBatch({
    records,
    schema: offlineSaleRecord,
    transient: (error) => error.message === SALE_BEING_RECORDED,
    log,
    record: async (input) => {
      const now = Date.now();
      const sent = input.offline_date == null ? now : new Date(input.offline_date).getTime();
      const madeAt = new Date(Math.min(sent, now));
      const { sale, created, notice } = await recordSale(
        db,
        auth,
        { ...input, offline_date: input.offline_date ?? now, is_offline_data: input.is_offline_data ?? true },
        offlineSaleRules(madeAt),
      );
      return { data: sale, created, notice };
    },
  });
