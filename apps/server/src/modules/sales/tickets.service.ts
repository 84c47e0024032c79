import type { SaveTicketBody, Ticket } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertStoreAccess } from '../stores/index.js';

/** Parked sales: a cart put aside at the counter to resume later. */

const ticketSelect = (db: Database, businessId: string) =>
  db
    .selectFrom('tickets as t')
    .leftJoin('users as u', (j) =>
      j.onRef('u.business_id', '=', 't.business_id').onRef('u.id', '=', 't.user_id'),
    )
    .selectAll('t')
    .select(['u.first_name', 'u.last_name'])
    .where('t.business_id', '=', businessId)
    .where('t.deleted_at', 'is', null);

type Row = Awaited<ReturnType<ReturnType<typeof ticketSelect>['execute']>>[number];

const toTicket = (r: Row): Ticket => ({
  _id: r.id,
  id: r.id,
  store_id: r.store_id,
  user_id: r.user_id,
  user_name: r.first_name === null ? null : [r.first_name, r.last_name].filter(Boolean).join(' '),
  name: r.name,
  cart: r.cart,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

export const listTickets = async (
  db: Database,
  auth: AuthContext,
  storeFilter?: string,
): Promise<{ tickets: Ticket[] }> => {
  const store = storeFilter?.toLowerCase();
  if (store && !auth.isAdmin && !auth.storeIds.includes(store))
    throw forbidden('You are not assigned to this store.');
  let q = ticketSelect(db, auth.businessId);
  if (store) q = q.where('t.store_id', '=', store);
  else if (!auth.isAdmin)
    q = q.where('t.store_id', 'in', auth.storeIds.length ? [...auth.storeIds] : [auth.businessId]);
  const rows = await q.orderBy('t.updated_at', 'desc').orderBy('t.id', 'desc').limit(500).execute();
  return { tickets: rows.map(toTicket) };
};

/** Saves a ticket; the same `_id` again replaces its name and cart. `created` is false on a replace. */
export const saveTicket = async (
  db: Database,
  auth: AuthContext,
  body: SaveTicketBody,
): Promise<{ ticket: Ticket; created: boolean }> =>
  db.transaction().execute(async (tx) => {
    const storeId = body.store_id.toLowerCase();
    await assertStoreAccess(tx, auth, storeId);
    const id = body._id.toLowerCase();
    const existing = await tx
      .selectFrom('tickets')
      .select(['store_id'])
      .where('business_id', '=', auth.businessId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (existing && !auth.isAdmin && !auth.storeIds.includes(existing.store_id))
      throw forbidden('You are not assigned to this store.');
    await tx
      .insertInto('tickets')
      .values({
        business_id: auth.businessId,
        id,
        store_id: storeId,
        user_id: auth.userId,
        name: body.name,
        cart: JSON.stringify(body.cart),
      })
      .onConflict((oc) =>
        oc.columns(['business_id', 'id']).doUpdateSet({
          store_id: storeId,
          name: body.name,
          cart: JSON.stringify(body.cart),
          deleted_at: null,
        }),
      )
      .execute();
    const row = await ticketSelect(tx, auth.businessId).where('t.id', '=', id).executeTakeFirstOrThrow();
    return { ticket: toTicket(row), created: !existing };
  });

export const deleteTicket = async (db: Database, auth: AuthContext, id: string): Promise<void> => {
  if (!isUuid(id)) throw notFound('Ticket');
  const row = await db
    .selectFrom('tickets')
    .select(['id', 'store_id'])
    .where('business_id', '=', auth.businessId)
    .where('id', '=', id.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Ticket');
  if (!auth.isAdmin && !auth.storeIds.includes(row.store_id))
    throw forbidden('You are not assigned to this store.');
  await db
    .updateTable('tickets')
    .set({ deleted_at: new Date() })
    .where('business_id', '=', auth.businessId)
    .where('id', '=', row.id)
    .execute();
};
