import { OUTBOX_TABLE_NAMES, uploadOf, type OutboxTable, type Uploader } from './tables';

export type { Uploader };

/**
 * How each outbox table reaches the server (declared in tables.ts). A mutable map: the service worker
 * swaps in its own senders (sw-sync.ts).
 */
export const UPLOADERS = Object.fromEntries(OUTBOX_TABLE_NAMES.map((t) => [t, uploadOf(t)])) as Record<
  OutboxTable,
  Uploader
>;
