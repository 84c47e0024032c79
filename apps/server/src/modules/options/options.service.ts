import type { CreateOptionBody, ProductOption, UpdateOptionBody } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { insertOption, listOptions, toOption, tombstoneOption, updateOption } from './options.repository.js';

const uniqueOr = async <T>(name: string | undefined, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'product_options_name_uq'))
      throw conflict(`An option named "${name ?? ''}" already exists. Edit that option instead.`);
    throw error;
  }
};

export const getOptions = async (db: Database, businessId: string): Promise<ProductOption[]> =>
  (await listOptions(db, businessId)).map(toOption);

export const createOption = (db: Database, businessId: string, body: CreateOptionBody) =>
  uniqueOr(body.name, async () =>
    toOption(await insertOption(db, { businessId, id: newId(), name: body.name, values: body.values })),
  );

/**
 * Saved options are templates: a product keeps its own copy of the option names and values it was
 * built with, so editing or deleting an option here never changes existing products.
 */
export const editOption = (db: Database, businessId: string, body: UpdateOptionBody) =>
  uniqueOr(body.name, async () => {
    const row = await updateOption(db, businessId, body.id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.values !== undefined ? { option_values: body.values } : {}),
    });
    if (!row) throw notFound('Option');
    return toOption(row);
  });

export const deleteOption = async (db: Database, businessId: string, id: string) => {
  if (!isUuid(id) || !(await tombstoneOption(db, businessId, id))) throw notFound('Option');
  return { _id: id };
};
