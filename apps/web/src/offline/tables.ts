import {
  UPLOAD_BATCH_MAX,
  type PermissionKey,
  type QueryValue,
  type UploadResponse,
  type UploadResult,
} from '@ms/contracts';
import { ApiError, api } from '@/lib/api-client';
import type { LocalRecord } from './db';

/**
 * Every table of the local database, declared once (spec 000 §3-§4, §9). From this one list come the
 * Dexie tables and their indexes (db.ts), the outbox tables (outbox.ts), the sync modules (modules.ts)
 * and the uploaders (uploaders.ts). Adding an offline list is one entry here.
 *
 * customers, invoices (drafts) and products two-way (products upload: none yet, the server has no
 * endpoint for products made offline); categories, stores, payments, custom_payments, sales_agents, feature_toggles and
 * bank_accounts download only; pos sales upload only; tickets upload, and a full download (their list is
 * not incremental).
 */

export type Download = {
  path: (businessId: string) => string;
  query?: Record<string, QueryValue>;
  /** Ask again with the returned lastUpdate while `metaData.hasMore` (products, payments). */
  paged?: boolean;
  /** The rows of a response (default `items`). */
  itemsOf?: (data: Record<string, unknown>) => unknown;
  /** No `updated_at`: every download replaces the table (keeping records waiting to upload). */
  full?: boolean;
  /** The key of a row that has no `_id` (checkout options are keyed by `method`). */
  idOf?: (row: Record<string, unknown>) => string;
  /** A 404 means the server does not offer this list yet: nothing to download, not an error. */
  optional?: boolean;
  /**
   * The download needs one of these permissions (the server's check for the list); a role without
   * any of them never asks (admin holds all). Left out: any signed-in user.
   */
  requires?: readonly PermissionKey[];
  /**
   * The server sends the rows of the caller's stores only (every store's to an admin). When the
   * stores this device's person may see change, a newly given store's rows are older than the
   * cursor: the module starts again from a clean slate (download.ts, `storeScope`).
   */
  byStore?: boolean;
};

/** How one outbox table reaches the server: batch size and the call that answers each record. */
export type Uploader = {
  batchSize: number;
  send: (businessId: string, records: LocalRecord[]) => Promise<UploadResult[]>;
};

type TableSpec = {
  /** The one index the app searches or sorts by (each index slows every write). */
  index?: string;
  /** Its sync module: what it downloads and how often it runs. Absent: no module fills it yet. */
  sync?: { download?: Download; defaultFrequency: number };
  /** Records made on this device go through the outbox and upload this way. */
  upload?: Uploader & {
    /** Spec 000 §3 offline key field: a record made here carries its own id under this name too. */
    offlineKey?: string;
  };
};

export const DEFAULT_FREQUENCY_MS = 300_000;
/** Rows per products page: the sync list's maximum (contracts productSyncQuery): 20 requests and transactions for
 *  100,000 products instead of 50 (~4 MB of JSON, ~250 kB compressed, a page). */
export const PRODUCT_PAGE_SIZE = 5_000;

const rows = (key: string) => (data: Record<string, unknown>) => data[key];

const postBatch = async (path: string, key: string, records: LocalRecord[]) => {
  const data = await api.post<UploadResponse>(path, { [key]: records });
  return data.results;
};

