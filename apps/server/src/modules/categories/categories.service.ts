import type {
  Category,
  CategoryProductsPage,
  CategoryV1,
  CategoryV1WithSubs,
  CategoryWithProducts,
  CreateSubcategoryBody,
  Subcategory,
  UpdateSubcategoryBody,
} from '@ms/contracts';
import type { Database, Tx } from '../../db/database.js';
import { downloadHorizon, lastChangeCursor } from '../../db/snapshot.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import {
  categoriesChangedSince,
  countProductsIn,
  fileProducts,
  findByName,
  findCategory,
  firstProductsOf,
  insertCategory,
  lastCategoryChange,
  liveCategories,
  loadCategory,
  pageProductsIn,
  productCounts,
  refileSubcategoryProducts,
  searchByName,
  toCategory,
  toCategoryProduct,
  toCategoryV1,
  toSubcategory,
  tombstoneCategory,
  updateCategory,
  type CategoryRow,
} from './categories.repository.js';

const NO_COUNTS = { top: new Map<string, number>(), sub: new Map<string, number>() };

/** Unique names: per business at the top, per parent for subcategories (index categories_name_uq). */
const uniqueOr = async <T>(message: string, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'categories_name_uq')) throw conflict(message);
    throw error;
  }
};
const topNameTaken = (name: string) =>
  `A category named "${name}" already exists. Choose another name or use that category.`;
const subNameTaken = (name: string, parent: string) =>
  `"${parent}" already has a subcategory named "${name}". Choose another name.`;

const products = (n: number) => (n === 1 ? '1 product' : `${n} products`);

/** A live top-level category by id, else 404. */
const topCategory = async (db: Tx, businessId: string, id: string, lock = false) => {
  const row = isUuid(id) ? await findCategory(db, businessId, id, { lock }) : undefined;
  if (!row || row.parent_id) throw notFound('Category');
  return row;
};

/** A live subcategory by id, else 404. */
const subCategory = async (db: Tx, businessId: string, id: string, lock = false) => {
  const row = isUuid(id) ? await findCategory(db, businessId, id, { lock }) : undefined;
  if (!row || !row.parent_id) throw notFound('Subcategory');
  return row;
};

/** Refuses to remove a category (or subcategory) that still files live products. */
const assertEmpty = async (db: Tx, businessId: string, row: CategoryRow) => {
  const n = row.parent_id
    ? await countProductsIn(db, businessId, row.parent_id, row.id)
    : await countProductsIn(db, businessId, row.id);
  if (n > 0) {
    const what = row.parent_id ? 'subcategory' : 'category';
    throw conflict(
      `The ${what} "${row.name}" still has ${products(n)}. Move or remove its ${products(n)} first.`,
    );
  }
};

/** Top-level categories with their subcategories, each with counts. */
const tree = async (db: Database, businessId: string) => {
  const [rows, counts] = await Promise.all([liveCategories(db, businessId), productCounts(db, businessId)]);
  const tops = rows.filter((r) => !r.parent_id);
  const subsOf = (id: string) => rows.filter((r) => r.parent_id === id);
  return { rows, tops, subsOf, counts };
};

/* ---------------------------------------------------------------- v2 ---------- */

export const listCategories = async (
  db: Database,
  businessId: string,
  search?: string,
): Promise<Category[]> => {
  const { tops, subsOf, counts } = await tree(db, businessId);
  const needle = search?.toLowerCase();
  const matches = (r: CategoryRow) => !needle || r.name.toLowerCase().includes(needle);
  return tops
    .filter((t) => matches(t) || subsOf(t.id).some(matches))
    .map((t) => toCategory(t, subsOf(t.id), counts));
};

export const createCategory = (db: Database, businessId: string, name: string): Promise<Category> =>
  uniqueOr(topNameTaken(name), async () =>
    toCategory(await insertCategory(db, { businessId, id: newId(), name, parentId: null }), [], NO_COUNTS),
  );

export const renameCategory = (db: Database, businessId: string, id: string, name: string) =>
  uniqueOr(topNameTaken(name), async () => {
    await topCategory(db, businessId, id);
    const row = await updateCategory(db, businessId, id, { name });
    if (!row) throw notFound('Category');
    return loadCategory(db, businessId, row);
  });

