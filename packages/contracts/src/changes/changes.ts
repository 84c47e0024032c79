import type { PermissionKey } from '../staff/permissions.js';

/**
 * Live changes (issue 13): the server tells a business's open devices what changed, so they
 * refresh it within seconds instead of at their next scheduled download. An event names what
 * changed — never the record itself: the device downloads it the way it always does (by
 * `updated_at`), with its own permissions.
 */
export const CHANGE_TOPICS = [
  'products',
  'categories',
  'customers',
  'stores',
  'staff',
  'sales',
  'settings',
  'payments',
  'invoices',
  'orders',
] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/**
 * Who may hear a topic: a role with one of these permissions (an admin hears all). An empty list:
 * every signed-in user of the business (the till needs stores and checkout settings).
 */
export const CHANGE_TOPIC_READERS: Record<ChangeTopic, readonly PermissionKey[]> = {
  products: ['catalogue.view_product', 'catalogue.view_inventory', 'pos.make_sale'],
  categories: ['catalogue.view_category', 'catalogue.view_product'],
  customers: ['customers.view'],
  stores: [],
  staff: ['settings.users_roles'],
  sales: ['sales_history.view'],
  settings: [],
  payments: ['transactions.manage_payments', 'transactions.payouts'],
  invoices: ['invoices.view'],
  orders: ['online_store.view_orders', 'online_store.manage_orders', 'online_store.catalogue'],
};

/**
 * One change as a device receives it (`event: change`, its JSON in `data`). A type, not a schema:
 * the server writes it and the device only reads its fields, and a zod schema here put zod into
 * every page's first seconds (the stream starts on every page; decision 0002, "Session 14").
 */
export type ChangeEvent = {
  topic: ChangeTopic;
  /** The stores it concerns (stock of a sale, a transfer's two ends); absent: the whole business. */
  stores?: string[];
  /** The records changed, when few (absent: download what changed since the last sync). */
  ids?: string[];
  /** Which setting, for `settings`: loyalty, payment_options, business... */
  what?: string;
  at: string;
};

/** Server-sent event names on the stream. */
export const CHANGE_STREAM_EVENTS = {
  /** First event of every stream: its id is where a reconnect resumes from. */
  ready: 'ready',
  change: 'change',
  /** Changes may have been missed (the stream resumed too late, or the server lost them): download everything. */
  resync: 'resync',
} as const;

/** The server writes a comment this often so proxies keep the stream open; a device hearing nothing for 2.5x this reconnects. */
export const CHANGE_HEARTBEAT_MS = 20_000;
