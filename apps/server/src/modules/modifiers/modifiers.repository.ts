import { sql } from 'kysely';
import { fromKobo, type ModifierSet } from '@ms/contracts';
import type { Database, Tx } from '../../db/database.js';

type SetRow = { id: string; business_id: string; name: string; created_at: Date; updated_at: Date };
type ModifierRow = { id: string; set_id: string; name: string; selling_price: number; position: number };

const SET_COLUMNS = ['id', 'business_id', 'name', 'created_at', 'updated_at'] as const;

export const toModifierSet = (s: SetRow, modifiers: ModifierRow[]): ModifierSet => ({
  id: s.id,
  _id: s.id,
  name: s.name,
  business_id: s.business_id,
  modifiers: modifiers.map((m) => ({ _id: m.id, name: m.name, selling_price: fromKobo(m.selling_price) })),
  created_at: s.created_at.toISOString(),
  updated_at: s.updated_at.toISOString(),
});

/** Live modifiers of these sets in their saved order. */
export const modifiersOf = (db: Database, businessId: string, setIds: readonly string[]) =>
  setIds.length
    ? db
        .selectFrom('modifiers')
        .select(['id', 'set_id', 'name', 'selling_price', 'position'])
        .where('business_id', '=', businessId)
        .where('set_id', 'in', [...setIds])
        .where('deleted_at', 'is', null)
        .orderBy('position')
        .orderBy('id')
        .execute()
    : Promise.resolve([] as ModifierRow[]);

/** Live sets (optionally only these ids) with their modifiers, by name. */
export const listSets = async (db: Database, businessId: string, ids?: readonly string[]) => {
  let q = db
    .selectFrom('modifier_sets')
    .select(SET_COLUMNS)
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null);
  if (ids) {
    if (!ids.length) return [];
    q = q.where('id', 'in', [...ids]);
  }
  const sets = await q
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  const mods = await modifiersOf(
    db,
    businessId,
    sets.map((s) => s.id),
  );
  return sets.map((s) =>
    toModifierSet(
      s,
      mods.filter((m) => m.set_id === s.id),
    ),
  );
};

export type ModifierLine = { id: string; name: string; kobo: number; position: number };

export const insertSet = (
  db: Database,
  s: { businessId: string; id: string; name: string; modifiers: ModifierLine[] },
) =>
  db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('modifier_sets')
      .values({ business_id: s.businessId, id: s.id, name: s.name })
      .returning(SET_COLUMNS)
      .executeTakeFirstOrThrow();
    const mods = await tx
      .insertInto('modifiers')
      .values(
        s.modifiers.map((m) => ({
          business_id: s.businessId,
          id: m.id,
          set_id: s.id,
          name: m.name,
          selling_price: m.kobo,
          position: m.position,
        })),
      )
      .returning(['id', 'set_id', 'name', 'selling_price', 'position'])
      .execute();
    return toModifierSet(row, mods);
  });

/**
 * Renames a live set and/or replaces its modifiers: lines with a known id are updated in place,
 * the others inserted, and modifiers left out are tombstoned. Undefined when no such set; throws
 * `UnknownModifier` for an id that is not a live modifier of this set.
 */
export class UnknownModifier extends Error {
  constructor(readonly index: number) {
    super('unknown modifier');
  }
}

export const updateSet = (
  db: Database,
  businessId: string,
  id: string,
  patch: { name?: string; modifiers?: (ModifierLine & { existing: boolean })[] },
) =>
  db.transaction().execute(async (tx) => {
    // Touch the set even when only its modifiers change, so updated_at says it changed.
    const row = await tx
      .updateTable('modifier_sets')
      .set({ name: patch.name ?? sql`name` })
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning(SET_COLUMNS)
      .executeTakeFirst();
    if (!row) return undefined;
    if (patch.modifiers) {
      const current = new Set((await modifiersOf(tx, businessId, [id])).map((m) => m.id));
      const keep = new Set<string>();
      for (const [index, m] of patch.modifiers.entries()) {
        if (m.existing) {
          if (!current.has(m.id) || keep.has(m.id)) throw new UnknownModifier(index);
          keep.add(m.id);
          await tx
            .updateTable('modifiers')
            .set({ name: m.name, selling_price: m.kobo, position: m.position })
            .where('business_id', '=', businessId)
            .where('id', '=', m.id)
            .execute();
        } else {
          await tx
            .insertInto('modifiers')
            .values({
              business_id: businessId,
              id: m.id,
              set_id: id,
              name: m.name,
              selling_price: m.kobo,
              position: m.position,
            })
            .execute();
        }
      }
      const gone = [...current].filter((m) => !keep.has(m));
      if (gone.length)
        await tx
          .updateTable('modifiers')
          .set({ deleted_at: sql`clock_timestamp()` })
          .where('business_id', '=', businessId)
          .where('id', 'in', gone)
          .execute();
    }
    return toModifierSet(row, await modifiersOf(tx, businessId, [id]));
  });

/** Tombstones a live set and takes it off every product (which touches them). False when no such set. */
export const removeSet = (db: Database, businessId: string, id: string) =>
  db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('modifier_sets')
      .set({ deleted_at: sql`clock_timestamp()` })
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await tx
      .updateTable('products')
      .set({ modifier_set_ids: sql`array_remove(modifier_set_ids, ${id}::uuid)` })
      .where('business_id', '=', businessId)
      .where(sql<boolean>`modifier_set_ids @> array[${id}]::uuid[]`)
      .execute();
    return true;
  });

/** Modifiers by id as a sale prices them; `withDeleted` includes tombstones (sales made offline). */
export const modifiersForSale = async (
  tx: Tx,
  businessId: string,
  ids: readonly string[],
  opts: { withDeleted: boolean },
) => {
  if (ids.length === 0) return [];
  let q = tx
    .selectFrom('modifiers')
    .select(['id', 'name', 'selling_price'])
    .where('business_id', '=', businessId)
    .where('id', 'in', [...ids]);
  if (!opts.withDeleted) q = q.where('deleted_at', 'is', null);
  return q.execute();
};
