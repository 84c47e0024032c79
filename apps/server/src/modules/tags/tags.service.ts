import type { CreateTagBody, Tag, UpdateTagBody } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { insertTag, listTags, removeTag, renameTag, toTag } from './tags.repository.js';

const duplicate = (label: string) =>
  conflict(`A tag named "${label}" already exists. Use that tag or choose another name.`);

const uniqueOr = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'tags_label_uq')) throw duplicate(label);
    throw error;
  }
};

export const getTags = async (db: Database, businessId: string, search?: string): Promise<Tag[]> =>
  (await listTags(db, businessId, search || undefined)).map(toTag);

export const createTag = (db: Database, businessId: string, body: CreateTagBody): Promise<Tag> =>
  uniqueOr(body.label, async () => toTag(await insertTag(db, businessId, newId(), body.label)));

export const editTag = (db: Database, businessId: string, body: UpdateTagBody): Promise<Tag> =>
  uniqueOr(body.label, async () => {
    const row = await renameTag(db, businessId, body.id, body.label);
    if (!row) throw notFound('Tag');
    return toTag(row);
  });

export const deleteTag = async (db: Database, businessId: string, id: string): Promise<{ _id: string }> => {
  if (!isUuid(id) || !(await removeTag(db, businessId, id))) throw notFound('Tag');
  return { _id: id };
};
