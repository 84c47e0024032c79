import {
  formatKobo,
  fromKobo,
  toKobo,
  type addOrderFeeBody,
  type Order,
  type OrderList,
  type orderListQuery,
  type OrderStatus,
  type recordOrderPaymentBody,
} from '@ms/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Database, InTx, Tx } from '../../db/database.js';
import { dayEnd, dayStart } from '../../lib/business-time.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { escapeLike } from '../../lib/like.js';
import type { AuthContext } from '../../plugins/auth.js';
import { publishChange } from '../changes/index.js';
import { queueOrderMessage } from './order-messages.js';
import {
  moneyOf,
  orderColumns,
  orderRow,
  ordersFrom,
  refreshOrderMoney,
  toOrders,
  type OrderRow,
} from './orders.repository.js';

/** Orders (spec 001 §7 "Orders"; issue 15): reads and the changes that stay inside this module. */

type Caller = Pick<AuthContext, 'businessId' | 'isAdmin' | 'storeIds' | 'userId'>;

/** A caller kept to some stores sees only their orders; any other order is "not found". */
const assertOrderStore = (caller: Caller, storeId: string) => {
  if (!caller.isAdmin && !caller.storeIds.includes(storeId)) throw notFound('Order');
};

export const getOrder = async (db: Tx, caller: Caller, id: string): Promise<Order> => {
  const row = isUuid(id) ? await orderRow(db, caller.businessId, id.toLowerCase()) : undefined;
  if (!row) throw notFound('Order');
  assertOrderStore(caller, row.store_id);
  const [order] = await toOrders(db, caller.businessId, [row]);
  return order!;
};

/** The order, locked for a change, seen by a caller allowed its store. */
export const lockOrderFor = async (tx: InTx, caller: Caller, id: string): Promise<OrderRow> => {
  const row = isUuid(id)
    ? await orderRow(tx, caller.businessId, id.toLowerCase(), { lock: true })
    : undefined;
  if (!row) throw notFound('Order');
  assertOrderStore(caller, row.store_id);
  return row;
};

