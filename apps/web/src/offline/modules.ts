import type { PermissionKey, QueryValue } from '@ms/contracts';
import type { TableName } from './db';
import type { OutboxTable } from './outbox';

/**
 * The sync modules (spec 000 §4, §7.4, §9): what each downloads, what it uploads, how often.
 * customers and products two-way (products upload: none yet, the server has no endpoint for
 * products made offline); categories, stores, payments, custom_payments download only; pos sales
 * upload only; tickets upload, and a full download (their list is not incremental).
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
};

export type SyncModule = {
  name: string;
  table: TableName;
  download?: Download;
  upload?: OutboxTable;
  defaultFrequency: number;
};

export const DEFAULT_FREQUENCY_MS = 300_000;
/** Rows per products page: the sync list's own default (contracts productSyncQuery, max 5000). */
export const PRODUCT_PAGE_SIZE = 2_000;

const rows = (key: string) => (data: Record<string, unknown>) => data[key];

export const MODULES: readonly SyncModule[] = [
  {
    name: 'customers',
    table: 'customers',
    download: { path: (b) => `/v2/customers/businesses/${b}`, requires: ['customers.view'] },
    upload: 'customers',
    defaultFrequency: 60_000,
  },
  {
    name: 'products',
    table: 'products',
    download: {
      path: (b) => `/v2/business/${b}/products/sync/list`,
      query: { limit: PRODUCT_PAGE_SIZE },
      paged: true,
      requires: ['catalogue.view_product'],
    },
    defaultFrequency: 80_000,
  },
  {
    name: 'categories',
    table: 'categories',
    download: { path: (b) => `/v2/businesses/${b}/collections`, requires: ['catalogue.view_category'] },
    defaultFrequency: DEFAULT_FREQUENCY_MS,
  },
  {
    name: 'stores',
    table: 'stores',
    download: { path: (b) => `/v1/stores/businesses/${b}` },
    defaultFrequency: DEFAULT_FREQUENCY_MS,
  },
  {
    name: 'payments',
    table: 'payments',
    download: {
      path: (b) => `/v1/payments/single/businesses/${b}`,
      query: { batchsync: 'true' },
      paged: true,
      // The server answers {item: {total_value_payments, list_of_payments}, metaData}.
      itemsOf: (d) => (d.item as { list_of_payments?: unknown } | undefined)?.list_of_payments ?? d.items,
      optional: true,
      requires: ['transactions.manage_payments', 'sales_history.view'],
    },
    defaultFrequency: DEFAULT_FREQUENCY_MS,
  },
  {
    name: 'custom_payments',
    table: 'custom_payments',
    download: { path: () => '/v2/checkout/options', idOf: (r) => String(r.method), optional: true },
    defaultFrequency: DEFAULT_FREQUENCY_MS,
  },
  {
    // The sales history the device can show offline (incremental, paged like products).
    name: 'sales_history',
    table: 'sales_history',
    download: {
      path: (b) => `/v1/sales/businesses/${b}/all`,
      paged: true,
      itemsOf: rows('sales'),
      requires: ['sales_history.view'],
    },
    defaultFrequency: DEFAULT_FREQUENCY_MS,
  },
  {
    // The business's people: only for those who manage users and roles.
    name: 'employees',
    table: 'employees',
    download: {
      path: (b) => `/v1/businesses/${b}/employees`,
      full: true,
      itemsOf: (d) => d,
      requires: ['settings.users_roles'],
    },
    defaultFrequency: DEFAULT_FREQUENCY_MS,
  },
  { name: 'pos', table: 'pos', upload: 'pos', defaultFrequency: DEFAULT_FREQUENCY_MS },
  {
    name: 'tickets',
    table: 'tickets',
    download: {
      path: (b) => `/v2/business/${b}/tickets`,
      itemsOf: rows('tickets'),
      full: true,
      requires: ['pos.manage_tickets'],
    },
    upload: 'tickets',
    defaultFrequency: DEFAULT_FREQUENCY_MS,
  },
];

export type Access = { admin: boolean; permissions: readonly string[] };

/** Whether this person's role may make the module's download (admin: always). */
export const mayDownload = (m: SyncModule, who: Access): boolean =>
  !!m.download &&
  (who.admin || !m.download.requires || m.download.requires.some((key) => who.permissions.includes(key)));

export const moduleNamed = (name: string): SyncModule | undefined => MODULES.find((m) => m.name === name);
