import {
  DEFAULT_FREQUENCY_MS,
  OUTBOX_TABLE_NAMES,
  PRODUCT_PAGE_SIZE,
  syncOf,
  TABLE_NAMES,
  type Download,
  type OutboxTable,
  type TableName,
} from './tables';

/**
 * The sync modules (spec 000 §4, §7.4, §9): what each downloads, what it uploads, how often. Made
 * from the tables declared in tables.ts (a module is named after its table).
 */
export type { Download };

export type SyncModule = {
  name: string;
  table: TableName;
  download?: Download;
  upload?: OutboxTable;
  defaultFrequency: number;
};

export { DEFAULT_FREQUENCY_MS, PRODUCT_PAGE_SIZE };

export const MODULES: readonly SyncModule[] = TABLE_NAMES.flatMap((table): SyncModule[] => {
  const sync = syncOf(table);
  if (!sync) return [];
  const upload = OUTBOX_TABLE_NAMES.find((t) => t === table);
  return [
    {
      name: table,
      table,
      ...(sync.download ? { download: sync.download } : {}),
      ...(upload ? { upload } : {}),
      defaultFrequency: sync.defaultFrequency,
    },
  ];
});

export type Access = { admin: boolean; permissions: readonly string[] };

/** Whether this person's role may make the module's download (admin: always). */
export const mayDownload = (m: SyncModule, who: Access): boolean =>
  !!m.download &&
  (who.admin || !m.download.requires || m.download.requires.some((key) => who.permissions.includes(key)));

export const moduleNamed = (name: string): SyncModule | undefined => MODULES.find((m) => m.name === name);