/** GET /v1/orders/businesses/{b}: newest first, with counts and totals per status for the tabs. */
export const listOrders = async (
  db: Database,
  caller: Caller,
  query: z.output<typeof orderListQuery>,
): Promise<OrderList> => {
  const b = caller.businessId;
  let base = ordersFrom(db).where('o.business_id', '=', b);
  if (!caller.isAdmin)
    base = caller.storeIds.length
      ? base.where('o.store_id', 'in', [...caller.storeIds])
      : base.where(sql<boolean>`false`);
  if (query.store_id) base = base.where('o.store_id', '=', query.store_id.toLowerCase());
  if (query.startdate) base = base.where('o.created_at', '>=', dayStart(b, query.startdate));
  if (query.enddate) base = base.where('o.created_at', '<', dayEnd(b, query.enddate));
  if (query.search) {
    const like = `%${escapeLike(query.search.toLowerCase())}%`;
    const digits = query.search.replace(/\D/g, '');
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(o.number)`, 'like', like),
        eb(sql`lower(o.shopper_name)`, 'like', like),
        ...(digits.length >= 3 ? [eb('o.shopper_phone', 'like', `%${escapeLike(digits.slice(-10))}%`)] : []),
      ]),
    );
  }
  const sums = await base
    .select([
      'o.status',
      (eb) => eb.fn.countAll<number>().as('count'),
      sql<number>`coalesce(sum(o.total_kobo), 0)`.as('total'),
    ])
    .groupBy('o.status')
    .execute();
  const filtered = query.status ? base.where('o.status', '=', query.status) : base;
  const rows = (await filtered
    .select(orderColumns)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute()) as OrderRow[];
  const total = query.status
    ? Number(sums.find((s) => s.status === query.status)?.count ?? 0)
    : sums.reduce((n, s) => n + Number(s.count), 0);
  return {
    items: await toOrders(db, b, rows),
    total,
    page: query.page,
    limit: query.limit,
    sums: sums.map((s) => ({ status: s.status, count: Number(s.count), total: fromKobo(s.total) })),
  };
};

/** A step of the order's history, with who took it (null: the shopper or the bank). */
export const recordOrderEvent = (
  tx: Tx,
  e: { businessId: string; orderId: string; status: OrderStatus; note: string | null; userId: string | null },
) =>
  tx
    .insertInto('order_events')
    .values({
      business_id: e.businessId,
      order_id: e.orderId,
      id: newId(),
      status: e.status,
      note: e.note,
      user_id: e.userId,
    })
    .execute();

const refuseClosed = (row: OrderRow, what: string) => {
  if (row.status === 'cancelled') throw conflict(`This order is cancelled: ${what}.`);
  if (row.status === 'delivered') throw conflict(`This order is delivered: ${what}.`);
};

/** PATCH /v1/orders/addfee/: a fee (delivery, packaging...) the shopper owes on top; the same `_id` twice adds once. */
export const addOrderFee = async (
  db: Database,
  caller: Caller,
  body: z.output<typeof addOrderFeeBody>,
): Promise<Order> => {
  await db.transaction().execute(async (tx) => {
    const row = await lockOrderFor(tx, caller, body.order_id);
    const feeId = body._id.toLowerCase();
    const seen = await tx
      .selectFrom('order_fees')
      .select('order_id')
      .where('business_id', '=', caller.businessId)
      .where('id', '=', feeId)
      .executeTakeFirst();
    if (seen) {
      if (seen.order_id !== row.id) throw conflict('This fee id is already used; add the fee again.');
      return;
    }
    refuseClosed(row, 'no fee can be added');
    await tx
      .insertInto('order_fees')
      .values({
        business_id: caller.businessId,
        order_id: row.id,
        id: feeId,
        name: body.name,
        amount_kobo: toKobo(body.amount),
        created_by: caller.userId,
      })
      .execute();
    await refreshOrderMoney(tx, caller.businessId, row.id);
    await publishChange(tx, caller.businessId, { topic: 'orders', stores: [row.store_id], ids: [row.id] });
  });
  return getOrder(db, caller, body.order_id);
};

/**
 * PATCH /v1/orders/recordpayment/: money received by hand (on delivery, at pickup, a transfer to
 * another account). Never more than is owed; the same `_id` twice records once.
 */
export const recordOrderPayment = async (
  db: Database,
  caller: Caller,
  body: z.output<typeof recordOrderPaymentBody>,
): Promise<Order> => {
  await db.transaction().execute(async (tx) => {
    const row = await lockOrderFor(tx, caller, body.order_id);
    const paymentId = body._id.toLowerCase();
    const seen = await tx
      .selectFrom('order_payments')
      .select('order_id')
      .where('business_id', '=', caller.businessId)
      .where('id', '=', paymentId)
      .executeTakeFirst();
    if (seen) {
      if (seen.order_id !== row.id)
        throw conflict('This payment id is already used; record the payment again.');
      return;
    }
    if (row.status === 'cancelled') throw conflict('This order is cancelled: nothing is owed.');
    const { balanceKobo } = moneyOf(row);
    const amountKobo = toKobo(body.amount);
    if (balanceKobo === 0) throw conflict('This order is paid: nothing is owed.');
    if (amountKobo > balanceKobo)
      throw badRequest(`amount cannot be more than what is owed (${formatKobo(balanceKobo)}).`);
    await tx
      .insertInto('order_payments')
      .values({
        business_id: caller.businessId,
        order_id: row.id,
        id: paymentId,
        method: body.method,
        source: 'manual',
        amount_kobo: amountKobo,
        paid_at: body.paid_at ? new Date(body.paid_at) : new Date(),
        reference: body.reference || null,
        payer_name: null,
        bank_transaction_id: null,
        recorded_by: caller.userId,
      })
      .execute();
    await refreshOrderMoney(tx, caller.businessId, row.id);
    await publishChange(tx, caller.businessId, { topic: 'orders', stores: [row.store_id], ids: [row.id] });
  });
  return getOrder(db, caller, body.order_id);
};

/**
 * A transfer to the order's own account, recorded when the bank's event came (flows/receive-bank-event).
 * Kept whatever the order's state: money for a cancelled or already paid order shows as refund due.
 * False when this bank transaction was already recorded.
 */
export const recordOrderRailPayment = async (
  tx: InTx,
  p: {
    businessId: string;
    orderId: string;
    bankTransactionId: string;
    amountKobo: number;
    paidAt: Date;
    reference: string;
    payerName: string | null;
  },
): Promise<boolean> => {
  const row = await orderRow(tx, p.businessId, p.orderId, { lock: true });
  if (!row) return false;
  const inserted = await tx
    .insertInto('order_payments')
    .values({
      business_id: p.businessId,
      order_id: p.orderId,
      id: newId(),
      method: 'transfer',
      source: 'rail',
      amount_kobo: p.amountKobo,
      paid_at: p.paidAt,
      reference: p.reference,
      payer_name: p.payerName,
      bank_transaction_id: p.bankTransactionId,
      recorded_by: null,
    })
    .onConflict((oc) => oc.column('bank_transaction_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await refreshOrderMoney(tx, p.businessId, p.orderId);
  await queueOrderMessage(tx, {
    businessId: p.businessId,
    orderId: p.orderId,
    recipient: 'owner',
    kind: 'payment',
  });
  if (row.shopper_email)
    await queueOrderMessage(tx, {
      businessId: p.businessId,
      orderId: p.orderId,
      recipient: 'shopper',
      kind: 'payment',
    });
  await publishChange(tx, p.businessId, { topic: 'orders', stores: [row.store_id], ids: [row.id] });
  return true;
};

/** A line of a new order, priced by the shop. */
export type NewOrderLine = {
  productId: string;
  varietyId: string | null;
  itemId: string;
  name: string;
  quantity: number;
  unitPriceKobo: number;
  unitCostKobo: number;
  tracksStock: boolean;
};

/** Writes a placed order (pending, its stock held), its lines, fees, first history step and messages. */
export const insertOrder = async (
  tx: InTx,
  o: {
    businessId: string;
    id: string;
    number: string;
    storeId: string;
    fulfilment: 'delivery' | 'pickup';
    paymentMethod: 'transfer' | 'on_delivery';
    shopper: { name: string; phone: string; email: string | null };
    address: string | null;
    zone: string | null;
    note: string | null;
    lines: readonly NewOrderLine[];
    fees: readonly { name: string; amountKobo: number }[];
    token: string;
    placedFrom: string | null;
  },
): Promise<void> => {
  const subtotal = o.lines.reduce((s, l) => s + l.unitPriceKobo * l.quantity, 0);
  const fees = o.fees.reduce((s, f) => s + f.amountKobo, 0);
  await tx
    .insertInto('orders')
    .values({
      business_id: o.businessId,
      id: o.id,
      number: o.number,
      store_id: o.storeId,
      status: 'pending',
      fulfilment: o.fulfilment,
      payment_method: o.paymentMethod,
      stock_state: 'held',
      shopper_name: o.shopper.name,
      shopper_phone: o.shopper.phone,
      shopper_email: o.shopper.email,
      delivery_address: o.address,
      delivery_zone: o.zone,
      note: o.note,
      subtotal_kobo: subtotal,
      fee_total_kobo: fees,
      total_kobo: subtotal + fees,
      paid_kobo: 0,
      public_token: o.token,
      sale_id: null,
      placed_from: o.placedFrom,
    })
    .execute();
  await tx
    .insertInto('order_lines')
    .values(
      o.lines.map((l, position) => ({
        business_id: o.businessId,
        order_id: o.id,
        id: newId(),
        position,
        product_id: l.productId,
        variety_id: l.varietyId,
        item_id: l.itemId,
        name: l.name,
        quantity: l.quantity,
        unit_price_kobo: l.unitPriceKobo,
        unit_cost_kobo: l.unitCostKobo,
        total_kobo: l.unitPriceKobo * l.quantity,
        tracks_stock: l.tracksStock,
      })),
    )
    .execute();
  if (o.fees.length)
    await tx
      .insertInto('order_fees')
      .values(
        o.fees.map((f) => ({
          business_id: o.businessId,
          order_id: o.id,
          id: newId(),
          name: f.name,
          amount_kobo: f.amountKobo,
          created_by: null,
        })),
      )
      .execute();
  await recordOrderEvent(tx, {
    businessId: o.businessId,
    orderId: o.id,
    status: 'pending',
    note: null,
    userId: null,
  });
  await queueOrderMessage(tx, {
    businessId: o.businessId,
    orderId: o.id,
    recipient: 'owner',
    kind: 'placed',
  });
  if (o.shopper.email)
    await queueOrderMessage(tx, {
      businessId: o.businessId,
      orderId: o.id,
      recipient: 'shopper',
      kind: 'placed',
    });
  await publishChange(tx, o.businessId, { topic: 'orders', stores: [o.storeId], ids: [o.id] });
};

/** The order's lines and payments as the status flow needs them (stock out, the sale). */
export const orderParts = async (tx: Tx, businessId: string, orderId: string) => {
  const [lines, payments] = await Promise.all([
    tx
      .selectFrom('order_lines')
      .select([
        'product_id',
        'variety_id',
        'name',
        'quantity',
        'unit_price_kobo',
        'unit_cost_kobo',
        'total_kobo',
        'tracks_stock',
      ])
      .where('business_id', '=', businessId)
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute(),
    tx
      .selectFrom('order_payments')
      .select(['method', 'amount_kobo', 'bank_transaction_id', 'paid_at'])
      .where('business_id', '=', businessId)
      .where('order_id', '=', orderId)
      .orderBy('paid_at')
      .orderBy('id')
      .execute(),
  ]);
  return {
    lines: lines.map((l) => ({
      ...l,
      unit_price_kobo: Number(l.unit_price_kobo),
      unit_cost_kobo: Number(l.unit_cost_kobo),
      total_kobo: Number(l.total_kobo),
    })),
    payments: payments.map((p) => ({
      method: p.method,
      amountKobo: Number(p.amount_kobo),
      bankTransactionId: p.bank_transaction_id,
      paidAt: new Date(p.paid_at),
    })),
  };
};

/** Moves the order to its next status (checked by the caller) and tells the shopper. */
export const setOrderStatus = async (
  tx: InTx,
  row: OrderRow,
  change: {
    status: OrderStatus;
    stockState: OrderRow['stock_state'];
    saleId: string | null;
    note: string | null;
    userId: string;
  },
): Promise<void> => {
  await tx
    .updateTable('orders')
    .set({
      status: change.status,
      stock_state: change.stockState,
      sale_id: change.saleId,
      updated_at: sql`clock_timestamp()`,
    })
    .where('business_id', '=', row.business_id)
    .where('id', '=', row.id)
    .execute();
  await recordOrderEvent(tx, {
    businessId: row.business_id,
    orderId: row.id,
    status: change.status,
    note: change.note,
    userId: change.userId,
  });
  if (row.shopper_email && change.status !== 'pending')
    await queueOrderMessage(tx, {
      businessId: row.business_id,
      orderId: row.id,
      recipient: 'shopper',
      kind: change.status,
    });
  await publishChange(tx, row.business_id, { topic: 'orders', stores: [row.store_id], ids: [row.id] });
};

/** The order a shopper's link names (by its unguessable token), with its shop. */
export const orderByToken = async (db: Tx, token: string) => {
  const found = await db
    .selectFrom('orders as o')
    .innerJoin('online_stores as os', 'os.business_id', 'o.business_id')
    .innerJoin('businesses as b', 'b.id', 'o.business_id')
    .innerJoin('stores as s', (j) =>
      j.onRef('s.business_id', '=', 'o.business_id').onRef('s.id', '=', 'o.store_id'),
    )
    .select([
      'o.business_id',
      'o.id',
      'os.name',
      'os.slug',
      's.address',
      's.phone as store_phone',
      'b.phone as business_phone',
      'b.timezone',
    ])
    .where('o.public_token', '=', token)
    .executeTakeFirst();
  if (!found) return undefined;
  const row = await orderRow(db, found.business_id, found.id);
  if (!row) return undefined;
  const [order] = await toOrders(db, found.business_id, [row]);
  return {
    businessId: found.business_id,
    order: order!,
    shop: {
      name: found.name,
      slug: found.slug,
      phone: found.store_phone ?? found.business_phone,
      pickupAddress: found.address,
      timezone: found.timezone,
    },
  };
};
