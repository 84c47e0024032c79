import { sql } from 'kysely';
import type {
  CreateTransferBody,
  ReceiveTransferBody,
  Transfer,
  TransferDetail,
  TransferItem,
  TransferListQuery,
  TransferPage,
  TransferStatus,
} from '@ms/contracts';
import type { Updateable } from 'kysely';
import type { Database, Tx } from '../../db/database.js';
import { nextNumber } from '../../lib/counters.js';
import type { DB } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { assertStoreAccess } from '../stores/index.js';
import {
  assertAnyStoreAccess,
  assertId,
  fullName,
  iso,
  isoOf,
  itemLabel,
  pageOf,
  requirePermission,
  type Caller,
} from './inventory.shared.js';
import { moveStock, resolveItems } from './stock-ledger.js';

/**
 * Transfers between two stores. Sending moves stock out of the source at once (transfer_out);
 * receiving moves it into the destination (transfer_in); cancelling returns what is still on the
 * way to the source (transfer_return). Every step locks the transfer row, so two people acting on
 * the same transfer at once are applied one after the other and re-checked.
 */

const REFERENCE = 'transfer';

// ---------------------------------------------------------------------------------------------
// Reading

const transferBase = (tx: Tx, businessId: string) =>
  tx
    .selectFrom('transfers as t')
    .innerJoin('stores as fs', (j) =>
      j.onRef('fs.business_id', '=', 't.business_id').onRef('fs.id', '=', 't.from_store_id'),
    )
    .innerJoin('stores as ts', (j) =>
      j.onRef('ts.business_id', '=', 't.business_id').onRef('ts.id', '=', 't.to_store_id'),
    )
    .where('t.business_id', '=', businessId);

const transferColumns = (q: ReturnType<typeof transferBase>) =>
  q
    .leftJoin('users as cu', (j) =>
      j.onRef('cu.business_id', '=', 't.business_id').onRef('cu.id', '=', 't.created_by'),
    )
    .leftJoin('users as ru', (j) =>
      j.onRef('ru.business_id', '=', 't.business_id').onRef('ru.id', '=', 't.received_by'),
    )
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('transfer_items as i')
          .select([
            sql<number>`count(*)::int`.as('items_count'),
            sql<number>`coalesce(sum(i.quantity), 0)::int`.as('total_quantity'),
            sql<number>`coalesce(sum(i.received_quantity), 0)::int`.as('total_received'),
          ])
          .whereRef('i.business_id', '=', 't.business_id')
          .whereRef('i.transfer_id', '=', 't.id')
          .as('agg'),
      (j) => j.onTrue(),
    )
    .select([
      't.id',
      't.business_id',
      't.transfer_number',
      't.from_store_id',
      'fs.name as from_store_name',
      't.to_store_id',
      'ts.name as to_store_name',
      't.status',
      't.send_and_recieve',
      't.note',
      't.created_by',
      'cu.first_name as created_first',
      'cu.last_name as created_last',
      't.received_by',
      'ru.first_name as received_first',
      'ru.last_name as received_last',
      't.sent_at',
      't.received_at',
      't.cancelled_at',
      't.created_at',
      't.updated_at',
      'agg.items_count',
      'agg.total_quantity',
      'agg.total_received',
    ]);

type TransferRow = Awaited<ReturnType<ReturnType<typeof transferColumns>['execute']>>[number];

const toTransfer = (r: TransferRow): Transfer => ({
  _id: r.id,
  id: r.id,
  transfer_id: r.transfer_number,
  business_id: r.business_id,
  from_store_id: r.from_store_id,
  from_store_name: r.from_store_name,
  to_store_id: r.to_store_id,
  to_store_name: r.to_store_name,
  status: r.status,
  send_and_recieve: r.send_and_recieve,
  note: r.note,
  items_count: r.items_count,
  total_quantity: r.total_quantity,
  total_received: r.total_received,
  created_by: r.created_by,
  created_by_name: fullName(r.created_first, r.created_last),
  received_by: r.received_by,
  received_by_name: fullName(r.received_first, r.received_last),
  sent_at: iso(r.sent_at),
  received_at: iso(r.received_at),
  cancelled_at: iso(r.cancelled_at),
  created_at: isoOf(r.created_at),
  updated_at: isoOf(r.updated_at),
});

