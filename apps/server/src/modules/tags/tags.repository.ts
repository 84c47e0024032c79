import { sql } from 'kysely';
import type { Tag } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { escapeLike } from '../../lib/like.js';

type TagRow = { id: string; label: string };

export const toTag = (r: TagRow): Tag => ({ _id: r.id, label: r.label, tagName: r.label });

/** Live tags of the business by label; `search` matches part of the label, any case. */
export const listTags = (db: Database, businessId: string, search?: string) => {
  let q = db
    .selectFrom('tags')
    .select(['id', 'label'])
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null);
  if (search) q = q.where('label', 'ilike', `%${escapeLike(search)}%`);
  return q
    .orderBy(sql`lower(label)`)
    .orderBy('id')
    .execute();
};

/** Live tags among these ids (for products that show `{_id, tagName}`). */
export const tagsByIds = (db: Database, businessId: string, ids: readonly string[]) =>
  ids.length
    ? db
        .selectFrom('tags')
        .select(['id', 'label'])
        .where('business_id', '=', businessId)
        .where('id', 'in', [...ids])
        .where('deleted_at', 'is', null)
        .execute()
    : Promise.resolve([] as TagRow[]);

export const insertTag = (db: Database, businessId: string, id: string, label: string) =>
  db
    .insertInto('tags')
    .values({ business_id: businessId, id, label })
    .returning(['id', 'label'])
    .executeTakeFirstOrThrow();

/**
 * Renames a live tag and touches the live products that carry it, so a device's incremental
 * product download picks up the new name. Undefined when no such tag.
 */
export const renameTag = (db: Database, businessId: string, id: string, label: string) =>
  db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('tags')
      .set({ label })
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning(['id', 'label'])
      .executeTakeFirst();
    if (!row) return undefined;
    await tx
      .updateTable('products')
      .set({ tag_ids: sql`tag_ids` })
      .where('business_id', '=', businessId)
      .where('deleted_at', 'is', null)
      .where(sql<boolean>`tag_ids @> array[${id}]::uuid[]`)
      .execute();
    return row;
  });

/** Tombstones a live tag and takes it off every product (which touches them). False when no such tag. */
export const removeTag = (db: Database, businessId: string, id: string) =>
  db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('tags')
      .set({ deleted_at: sql`clock_timestamp()` })
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await tx
      .updateTable('products')
      .set({ tag_ids: sql`array_remove(tag_ids, ${id}::uuid)` })
      .where('business_id', '=', businessId)
      .where(sql<boolean>`tag_ids @> array[${id}]::uuid[]`)
      .execute();
    return true;
  });
