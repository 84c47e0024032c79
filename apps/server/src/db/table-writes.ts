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
  /**
   * The one business whose rows the statement writes, when it says so plainly (an insert whose rows all
   * carry that `business_id`, an update or delete whose WHERE requires `business_id = <value>`); null
   * when it does not (raw SQL, INSERT ... SELECT, no such condition): then it may write any business's.
   */
  businessId: string | null;
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

const aliasOrName = (node: unknown): string | undefined => {
  const n = node as AnyNode | undefined;
  if (n?.kind === 'AliasNode') return ((n.alias as AnyNode).name as string | undefined) ?? tableName(n.node);
  return tableName(n);
};

/** `business_id` of an insert's rows (lowercased), when every row gives the same plain value. */
const insertedBusiness = (node: AnyNode): string | null => {
  const columns = ((node.columns ?? []) as readonly unknown[]).map(columnName);
  const at = columns.indexOf('business_id');
  const values = node.values as AnyNode | undefined;
  if (at < 0 || values?.kind !== 'ValuesNode') return null;
  let found: string | null = null;
  for (const row of values.values as readonly AnyNode[]) {
    const cell =
      row.kind === 'PrimitiveValueListNode'
        ? (row.values as readonly unknown[])[at]
        : row.kind === 'ValueListNode'
          ? (row.values as readonly AnyNode[])[at]?.kind === 'ValueNode'
            ? (row.values as readonly AnyNode[])[at]!.value
            : undefined
          : undefined;
    if (typeof cell !== 'string' || (found !== null && cell.toLowerCase() !== found)) return null;
    found = cell.toLowerCase();
  }
  return found;
};

/** The value of a `business_id = <value>` the WHERE requires (at its top, or in an AND chain there). */
const requiredBusiness = (where: unknown, target: string | undefined): string | null => {
  const n = where as AnyNode | undefined;
  if (!n) return null;
  if (n.kind === 'WhereNode') return requiredBusiness(n.where, target);
  if (n.kind === 'AndNode') return requiredBusiness(n.left, target) ?? requiredBusiness(n.right, target);
  if (n.kind !== 'BinaryOperationNode') return null;
  if ((n.operator as AnyNode).operator !== '=') return null;
  const left = n.leftOperand as AnyNode;
  const right = n.rightOperand as AnyNode;
  const column = left.kind === 'ReferenceNode' ? columnName(left.column) : columnName(left);
  // Another table's business_id (UPDATE ... FROM) says nothing of the rows written.
  const qualifier = left.kind === 'ReferenceNode' && left.table ? tableName(left.table) : undefined;
  if (column !== 'business_id' || (qualifier !== undefined && qualifier !== target)) return null;
  // Lowercased: the cache keys businesses as PostgreSQL prints a uuid.
  return right.kind === 'ValueNode' && typeof right.value === 'string' ? right.value.toLowerCase() : null;
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
        if (table)
          found.push({
            table,
            kind: 'insert',
            columns: [],
            upsert: node.onConflict !== undefined,
            businessId: insertedBusiness(node),
          });
        break;
      }
      case 'UpdateQueryNode': {
        const table = tableName(node.table);
        const updates = (node.updates ?? []) as readonly { column: unknown }[];
        const columns = updates.map((u) => columnName(u.column)).filter((c): c is string => !!c);
        if (table)
          found.push({
            table,
            kind: 'update',
            columns,
            upsert: false,
            businessId: requiredBusiness(node.where, aliasOrName(node.table)),
          });
        break;
      }
      case 'DeleteQueryNode':
        for (const from of (node.from as { froms: readonly unknown[] }).froms) {
          const table = tableName(from);
          const businessId = requiredBusiness(node.where, aliasOrName(from));
          if (table) found.push({ table, kind: 'delete', columns: [], upsert: false, businessId });
        }
        break;
      case 'RawNode':
        for (const match of (node.sqlFragments as readonly string[]).join(' ? ').matchAll(RAW_WRITE))
          found.push({
            table: match[1]!.toLowerCase(),
            kind: 'raw',
            columns: [],
            upsert: false,
            businessId: null,
          });
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