const itemsOf = async (tx: Tx, businessId: string, transferId: string): Promise<TransferItem[]> => {
  const rows = await tx
    .selectFrom('transfer_items as i')
    .innerJoin('products as p', (j) =>
      j.onRef('p.business_id', '=', 'i.business_id').onRef('p.id', '=', 'i.product_id'),
    )
    .leftJoin('product_varieties as v', (j) =>
      j.onRef('v.business_id', '=', 'i.business_id').onRef('v.id', '=', 'i.variety_id'),
    )
    .select([
      'i.item_id',
      'i.product_id',
      'i.variety_id',
      'p.name as product_name',
      'v.name as variety_name',
      sql<string | null>`coalesce(v.sku, p.sku)`.as('sku'),
      'i.quantity',
      'i.received_quantity',
      'i.returned_quantity',
    ])
    .where('i.business_id', '=', businessId)
    .where('i.transfer_id', '=', transferId)
    .orderBy(sql`lower(p.name)`)
    .orderBy('v.position')
    .orderBy('i.item_id')
    .execute();
  return rows.map((r) => ({
    _id: r.item_id,
    item_id: r.item_id,
    product_id: r.product_id,
    variety_id: r.variety_id,
    product_name: r.product_name,
    variety_name: r.variety_name,
    name: itemLabel(r.product_name, r.variety_name),
    sku: r.sku,
    quantity: r.quantity,
    received_quantity: r.received_quantity,
    returned_quantity: r.returned_quantity,
    outstanding_quantity: r.quantity - r.received_quantity - r.returned_quantity,
  }));
};

const detailOf = async (tx: Tx, businessId: string, id: string): Promise<TransferDetail> => {
  const row = await transferColumns(transferBase(tx, businessId)).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Transfer');
  return { ...toTransfer(row), items: await itemsOf(tx, businessId, id) };
};

export const getTransfer = async (db: Database, caller: Caller, id: string): Promise<TransferDetail> => {
  assertId(id, 'Transfer');
  const detail = await detailOf(db, caller.businessId, id);
  assertAnyStoreAccess(caller, [detail.from_store_id, detail.to_store_id]);
  return detail;
};

/** Newest first. `store` matches either end unless `direction` says which. */
export const listTransfers = async (
  db: Database,
  caller: Caller,
  query: TransferListQuery,
): Promise<TransferPage> => {
  let q = transferBase(db, caller.businessId);
  if (!caller.isAdmin) {
    if (caller.storeIds.length === 0) return { items: [], total: 0, page: query.page, limit: query.limit };
    const mine = [...caller.storeIds];
    q = q.where((eb) => eb.or([eb('t.from_store_id', 'in', mine), eb('t.to_store_id', 'in', mine)]));
  }
  if (query.status) q = q.where('t.status', '=', query.status);
  if (query.store) {
    const store = query.store;
    if (query.direction === 'out') q = q.where('t.from_store_id', '=', store);
    else if (query.direction === 'in') q = q.where('t.to_store_id', '=', store);
    else q = q.where((eb) => eb.or([eb('t.from_store_id', '=', store), eb('t.to_store_id', '=', store)]));
  } else if (query.direction && !caller.isAdmin) {
    const mine = [...caller.storeIds];
    q = q.where(query.direction === 'out' ? 't.from_store_id' : 't.to_store_id', 'in', mine);
  }
  if (query.search) q = q.where('t.transfer_number', 'ilike', `%${query.search.replace(/[\\%_]/g, '\\$&')}%`);
  const { offset, limit } = pageOf(query);
  const [count, rows] = await Promise.all([
    q.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    transferColumns(q)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
  ]);
  return { items: rows.map(toTransfer), total: count.total, page: query.page, limit: query.limit };
};