/** The order is the sync modules' order (Sync Settings lists them so) and the outbox's: customers upload before sales. */
export const OFFLINE_TABLES = {
  customers: {
    index: 'updated_at',
    sync: {
      download: { path: (b) => `/v2/customers/businesses/${b}`, requires: ['customers.view'] },
      defaultFrequency: 60_000,
    },
    // One batch call, each record answered on its own.
    upload: {
      batchSize: UPLOAD_BATCH_MAX,
      send: (_b, records) => postBatch('/v1/customers/syncnewofflinecustomers', 'customers', records),
      offlineKey: 'offline_cust_id',
    },
  },
  products: {
    index: 'updated_at',
    sync: {
      download: {
        path: (b) => `/v2/business/${b}/products/sync/list`,
        query: { limit: PRODUCT_PAGE_SIZE },
        paged: true,
        requires: ['catalogue.view_product'],
      },
      defaultFrequency: 80_000,
    },
  },
  categories: {
    sync: {
      download: { path: (b) => `/v2/businesses/${b}/collections`, requires: ['catalogue.view_category'] },
      defaultFrequency: DEFAULT_FREQUENCY_MS,
    },
  },
  stores: {
    sync: { download: { path: (b) => `/v1/stores/businesses/${b}` }, defaultFrequency: DEFAULT_FREQUENCY_MS },
  },
  payments: {
    sync: {
      download: {
        path: (b) => `/v1/payments/single/businesses/${b}`,
        byStore: true,
        query: { batchsync: 'true' },
        paged: true,
        // The server answers {item: {total_value_payments, list_of_payments}, metaData}.
        itemsOf: (d) => (d.item as { list_of_payments?: unknown } | undefined)?.list_of_payments ?? d.items,
        optional: true,
        requires: ['transactions.manage_payments', 'sales_history.view'],
      },
      defaultFrequency: DEFAULT_FREQUENCY_MS,
    },
  },
  custom_payments: {
    sync: {
      download: { path: () => '/v2/checkout/options', idOf: (r) => String(r.method), optional: true },
      defaultFrequency: DEFAULT_FREQUENCY_MS,
    },
  },
  // Sales agents and whether each store's till asks for their code: the till checks the code offline too.
  sales_agents: {
    sync: {
      download: {
        path: (b) => `/v1/businesses/${b}/sales-agents`,
        full: true,
        itemsOf: (d) => d,
        requires: ['pos.make_sale', 'sales_history.view', 'transactions.manage_payments'],
      },
      defaultFrequency: DEFAULT_FREQUENCY_MS,
    },
  },
  feature_toggles: {
    sync: {
      download: {
        path: (b) => `/v1/toggle-features?business_id=${b}`,
        full: true,
        itemsOf: (d) => d,
        requires: ['pos.make_sale'],
      },
      defaultFrequency: DEFAULT_FREQUENCY_MS,
    },
  },
  sales_history: {
    index: 'created_at',
    // The sales history the device can show offline (incremental, paged like products).
    sync: {
      download: {
        path: (b) => `/v1/sales/businesses/${b}/all`,
        byStore: true,
        paged: true,
        itemsOf: rows('sales'),
        requires: ['sales_history.view'],
      },
      defaultFrequency: DEFAULT_FREQUENCY_MS,
    },
  },
  employees: {
    // The business's people: only for those who manage users and roles.
    sync: {
      download: {
        path: (b) => `/v1/businesses/${b}/employees`,
        full: true,
        itemsOf: (d) => d,
        requires: ['settings.users_roles'],
      },
      defaultFrequency: DEFAULT_FREQUENCY_MS,
    },
  },
  pos: {
    index: 'created_at',
    sync: { defaultFrequency: DEFAULT_FREQUENCY_MS },
    // Sales made offline: one batch call, idempotent by the device's sale `_id`.
    upload: {
      batchSize: UPLOAD_BATCH_MAX,
      send: (b, records) => postBatch(`/v2/business/${b}/sales/offline/sync`, 'sales', records),
    },
  },
  tickets: {
    sync: {
      download: {
        path: (b) => `/v2/business/${b}/tickets`,
        itemsOf: rows('tickets'),
        full: true,
        requires: ['pos.manage_tickets'],
      },
      defaultFrequency: DEFAULT_FREQUENCY_MS,
    },
    // Parked tickets: the tickets endpoint takes one at a time; posting the same `_id` again replaces it.
    upload: {
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
          const data = await api.post<LocalRecord>(`/v2/business/${b}/tickets`, {
            _id,
            store_id,
            name,
            cart,
          });
          results.push({ _id, outcome: 'accepted', data });
        }
        return results;
      },
    },
  },
  // Where payouts go: shown offline on the bank account screen.
  bank_accounts: {
    sync: {
      download: {
        path: (b) => `/v1/payments/accounts/businesses/${b}`,
        full: true,
        itemsOf: (d) => d,
        requires: ['settings.bank_account'],
      },
      defaultFrequency: DEFAULT_FREQUENCY_MS,
    },
  },
  // Invoices (issue 15): the list and details open offline; a draft made offline uploads record by record
  // (its local row shows the draft; `body` is what the server records).
  invoices: {
    index: 'updated_at',
    sync: {
      download: {
        path: (b) => `/v1/invoices/businesses/${b}`,
        byStore: true,
        // Always the incremental form (from 0 the first time), 500 a page.
        query: { updated_at: 0, limit: 500 },
        paged: true,
        requires: ['invoices.view'],
      },
      defaultFrequency: DEFAULT_FREQUENCY_MS,
    },
    upload: {
      batchSize: 20,
      send: (_b, records) =>
        postBatch(
          '/v1/invoices/sync',
          'invoices',
          records.map((r) => (r.body as LocalRecord | undefined) ?? r),
        ),
    },
  },
} satisfies Record<string, TableSpec>;

export type TableName = keyof typeof OFFLINE_TABLES;

/** The tables whose records are made on this device and uploaded (spec 000 §4). */
export type OutboxTable = {
  [K in TableName]: (typeof OFFLINE_TABLES)[K] extends { upload: Uploader } ? K : never;
}[TableName];

const specs = OFFLINE_TABLES as Record<TableName, TableSpec>;
const entries = Object.entries(specs) as [TableName, TableSpec][];

export const TABLE_NAMES = entries.map(([name]) => name);

/** Each table's index, where it has one. */
export const tableIndex = (table: TableName): string | undefined => specs[table].index;

/** The table's sync module, where it has one. */
export const syncOf = (table: TableName) => specs[table].sync;

/** The outbox table's uploader (with its offline key). */
export const uploadOf = (table: OutboxTable) => specs[table].upload!;

export const OUTBOX_TABLE_NAMES = entries.filter(([, s]) => s.upload).map(([name]) => name as OutboxTable);
