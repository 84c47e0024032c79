import {
  toKobo,
  type CreateModifierSetBody,
  type ModifierSet,
  type UpdateModifierSetBody,
} from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { insertSet, listSets, removeSet, UnknownModifier, updateSet } from './modifiers.repository.js';

const uniqueOr = async <T>(name: string | undefined, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'modifier_sets_name_uq'))
      throw conflict(`A modifier set named "${name ?? ''}" already exists. Choose another name.`);
    if (error instanceof UnknownModifier)
      throw badRequest(
        `modifiers.${error.index}._id: this modifier is not in the set. Leave _id out to add it.`,
      );
    throw error;
  }
};

export const getModifierSets = (db: Database, businessId: string): Promise<ModifierSet[]> =>
  listSets(db, businessId);

export const createModifierSet = (db: Database, businessId: string, body: CreateModifierSetBody) =>
  uniqueOr(body.name, () =>
    insertSet(db, {
      businessId,
      id: newId(),
      name: body.name,
      modifiers: body.modifiers.map((m, position) => ({
        id: newId(),
        name: m.name,
        kobo: toKobo(m.selling_price),
        position,
      })),
    }),
  );

export const editModifierSet = (db: Database, businessId: string, id: string, body: UpdateModifierSetBody) =>
  uniqueOr(body.name, async () => {
    if (!isUuid(id)) throw notFound('Modifier set');
    const set = await updateSet(db, businessId, id, {
      name: body.name,
      modifiers: body.modifiers?.map((m, position) => ({
        id: m._id ?? newId(),
        existing: !!m._id,
        name: m.name,
        kobo: toKobo(m.selling_price),
        position,
      })),
    });
    if (!set) throw notFound('Modifier set');
    return set;
  });

export const deleteModifierSet = async (db: Database, businessId: string, id: string) => {
  if (!isUuid(id) || !(await removeSet(db, businessId, id))) throw notFound('Modifier set');
  return { _id: id };
};
