import { sql } from 'kysely';
import { toKobo, type BulkApplyBody, type BulkPatchBody, type BulkResult } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { tombstoneProducts } from './products.writes.js';
import type { ProductCaller } from './products.shared.js';
import { checkReferences } from './product-checks.js';
import { applyUpdate } from './product-update.service.js';

/** Changes to many products at once (bulk edit), all or nothing. */

/** An error about one product of a bulk request says which one. */
const about = (error: unknown, label: string): unknown =>
  error instanceof HttpError
    ? new HttpError(error.statusCode, `${label}: ${error.message}`, error.code, error.data)
    : error;

/** PATCH /v1/.../products/bulk/: a different change per product, all or nothing. */
export const bulkPatch = async (
  db: Database,
  caller: ProductCaller,
  body: BulkPatchBody,
): Promise<BulkResult> => {
  const ids = body.products.map((p) => p._id);
  if (new Set(ids).size !== ids.length) throw badRequest('products: the same product is listed twice.');
  return db.transaction().execute(async (tx) => {
    for (const [i, change] of body.products.entries()) {
      const { _id, ...fields } = change;
      try {
        await applyUpdate(tx, caller, _id, fields);
      } catch (error) {
        throw about(error, `products[${i}]${change.name ? ` (${change.name})` : ''}`);
      }
    }
    return { updated: ids.length, ids };
  });
};

/** PATCH /v1/.../products/bulk2/: one change, or delete, for many products, all or nothing. */
export const bulkApply = async (
  db: Database,
  caller: ProductCaller & Pick<AuthContext, 'isAdmin' | 'permissions'>,
  body: BulkApplyBody,
): Promise<BulkResult> => {
  const ids = [...new Set(body.ids)];
  if (body.action === 'delete' && !caller.isAdmin && !caller.permissions.has('catalogue.delete_product'))
    throw forbidden('Your role does not have permission to do this.');
  return db.transaction().execute(async (tx) => {
    const live = await tx
      .selectFrom('products')
      .select('id')
      .where('business_id', '=', caller.businessId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .execute();
    if (live.length !== ids.length) {
      const missing = ids.length - live.length;
      throw notFound(missing === 1 ? 'Product' : `${missing} of the products were`);
    }
    if (body.action === 'delete') {
      await tombstoneProducts(tx, caller.businessId, ids);
      return { updated: ids.length, ids };
    }
    const c = body.changes ?? {};
    const cats = await checkReferences(tx, caller.businessId, {
      category_id: c.category_id,
      subcategory_id: c.subcategory_id,
      tags: [...(c.add_tags ?? []), ...(c.remove_tags ?? [])],
    });
    const b = sql`${caller.businessId}::uuid`;
    const set: Record<string, unknown> = {
      updated_at: sql`clock_timestamp()`,
      edited_at: sql`clock_timestamp()`,
    };
    if (cats.category_id !== undefined) set.category_id = cats.category_id;
    if (cats.subcategory_id !== undefined) set.subcategory_id = cats.subcategory_id;
    else if (cats.category_id !== undefined)
      // Keep a subcategory only when it sits under the new category.
      set.subcategory_id = sql`CASE WHEN subcategory_id IN (SELECT id FROM categories
        WHERE business_id = ${b} AND parent_id = ${cats.category_id}::uuid) THEN subcategory_id END`;
    if (c.track_stock !== undefined)
      set.track_stock = sql`CASE WHEN product_type = 'service' THEN false ELSE ${c.track_stock} END`;
    if (c.low_stock_threshold !== undefined) set.low_stock_threshold = c.low_stock_threshold;
    if (c.selling_price !== undefined) set.selling_price = toKobo(c.selling_price);
    if (c.cost_price !== undefined) set.cost_price = toKobo(c.cost_price);
    if (c.add_tags?.length || c.remove_tags?.length)
      set.tag_ids = sql`ARRAY(
        SELECT t FROM unnest(tag_ids || ${c.add_tags ?? []}::uuid[]) WITH ORDINALITY AS x(t, o)
        WHERE NOT (t = ANY (${c.remove_tags ?? []}::uuid[]))
        GROUP BY t ORDER BY min(o))`;
    await tx
      .updateTable('products')
      .set(set)
      .where('business_id', '=', caller.businessId)
      .where('id', 'in', ids)
      .execute();
    // A price set for many products applies to their varieties too (they are what gets sold).
    if (c.selling_price !== undefined || c.cost_price !== undefined)
      await tx
        .updateTable('product_varieties')
        .set({
          ...(c.selling_price !== undefined ? { selling_price: toKobo(c.selling_price) } : {}),
          ...(c.cost_price !== undefined ? { cost_price: toKobo(c.cost_price) } : {}),
        })
        .where('business_id', '=', caller.businessId)
        .where('product_id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();
    return { updated: ids.length, ids };
  });
};