export const deleteCategory = (db: Database, businessId: string, id: string) =>
  db.transaction().execute(async (tx) => {
    const row = await topCategory(tx, businessId, id, true);
    await assertEmpty(tx, businessId, row);
    await tombstoneCategory(tx, businessId, id);
    return { _id: id };
  });

export const createSubcategory = async (
  db: Database,
  businessId: string,
  body: CreateSubcategoryBody,
): Promise<Subcategory> => {
  const parent = await findCategory(db, businessId, body.category_id);
  if (!parent) throw notFound('Category');
  if (parent.parent_id)
    throw badRequest(
      `category_id: "${parent.name}" is a subcategory; a subcategory cannot hold subcategories.`,
    );
  return uniqueOr(subNameTaken(body.name, parent.name), async () =>
    toSubcategory(
      await insertCategory(db, { businessId, id: newId(), name: body.name, parentId: parent.id }),
      NO_COUNTS,
    ),
  );
};

export const deleteSubcategory = (db: Database, businessId: string, id: string) =>
  db.transaction().execute(async (tx) => {
    const row = await subCategory(tx, businessId, id, true);
    await assertEmpty(tx, businessId, row);
    await tombstoneCategory(tx, businessId, id);
    return { _id: id };
  });

/** Puts a subcategory under `categoryId` (moving its products along) and renames it when asked. */
export const putSubcategory = (
  db: Database,
  businessId: string,
  categoryId: string,
  body: UpdateSubcategoryBody,
): Promise<Subcategory> =>
  db.transaction().execute(async (tx) => {
    const parent = await topCategory(tx, businessId, categoryId);
    const sub = await subCategory(tx, businessId, body.subcategory_id, true);
    const moving = sub.parent_id !== parent.id;
    const name = body.name ?? sub.name;
    const row = await uniqueOr(subNameTaken(name, parent.name), () =>
      updateCategory(tx, businessId, sub.id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(moving ? { parent_id: parent.id } : {}),
      }),
    );
    if (!row) throw notFound('Subcategory');
    if (moving) await refileSubcategoryProducts(tx, businessId, sub.id, parent.id);
    const counts = await productCounts(tx, businessId, parent.id);
    return toSubcategory(row, counts);
  });

