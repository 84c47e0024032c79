import { sql } from 'kysely';
import { parseUploadRow, type CreateProductBody, type ParsedUploadRow } from '@ms/contracts';
import type { Tx } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { addProduct } from '../products/index.js';

export type ClaimedRow = { row_number: number; data: Record<string, string> };
export type RowResult = {
  row_number: number;
  status: 'succeeded' | 'failed';
  error: string | null;
  product_id: string | null;
};
export type ImportContext = {
  businessId: string;
  userId: string | null;
  storeId: string | null;
  log: { error: (obj: object, msg: string) => void };
};

const key = (text: string) => text.trim().toLowerCase();

/** Top-level categories by lower-cased name; names not found are created (a concurrent creator wins harmlessly). */
const resolveCategories = async (
  tx: Tx,
  businessId: string,
  names: readonly string[],
): Promise<Map<string, string>> => {
  const wanted = [...new Map(names.map((n) => [key(n), n.trim()])).entries()];
  const out = new Map<string, string>();
  if (wanted.length === 0) return out;
  const find = async (lowered: string[]) => {
    if (lowered.length === 0) return;
    const rows = await tx
      .selectFrom('categories')
      .select(['id', sql<string>`lower(name)`.as('lname')])
      .where('business_id', '=', businessId)
      .where('parent_id', 'is', null)
      .where('deleted_at', 'is', null)
      .where(sql<string>`lower(name)`, 'in', lowered)
      .execute();
    for (const r of rows) out.set(r.lname, r.id);
  };
  await find(wanted.map(([k]) => k));
  const missing = wanted.filter(([k]) => !out.has(k));
  if (missing.length) {
    await tx
      .insertInto('categories')
      .values(missing.map(([, name]) => ({ business_id: businessId, id: newId(), name, parent_id: null })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await find(missing.map(([k]) => k));
  }
  return out;
};

/** Who already uses each SKU (a product, or a product's variety), by lower-cased SKU. */
const skuOwners = async (tx: Tx, businessId: string, skus: readonly string[]) => {
  const out = new Map<string, string>();
  const lowered = [...new Set(skus.map(key))];
  if (lowered.length === 0) return out;
  const products = await tx
    .selectFrom('products')
    .select([sql<string>`lower(sku)`.as('lsku'), 'name'])
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .where(sql<string>`lower(sku)`, 'in', lowered)
    .execute();
  for (const p of products) out.set(p.lsku, p.name);
  const varieties = await tx
    .selectFrom('product_varieties as v')
    .innerJoin('products as p', (j) =>
      j.onRef('p.business_id', '=', 'v.business_id').onRef('p.id', '=', 'v.product_id'),
    )
    .select([sql<string>`lower(v.sku)`.as('lsku'), 'p.name as product', 'v.name as variety'])
    .where('v.business_id', '=', businessId)
    .where('v.deleted_at', 'is', null)
    .where(sql<string>`lower(v.sku)`, 'in', lowered)
    .execute();
  for (const v of varieties) if (!out.has(v.lsku)) out.set(v.lsku, `${v.product} (${v.variety})`);
  return out;
};

const bodyOf = (
  row: ParsedUploadRow,
  categoryId: string | null,
  storeId: string | null,
): CreateProductBody => {
  const { category: _category, stock, ...fields } = row;
  void _category;
  return {
    ...fields,
    product_type: 'simple',
    ...(categoryId ? { category_id: categoryId } : {}),
    ...(storeId && stock && stock > 0 ? { store_stock: [{ store_id: storeId, stock }] } : {}),
  };
};

/**
 * Creates one product per row, each inside a savepoint of the caller's transaction so a bad row
 * fails alone with a reason and the others are kept.
 */
export const importRows = async (
  tx: Tx,
  ctx: ImportContext,
  rows: readonly ClaimedRow[],
): Promise<RowResult[]> => {
  const parsed = rows.map((r) => ({ row: r, parsed: parseUploadRow(r.data) }));
  const valid = parsed.flatMap((p) => (p.parsed.ok ? [p.parsed.value] : []));
  const categories = await resolveCategories(
    tx,
    ctx.businessId,
    valid.flatMap((v) => (v.category ? [v.category] : [])),
  );
  const owners = await skuOwners(
    tx,
    ctx.businessId,
    valid.flatMap((v) => (v.sku ? [v.sku] : [])),
  );

  const results: RowResult[] = [];
  for (const { row, parsed: p } of parsed) {
    const fail = (error: string) =>
      results.push({ row_number: row.row_number, status: 'failed', error, product_id: null });
    if (!p.ok) {
      fail(p.error);
      continue;
    }
    const value = p.value;
    const sku = value.sku ? key(value.sku) : null;
    const owner = sku ? owners.get(sku) : undefined;
    if (sku && owner) {
      fail(`SKU ${value.sku} is already used by ${owner}`);
      continue;
    }
    const categoryId = value.category ? (categories.get(key(value.category)) ?? null) : null;
    await sql`SAVEPOINT upload_row`.execute(tx);
    try {
      const productId = await addProduct(
        tx,
        { businessId: ctx.businessId, userId: ctx.userId },
        bodyOf(value, categoryId, ctx.storeId),
      );
      await sql`RELEASE SAVEPOINT upload_row`.execute(tx);
      if (sku) owners.set(sku, value.name);
      results.push({ row_number: row.row_number, status: 'succeeded', error: null, product_id: productId });
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT upload_row`.execute(tx);
      if (sku && isUniqueViolation(error)) {
        const again = await skuOwners(tx, ctx.businessId, [sku]);
        fail(`SKU ${value.sku} is already used by ${again.get(sku) ?? 'another product'}`);
      } else if (error instanceof HttpError && error.statusCode < 500) {
        fail(error.message);
      } else {
        ctx.log.error({ err: error, row: row.row_number }, 'bulk upload: a row could not be created');
        fail(
          'This product could not be created because of a problem on our side. Reprocess the batch to try again.',
        );
      }
    }
  }
  return results;
};
