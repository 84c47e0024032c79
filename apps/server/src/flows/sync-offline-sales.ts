import { offlineSaleRecord, type Sale, type UploadResponse } from '@ms/contracts';
import type { Database } from '../db/database.js';
import { runUploadBatch } from '../lib/upload-batch.js';
import type { AuthContext } from '../plugins/auth.js';
import { offlineSaleRules } from './offline-sale-rules.js';
import { loadSales } from '../modules/sales/index.js';
import { writeSale, SALE_BEING_RECORDED } from './record-sale.js';

/** Sales of one upload recorded at once, each in its own transaction and connection. */
const SALES_SIDE_BY_SIDE = 4;

/**
 * POST /v1/sales/syncsale/ and POST /v2/business/{b}/sales/offline/sync: sales made offline, each
 * recorded on its own (one transaction each, idempotent on the device's `_id`) by the rules of
 * flows/offline-sale-rules.ts. A sale made "in the future" (a device clock ahead) counts as made now.
 * Several are recorded side by side, committing in the order sent: no sale after a failed one commits.
 */
export const syncOfflineSales = async (
  db: Database,
  auth: AuthContext,
  records: readonly unknown[],
  log: (error: unknown, id: string) => void,
): Promise<UploadResponse<Sale>> => {
  const recorded = await runUploadBatch({
    records,
    schema: offlineSaleRecord,
    transient: (error) => error.message === SALE_BEING_RECORDED,
    log,
    // Sales side by side up to their stock (decision 0004); two naming one customer never at once.
    overlap: {
      window: SALES_SIDE_BY_SIDE,
      keys: (input) => [
        `sale:${input._id.toLowerCase()}`,
        ...(input.customer_id ? [`customer:${input.customer_id.toLowerCase()}`] : []),
      ],
    },
    record: async (input, turn) => {
      const now = Date.now();
      const sent = input.offline_date == null ? now : new Date(input.offline_date).getTime();
      const madeAt = new Date(Math.min(sent, now));
      const { saleId, created, notice } = await writeSale(
        db,
        auth,
        { ...input, offline_date: input.offline_date ?? now, is_offline_data: input.is_offline_data ?? true },
        offlineSaleRules(madeAt),
        turn,
      );
      return { data: saleId, created, notice };
    },
  });
  // The stored sales of the whole batch, read once after the last one committed.
  const ids = recorded.results.flatMap((r) => (r.outcome === 'rejected' || !r.data ? [] : [r.data]));
  const stored = new Map((await loadSales(db, auth.businessId, ids)).map((sale) => [sale._id, sale]));
  return {
    results: recorded.results.map(({ data, ...result }) => {
      const sale = result.outcome === 'rejected' || !data ? undefined : stored.get(data);
      return sale ? { ...result, data: sale } : result;
    }),
  };
};
