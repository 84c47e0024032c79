import type { KyselyPlugin, OperationNode, RootOperationNode } from 'kysely';
import type { Database } from './database.js';

/**
 * What this process is about to write, seen as each statement is built (before it runs): for a cache
 * in this process that must not serve what a write of this process is changing (the auth cache,
 * plugins/auth-cache.ts). Other processes' writes reach caches through LISTEN/NOTIFY (db/notify.ts);
 * this is the same process's side, which must not wait for that delivery.
 */
export type TableWrite = {
  table: string;
  kind: 'insert' | 'update' | 'delete' | 'raw';
  /** The columns an update sets (empty for the other kinds). */
  columns: readonly string[];
  /** An insert with ON CONFLICT: it may change an existing row. */
  upsert: boolean;
};

type Handler = (write: TableWrite) => void;

const RAW_WRITE =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

type AnyNode = OperationNode & Record<string, unknown>;

const tableName = (node: unknown): string | undefined => {
  const n = node as AnyNode | undefined;
  if (!n) return undefined;
  if (n.kind === 'AliasNode') return tableName(n.node);
  if (n.kind === 'TableNode') return ((n.table as AnyNode).identifier as { name: string } | undefined)?.name;
  return undefined;
};

const columnName = (node: unknown): string | undefined => {
  const n = node as AnyNode | undefined;
  return n?.kind === 'ColumnNode' ? (n.column as { name: string }).name : undefined;
};

/** The writes one statement makes: itself, and any in its WITH clauses. */
export const writesOf = (root: OperationNode): TableWrite[] => {
  const found: TableWrite[] = [];
  const visit = (node: AnyNode | undefined) => {
    if (!node) return;
    const withNode = node.with as { expressions?: readonly { expression: AnyNode }[] } | undefined;
    for (const cte of withNode?.expressions ?? []) visit(cte.expression);
    switch (node.kind) {
      case 'InsertQueryNode': {
        const table = tableName(node.into);
        if (table) found.push({ table, kind: 'insert', columns: [], upsert: node.onConflict !== undefined });
        break;
      }
      case 'UpdateQueryNode': {
        const table = tableName(node.table);
        const updates = (node.updates ?? []) as readonly { column: unknown }[];
        const columns = updates.map((u) => columnName(u.column)).filter((c): c is string => !!c);
        if (table) found.push({ table, kind: 'update', columns, upsert: false });
        break;
      }
      case 'DeleteQueryNode':
        for (const from of (node.from as { froms: readonly unknown[] }).froms) {
          const table = tableName(from);
          if (table) found.push({ table, kind: 'delete', columns: [], upsert: false });
        }
        break;
      case 'RawNode':
        for (const match of (node.sqlFragments as readonly string[]).join(' ? ').matchAll(RAW_WRITE))
          found.push({ table: match[1]!.toLowerCase(), kind: 'raw', columns: [], upsert: false });
        break;
    }
  };
  visit(root as AnyNode);
  return found;
};

/** The plugin every database handle is made with (db/database.ts): it tells the watchers, and changes nothing. */
export class TableWritesPlugin implements KyselyPlugin {
  private readonly handlers = new Set<Handler>();

  watch(handler: Handler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    if (this.handlers.size === 0 || (node.kind === 'SelectQueryNode' && !node.with)) return node;
    for (const write of writesOf(node)) for (const handler of this.handlers) handler(write);
    return node;
  }

  async transformResult<R>({ result }: { result: R }): Promise<R> {
    return result;
  }
}

const plugins = new WeakMap<Database, TableWritesPlugin>();

/** Registers the plugin a database was made with (db/database.ts). */
export const registerTableWrites = (db: Database, plugin: TableWritesPlugin) => plugins.set(db, plugin);

/**
 * Calls `handler` as each statement that writes a table is built on `db` (or a transaction of it),
 * before it runs. Throws for a database not made by `openDatabase`: a cache that trusts this must
 * never silently miss writes.
 */
export const watchTableWrites = (db: Database, handler: Handler): (() => void) => {
  const plugin = plugins.get(db);
  if (!plugin)
    throw new Error('this database was not opened with openDatabase: its writes cannot be watched');
  return plugin.watch(handler);
};