export const categoryProducts = async (
  db: Database,
  businessId: string,
  id: string,
  query: { page: number; limit: number; search?: string; subcategory?: string },
): Promise<CategoryProductsPage> => {
  const found = isUuid(id) ? await findCategory(db, businessId, id) : undefined;
  if (!found) throw notFound('Category');
  // A subcategory id lists that subcategory within its parent.
  const top = found.parent_id ? await findCategory(db, businessId, found.parent_id) : found;
  if (!top) throw notFound('Category');
  const subId = found.parent_id ? found.id : query.subcategory;
  const category = await loadCategory(db, businessId, top);
  if (subId && !category.subcategories.some((s) => s.id === subId)) throw notFound('Subcategory');
  const { total, rows } = await pageProductsIn(db, businessId, {
    topId: top.id,
    subId,
    search: query.search || undefined,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return { category, items: rows.map(toCategoryProduct), total, page: query.page, limit: query.limit };
};

/** Categories that hold products, each with its first `perCategory` products by name. */
export const categoriesWithProducts = async (
  db: Database,
  businessId: string,
  perCategory: number,
): Promise<CategoryWithProducts[]> => {
  const { tops, subsOf, counts } = await tree(db, businessId);
  const withProducts = tops.filter((t) => (counts.top.get(t.id) ?? 0) > 0);
  const rows = await firstProductsOf(
    db,
    businessId,
    withProducts.map((t) => t.id),
    perCategory,
  );
  return withProducts.map((t) => ({
    ...toCategory(t, subsOf(t.id), counts),
    products: rows.filter((r) => r.top === t.id).map(toCategoryProduct),
  }));
};

/* ---------------------------------------------------------------- v1 ---------- */

export const listCollections = async (db: Database, businessId: string): Promise<CategoryV1[]> => {
  const { rows, counts } = await tree(db, businessId);
  return rows.map((r) => toCategoryV1(r, counts));
};

export const listCollectionsWithSubs = async (
  db: Database,
  businessId: string,
): Promise<CategoryV1WithSubs[]> => {
  const { tops, subsOf, counts } = await tree(db, businessId);
  return tops.map((t) => ({
    ...toCategoryV1(t, counts),
    Subs: subsOf(t.id).map((s) => toCategoryV1(s, counts)),
  }));
};

export const createCollection = async (
  db: Database,
  businessId: string,
  body: { name: string; parent?: string | null },
): Promise<CategoryV1> => {
  if (body.parent) {
    const sub = await createSubcategory(db, businessId, { category_id: body.parent, name: body.name });
    const row = await findCategory(db, businessId, sub.id);
    if (!row) throw notFound('Subcategory');
    return toCategoryV1(row, NO_COUNTS);
  }
  return uniqueOr(topNameTaken(body.name), async () =>
    toCategoryV1(
      await insertCategory(db, { businessId, id: newId(), name: body.name, parentId: null }),
      NO_COUNTS,
    ),
  );
};

/** The category a v1 name means: a top-level one first, else the only subcategory so named. */
const byName = async (db: Tx, businessId: string, name: string) => {
  const found = await findByName(db, businessId, name.trim());
  const top = found.find((r) => !r.parent_id);
  if (top) return top;
  if (found.length > 1)
    throw conflict(`More than one subcategory is named "${name}". Use the v2 routes with its id.`);
  if (!found[0]) throw notFound(`Category "${name}"`);
  return found[0];
};

export const assignProducts = (
  db: Database,
  businessId: string,
  body: { category: string; products: string[] },
) =>
  db.transaction().execute(async (tx) => {
    const target = await byName(tx, businessId, body.category);
    const wanted = [...new Set(body.products)];
    const ids = await fileProducts(tx, businessId, target, wanted);
    if (ids.length < wanted.length) {
      const missing = wanted.filter((id) => !ids.includes(id));
      // Throwing rolls the whole assignment back: all or nothing.
      throw notFound(`Product ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? '…' : ''}`);
    }
    const counts = await productCounts(tx, businessId, target.parent_id ?? target.id);
    return { category: toCategoryV1(target, counts), updated: ids.length, ids };
  });

export const deleteCollection = (db: Database, businessId: string, name: string) =>
  db.transaction().execute(async (tx) => {
    const row = await byName(tx, businessId, name);
    const locked = await findCategory(tx, businessId, row.id, { lock: true });
    if (!locked) throw notFound(`Category "${name}"`);
    await assertEmpty(tx, businessId, locked);
    await tombstoneCategory(tx, businessId, locked.id);
    return { _id: locked.id };
  });

export const searchCollections = async (
  db: Database,
  businessId: string,
  name?: string,
): Promise<CategoryV1[]> => {
  const [rows, counts] = await Promise.all([
    name ? searchByName(db, businessId, name) : liveCategories(db, businessId),
    productCounts(db, businessId),
  ]);
  return rows.map((r) => toCategoryV1(r, counts));
};

/**
 * Incremental download for the offline categories table (spec 000 §7.4): categories and
 * subcategories (v1 shape, `parent` set on subs) changed since `updated_at`, and the ids deleted since.
 * Counts are as of the download; a count change alone does not make a category "changed".
 */
export const syncCollections = async (db: Database, businessId: string, updatedAt?: number) => {
  const horizon = await downloadHorizon(db);
  const [last, counts] = await Promise.all([
    lastCategoryChange(db, businessId),
    productCounts(db, businessId),
  ]);
  const lastUpdate = lastChangeCursor(last, horizon, updatedAt);
  if (updatedAt === undefined) {
    const rows = await liveCategories(db, businessId);
    return { items: rows.map((r) => toCategoryV1(r, counts)), metaData: { lastUpdate, recordsRemoved: [] } };
  }
  const rows = await categoriesChangedSince(db, businessId, new Date(updatedAt));
  return {
    items: rows.filter((r) => !r.deleted_at).map((r) => toCategoryV1(r, counts)),
    metaData: { lastUpdate, recordsRemoved: rows.filter((r) => r.deleted_at).map((r) => r.id) },
  };
};