/** GET /v1/businesses/{b}/transfers/stores/{id}: transfers from or to one store. */
export const listStoreTransfers = async (
  db: Database,
  caller: Caller,
  storeId: string,
  query: Omit<TransferListQuery, 'store'>,
): Promise<TransferPage> => {
  assertId(storeId, 'Store');
  await assertStoreAccess(db, caller, storeId);
  return listTransfers(db, caller, { ...query, store: storeId });
};

// ---------------------------------------------------------------------------------------------
// Creating

/** Sends stock from one store to another; with `receive`, it also arrives at once. */
export const createTransfer = async (
  db: Database,
  caller: Caller,
  body: CreateTransferBody,
  opts: { receive: boolean },
): Promise<TransferDetail> =>
  db.transaction().execute(async (tx) => {
    await assertStoreAccess(tx, caller, body.from_store_id, { what: 'Source store' });
    if (opts.receive) {
      requirePermission(caller, 'inventory.receive_transfer');
      await assertStoreAccess(tx, caller, body.to_store_id, { what: 'Destination store' });
    } else
      await assertStoreAccess(tx, caller, body.to_store_id, {
        what: 'Destination store',
        unassigned: 'allowed',
      });

    const resolved = await resolveItems(tx, caller.businessId, body.items);
    const lines = new Map<string, (typeof resolved)[number] & { quantity: number }>();
    resolved.forEach((item, i) => {
      const seen = lines.get(item.itemId);
      if (seen) seen.quantity += body.items[i]!.quantity;
      else lines.set(item.itemId, { ...item, quantity: body.items[i]!.quantity });
    });

    const id = newId();
    const now = new Date();
    await tx
      .insertInto('transfers')
      .values({
        business_id: caller.businessId,
        id,
        transfer_number: await nextNumber(tx, caller.businessId, 'transfer', 'TR'),
        from_store_id: body.from_store_id,
        to_store_id: body.to_store_id,
        status: opts.receive ? 'received' : 'in_transit',
        send_and_recieve: opts.receive,
        note: body.note || null,
        created_by: caller.userId,
        received_by: opts.receive ? caller.userId : null,
        sent_at: now,
        received_at: opts.receive ? now : null,
      })
      .execute();
    await tx
      .insertInto('transfer_items')
      .values(
        [...lines.values()].map((l) => ({
          business_id: caller.businessId,
          transfer_id: id,
          item_id: l.itemId,
          product_id: l.productId,
          variety_id: l.varietyId,
          quantity: l.quantity,
          received_quantity: opts.receive ? l.quantity : 0,
        })),
      )
      .execute();
    const ctx = {
      businessId: caller.businessId,
      userId: caller.userId,
      referenceType: REFERENCE,
      referenceId: id,
    };
    await moveStock(
      tx,
      { ...ctx, reason: 'transfer_out', refuseNegative: true },
      [...lines.values()].map((l) => ({ ...l, storeId: body.from_store_id, quantity: -l.quantity })),
    );
    if (opts.receive)
      await moveStock(
        tx,
        { ...ctx, reason: 'transfer_in' },
        [...lines.values()].map((l) => ({ ...l, storeId: body.to_store_id })),
      );
    return detailOf(tx, caller.businessId, id);
  });

// ---------------------------------------------------------------------------------------------
// Steps on an existing transfer

type Locked = {
  id: string;
  transfer_number: string;
  status: TransferStatus;
  from_store_id: string;
  to_store_id: string;
};

