import { offlineCustomerRecord, type Customer, type UploadResponse } from '@ms/contracts';
import type { Database } from '../db/database.js';
import { HttpError } from '../lib/errors.js';
import { runUploadBatch } from '../lib/upload-batch.js';
import type { AuthContext } from '../plugins/auth.js';
import { createCustomerLinkingSales, linkPendingSales } from './link-offline-customer.js';

/**
 * POST /v1/customers/syncnewofflinecustomers: customers made offline, each created on its own
 * (idempotent on the device's `_id`) and linked to the sales already waiting for it. A customer
 * whose phone another customer of the business already has is rejected (`phone_taken`, `data` =
 * that customer) and the sales waiting for the device's id go to that customer instead.
 */
export const syncOfflineCustomers = (
  db: Database,
  auth: AuthContext,
  records: readonly unknown[],
  log: (error: unknown, id: string) => void,
): Promise<UploadResponse<Customer>> =>
  runUploadBatch({
    records,
    schema: offlineCustomerRecord,
    log,
    record: async (input) => {
      try {
        const { customer, created } = await createCustomerLinkingSales(db, auth, {
          ...input,
          _id: input._id.toLowerCase(),
          is_offline_data: input.is_offline_data ?? true,
        });
        return { data: customer, created };
      } catch (error) {
        if (error instanceof HttpError && error.code === 'phone_taken' && error.data) {
          const same = error.data as Customer;
          await db
            .transaction()
            .execute((tx) => linkPendingSales(tx, auth.businessId, input._id.toLowerCase(), same._id));
        }
        throw error;
      }
    },
  });
