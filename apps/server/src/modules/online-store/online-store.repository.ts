import { fromKobo, toKobo, type OnlineStore, type UpdateOnlineStoreBody } from '@ms/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { updateOnlineStoreBody } from '@ms/contracts';
import type { Database, Tx } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';

/**
 * The online store's settings (issue 15, decision 0013): one row per business, made the first time it
 * is needed — its address `/shop/<slug>` (from the business's name, made unique), the store it sells
 * from, and its delivery zones. Only this module writes `online_stores`, `online_delivery_zones` and
 * `online_products`.
 */

export type OnlineStoreRow = {
  business_id: string;
  slug: string;
  name: string;
  about: string | null;
  store_id: string;
  store_name: string;
  store_address: string | null;
  store_phone: string | null;
  pickup: boolean;
  pay_on_delivery: boolean;
  enabled: boolean;
  logo_url: string | null;
  business_phone: string | null;
  timezone: string;
};

export type DeliveryZoneRow = { id: string; name: string; fee_kobo: number };

/** Lower-case letters and digits joined by single dashes; "Ade's Fabrics & Co." → "ades-fabrics-co". */
export const slugFrom = (name: string): string => {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 34)
    .replace(/-+$/g, '');
  return base.length >= 3 ? base : `shop-${base || 'online'}`.slice(0, 34);
};

const storeQuery = (db: Tx) =>
  db
    .selectFrom('online_stores as o')
    .innerJoin('businesses as b', 'b.id', 'o.business_id')
    .innerJoin('stores as s', (j) =>
      j.onRef('s.business_id', '=', 'o.business_id').onRef('s.id', '=', 'o.store_id'),
    )
    .select([
      'o.business_id',
      'o.slug',
      'o.name',
      'o.about',
      'o.store_id',
      's.name as store_name',
      's.address as store_address',
      's.phone as store_phone',
      'o.pickup',
      'o.pay_on_delivery',
      'b.online_store_enabled as enabled',
      'b.logo_url',
      'b.phone as business_phone',
      'b.timezone',
    ]);

export const onlineStoreOf = (db: Tx, businessId: string): Promise<OnlineStoreRow | undefined> =>
  storeQuery(db).where('o.business_id', '=', businessId).executeTakeFirst();

/** The shop at this address, whether open or not (the caller decides). */
export const onlineStoreBySlug = (db: Tx, slug: string): Promise<OnlineStoreRow | undefined> =>
  storeQuery(db).where('o.slug', '=', slug.toLowerCase()).executeTakeFirst();

/** The business's online store, made now (with a free address) when it has none yet. */
export const ensureOnlineStore = async (db: Database, businessId: string): Promise<OnlineStoreRow> => {
  const existing = await onlineStoreOf(db, businessId);
  if (existing) return existing;
  const business = await db
    .selectFrom('businesses')
    .select(['name'])
    .where('id', '=', businessId)
    .executeTakeFirst();
  if (!business) throw notFound('Business');
  const store = await db
    .selectFrom('stores')
    .select('id')
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  if (!store) throw conflict('Add a store first: the online store sells from one of your stores.');
  const base = slugFrom(business.name);
  for (let attempt = 1; attempt <= 50; attempt++) {
    const slug = attempt === 1 ? base : `${base}-${attempt}`;
    // No conflict target: the business's row (a twin request) and a taken address both end here.
    await db
      .insertInto('online_stores')
      .values({ business_id: businessId, slug, name: business.name, about: null, store_id: store.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const made = await onlineStoreOf(db, businessId);
    if (made) return made;
  }
  throw conflict('Could not find a free address for the online store; choose one in its settings.');
};

export const deliveryZonesOf = async (db: Tx, businessId: string): Promise<DeliveryZoneRow[]> =>
  db
    .selectFrom('online_delivery_zones')
    .select(['id', 'name', 'fee_kobo'])
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .orderBy('position')
    .execute();

export const publishedCount = async (db: Tx, businessId: string): Promise<number> => {
  const row = await db
    .selectFrom('online_products as op')
    .innerJoin('products as p', (j) =>
      j.onRef('p.business_id', '=', 'op.business_id').onRef('p.id', '=', 'op.product_id'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('op.business_id', '=', businessId)
    .where('op.published', '=', true)
    .where('p.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const toOnlineStore = (
  row: OnlineStoreRow,
  zones: DeliveryZoneRow[],
  published: number,
): OnlineStore => ({
  enabled: row.enabled,
  slug: row.slug,
  name: row.name,
  about: row.about,
  store_id: row.store_id,
  store_name: row.store_name,
  pickup: row.pickup,
  pay_on_delivery: row.pay_on_delivery,
  delivery_zones: zones.map((z) => ({ _id: z.id, name: z.name, fee: fromKobo(z.fee_kobo) })),
  link: `/shop/${row.slug}`,
  published_count: published,
});

export const loadOnlineStore = async (db: Database, businessId: string): Promise<OnlineStore> => {
  const row = await ensureOnlineStore(db, businessId);
  return toOnlineStore(row, await deliveryZonesOf(db, businessId), await publishedCount(db, businessId));
};

/** PATCH /v1/online-store/businesses/{b}: what was sent changes; the zones are replaced as a whole. */
export const updateOnlineStore = async (
  db: Database,
  businessId: string,
  body: z.output<typeof updateOnlineStoreBody>,
): Promise<OnlineStore> => {
  await ensureOnlineStore(db, businessId);
  try {
    await db.transaction().execute(async (tx) => {
      if (body.store_id) {
        const store = await tx
          .selectFrom('stores')
          .select('id')
          .where('business_id', '=', businessId)
          .where('id', '=', body.store_id.toLowerCase())
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!store) throw notFound('Store');
      }
      const patch = {
        ...(body.slug !== undefined ? { slug: body.slug } : {}),
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.about !== undefined ? { about: body.about || null } : {}),
        ...(body.store_id !== undefined ? { store_id: body.store_id.toLowerCase() } : {}),
        ...(body.pickup !== undefined ? { pickup: body.pickup } : {}),
        ...(body.pay_on_delivery !== undefined ? { pay_on_delivery: body.pay_on_delivery } : {}),
      };
      await tx
        .updateTable('online_stores')
        .set({ ...patch, updated_at: sql`clock_timestamp()` })
        .where('business_id', '=', businessId)
        .execute();
      if (body.delivery_zones) await replaceZones(tx, businessId, body.delivery_zones);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'online_stores_slug_key'))
      throw badRequest('slug: this address is taken; choose another.');
    if (isUniqueViolation(error)) throw badRequest('delivery_zones _id: a zone is listed twice.');
    throw error;
  }
  return loadOnlineStore(db, businessId);
};

const replaceZones = async (
  tx: Tx,
  businessId: string,
  zones: NonNullable<UpdateOnlineStoreBody['delivery_zones']>,
) => {
  const names = new Set<string>();
  for (const z of zones) {
    const key = z.name.trim().toLowerCase();
    if (names.has(key)) throw badRequest(`delivery_zones name: "${z.name}" is listed twice.`);
    names.add(key);
  }
  // Orders keep the zone's name and fee as they were: the list itself is simply replaced.
  await tx.deleteFrom('online_delivery_zones').where('business_id', '=', businessId).execute();
  if (zones.length === 0) return;
  await tx
    .insertInto('online_delivery_zones')
    .values(
      zones.map((z, position) => ({
        business_id: businessId,
        id: z._id?.toLowerCase() ?? newId(),
        position,
        name: z.name,
        fee_kobo: toKobo(z.fee),
      })),
    )
    .execute();
};