const lockTransfer = async (tx: Tx, caller: Caller, id: string): Promise<Locked> => {
  assertId(id, 'Transfer');
  const row = await tx
    .selectFrom('transfers')
    .select(['id', 'transfer_number', 'status', 'from_store_id', 'to_store_id'])
    .where('business_id', '=', caller.businessId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Transfer');
  return row;
};

/** Access by store id only (the store may have been removed since; the transfer still must close). */
const assertAssigned = (caller: Caller, storeId: string, which: 'source' | 'destination') => {
  if (!caller.isAdmin && !caller.storeIds.includes(storeId))
    throw forbidden(`You are not assigned to the ${which} store of this transfer.`);
};

const why = (status: TransferStatus, action: string): string => {
  switch (status) {
    case 'cancelled':
      return `This transfer was cancelled, so it cannot be ${action}.`;
    case 'received':
      return `This transfer was already received, so it cannot be ${action}.`;
    case 'on_hold':
      return `This transfer is on hold, so it cannot be ${action}. Release it first.`;
    case 'partially_received':
      return `This transfer is partly received, so it cannot be ${action}.`;
    default:
      return `This transfer is in transit, so it cannot be ${action}.`;
  }
};

const setStatus = (tx: Tx, caller: Caller, id: string, values: Updateable<DB['transfers']>) =>
  tx
    .updateTable('transfers')
    .set(values)
    .where('business_id', '=', caller.businessId)
    .where('id', '=', id)
    .execute();

/** PUT /transfers: edit the note while the transfer is open. */
export const editTransferNote = async (
  db: Database,
  caller: Caller,
  id: string,
  note: string | null,
): Promise<TransferDetail> =>
  db.transaction().execute(async (tx) => {
    const t = await lockTransfer(tx, caller, id);
    assertAssigned(caller, t.from_store_id, 'source');
    if (t.status === 'received' || t.status === 'cancelled') throw conflict(why(t.status, 'edited'));
    await setStatus(tx, caller, id, { note: note || null });
    return detailOf(tx, caller.businessId, id);
  });

/** Receives some (`items`) or all outstanding quantities into the destination store. */
export const receiveTransfer = async (
  db: Database,
  caller: Caller,
  body: ReceiveTransferBody,
): Promise<TransferDetail> =>
  db.transaction().execute(async (tx) => {
    const t = await lockTransfer(tx, caller, body.id);
    assertAssigned(caller, t.to_store_id, 'destination');
    if (t.status !== 'in_transit' && t.status !== 'partially_received')
      throw conflict(why(t.status, 'received'));

    const lines = await itemsOf(tx, caller.businessId, t.id);
    const byId = new Map(lines.map((l) => [l.item_id, l]));
    const wanted = new Map<string, number>();
    if (body.items) {
      for (const [index, i] of body.items.entries()) {
        if (!byId.has(i.item_id))
          throw badRequest(`items.${index}.item_id: this item is not on transfer ${t.transfer_number}.`);
        wanted.set(i.item_id, (wanted.get(i.item_id) ?? 0) + i.quantity);
      }
    } else
      for (const l of lines) if (l.outstanding_quantity > 0) wanted.set(l.item_id, l.outstanding_quantity);
    for (const [itemId, quantity] of wanted) {
      const l = byId.get(itemId)!;
      if (quantity > l.outstanding_quantity)
        throw conflict(
          l.outstanding_quantity === 0
            ? `${l.name} has already been received in full.`
            : `Only ${l.outstanding_quantity} of ${l.name} ${l.outstanding_quantity === 1 ? 'is' : 'are'} still to be received; you entered ${quantity}.`,
        );
    }
    for (const [itemId, quantity] of wanted)
      await tx
        .updateTable('transfer_items')
        .set({ received_quantity: sql`received_quantity + ${quantity}` })
        .where('business_id', '=', caller.businessId)
        .where('transfer_id', '=', t.id)
        .where('item_id', '=', itemId)
        .execute();
    await moveStock(
      tx,
      {
        businessId: caller.businessId,
        userId: caller.userId,
        reason: 'transfer_in',
        referenceType: REFERENCE,
        referenceId: t.id,
      },
      [...wanted].map(([itemId, quantity]) => {
        const l = byId.get(itemId)!;
        return { productId: l.product_id, varietyId: l.variety_id, storeId: t.to_store_id, quantity };
      }),
    );
    const complete = lines.every((l) => l.outstanding_quantity - (wanted.get(l.item_id) ?? 0) === 0);
    await setStatus(tx, caller, t.id, {
      status: complete ? 'received' : 'partially_received',
      received_by: caller.userId,
      ...(complete ? { received_at: new Date() } : {}),
    });
    return detailOf(tx, caller.businessId, t.id);
  });

/** Cancels an open transfer; what is still on the way goes back to the source. */
export const cancelTransfer = async (
  db: Database,
  caller: Caller,
  transferId: string,
): Promise<TransferDetail> =>
  db.transaction().execute(async (tx) => {
    const t = await lockTransfer(tx, caller, transferId);
    assertAssigned(caller, t.from_store_id, 'source');
    if (t.status === 'cancelled') throw conflict('This transfer was already cancelled.');
    if (t.status === 'received') throw conflict(why(t.status, 'cancelled'));
    const lines = (await itemsOf(tx, caller.businessId, t.id)).filter((l) => l.outstanding_quantity > 0);
    for (const l of lines)
      await tx
        .updateTable('transfer_items')
        .set({ returned_quantity: sql`returned_quantity + ${l.outstanding_quantity}` })
        .where('business_id', '=', caller.businessId)
        .where('transfer_id', '=', t.id)
        .where('item_id', '=', l.item_id)
        .execute();
    await moveStock(
      tx,
      {
        businessId: caller.businessId,
        userId: caller.userId,
        reason: 'transfer_return',
        referenceType: REFERENCE,
        referenceId: t.id,
      },
      lines.map((l) => ({
        productId: l.product_id,
        varietyId: l.variety_id,
        storeId: t.from_store_id,
        quantity: l.outstanding_quantity,
      })),
    );
    await setStatus(tx, caller, t.id, { status: 'cancelled', cancelled_at: new Date() });
    return detailOf(tx, caller.businessId, t.id);
  });

/** Puts an in-transit (or partly received) transfer on hold: it cannot be received until released. */
export const holdTransfer = async (
  db: Database,
  caller: Caller,
  transferId: string,
): Promise<TransferDetail> =>
  db.transaction().execute(async (tx) => {
    const t = await lockTransfer(tx, caller, transferId);
    assertAnyStoreAccess(caller, [t.from_store_id, t.to_store_id]);
    if (t.status === 'on_hold') throw conflict('This transfer is already on hold.');
    if (t.status !== 'in_transit' && t.status !== 'partially_received')
      throw conflict(why(t.status, 'put on hold'));
    await setStatus(tx, caller, t.id, { status: 'on_hold' });
    return detailOf(tx, caller.businessId, t.id);
  });

/** Releases a held transfer back to in transit (or partly received, if some arrived already). */
export const releaseTransfer = async (
  db: Database,
  caller: Caller,
  transferId: string,
): Promise<TransferDetail> =>
  db.transaction().execute(async (tx) => {
    const t = await lockTransfer(tx, caller, transferId);
    assertAnyStoreAccess(caller, [t.from_store_id, t.to_store_id]);
    if (t.status !== 'on_hold')
      throw conflict(
        t.status === 'cancelled' || t.status === 'received'
          ? why(t.status, 'released')
          : 'This transfer is not on hold, so there is nothing to release.',
      );
    const received = await tx
      .selectFrom('transfer_items')
      .select(sql<number>`coalesce(sum(received_quantity), 0)::int`.as('n'))
      .where('business_id', '=', caller.businessId)
      .where('transfer_id', '=', t.id)
      .executeTakeFirstOrThrow();
    await setStatus(tx, caller, t.id, { status: received.n > 0 ? 'partially_received' : 'in_transit' });
    return detailOf(tx, caller.businessId, t.id);
  });
