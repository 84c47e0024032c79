import { fromKobo, orderMoney, type Order, type OrderStatus, type PublicOrder } from '@ms/contracts';
import { sql } from 'kysely';
import type { Tx } from '../../db/database.js';

/**
 * Orders as stored (issue 15, decision 0013): reads of whole orders and the money kept on the row.
 * Only this module writes `orders`, `order_lines`, `order_fees`, `order_payments`, `order_events` and
 * `order_messages` (the checkout and status flows write through its service).
 */

export const orderColumns = [
  'o.business_id',
  'o.id',
  'o.number',
  'o.store_id',
  's.name as store_name',
  's.address as store_address',
  'o.status',
  'o.fulfilment',
  'o.payment_method',
  'o.stock_state',
  'o.shopper_name',
  'o.shopper_phone',
  'o.shopper_email',
  'o.delivery_address',
  'o.delivery_zone',
  'o.note',
  'o.subtotal_kobo',
  'o.fee_total_kobo',
  'o.total_kobo',
  'o.paid_kobo',
  'o.public_token',
  'o.sale_id',
  'o.created_at',
  'o.updated_at',
] as const;

export const ordersFrom = (db: Tx) =>
  db
    .selectFrom('orders as o')
    .innerJoin('stores as s', (j) =>
      j.onRef('s.business_id', '=', 'o.business_id').onRef('s.id', '=', 'o.store_id'),
    );

export type OrderRow = {
  business_id: string;
  id: string;
  number: string;
  store_id: string;
  store_name: string;
  store_address: string | null;
  status: OrderStatus;
  fulfilment: 'delivery' | 'pickup';
  payment_method: 'transfer' | 'on_delivery';
  stock_state: 'held' | 'gone' | 'released';
  shopper_name: string;
  shopper_phone: string;
  shopper_email: string | null;
  delivery_address: string | null;
  delivery_zone: string | null;
  note: string | null;
  subtotal_kobo: number;
  fee_total_kobo: number;
  total_kobo: number;
  paid_kobo: number;
  public_token: string;
  sale_id: string | null;
  created_at: Date;
  updated_at: Date;
};

/** One order's row; `lock` holds it (FOR UPDATE) for the rest of the transaction. */
export const orderRow = async (
  tx: Tx,
  businessId: string,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<OrderRow | undefined> => {
  if (opts.lock)
    await tx
      .selectFrom('orders')
      .select('id')
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .forUpdate()
      .execute();
  return (await ordersFrom(tx)
    .select(orderColumns)
    .where('o.business_id', '=', businessId)
    .where('o.id', '=', id)
    .executeTakeFirst()) as OrderRow | undefined;
};

export const moneyOf = (row: Pick<OrderRow, 'subtotal_kobo' | 'fee_total_kobo' | 'paid_kobo' | 'status'>) =>
  orderMoney({
    lineTotalsKobo: [Number(row.subtotal_kobo)],
    feesKobo: [Number(row.fee_total_kobo)],
    paidKobo: Number(row.paid_kobo),
    cancelled: row.status === 'cancelled',
  });

/** Recomputes the money kept on the row from its fees and payments (in the change's transaction). */
export const refreshOrderMoney = async (tx: Tx, businessId: string, id: string): Promise<void> => {
  await sql`
    UPDATE orders o SET
      fee_total_kobo = f.fees,
      total_kobo = o.subtotal_kobo + f.fees,
      paid_kobo = p.paid,
      updated_at = clock_timestamp()
    FROM (SELECT coalesce(sum(amount_kobo), 0) AS fees FROM order_fees
           WHERE business_id = ${businessId} AND order_id = ${id}) f,
         (SELECT coalesce(sum(amount_kobo), 0) AS paid FROM order_payments
           WHERE business_id = ${businessId} AND order_id = ${id}) p
    WHERE o.business_id = ${businessId} AND o.id = ${id}`.execute(tx);
};

const userName = sql<string | null>`nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')`;

/** Orders with their lines, fees, payments and history, in the order of `rows`. */
export const toOrders = async (tx: Tx, businessId: string, rows: OrderRow[]): Promise<Order[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const shop = await tx
    .selectFrom('online_stores')
    .select('slug')
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  const [lines, fees, payments, events] = await Promise.all([
    tx
      .selectFrom('order_lines')
      .select([
        'order_id',
        'id',
        'product_id',
        'variety_id',
        'name',
        'quantity',
        'unit_price_kobo',
        'total_kobo',
      ])
      .where('business_id', '=', businessId)
      .where('order_id', 'in', ids)
      .orderBy('position')
      .execute(),
    tx
      .selectFrom('order_fees')
      .select(['order_id', 'id', 'name', 'amount_kobo', 'created_at'])
      .where('business_id', '=', businessId)
      .where('order_id', 'in', ids)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    tx
      .selectFrom('order_payments as p')
      .leftJoin('users as u', (j) =>
        j.onRef('u.business_id', '=', 'p.business_id').onRef('u.id', '=', 'p.recorded_by'),
      )
      .select([
        'p.order_id',
        'p.id',
        'p.method',
        'p.source',
        'p.amount_kobo',
        'p.paid_at',
        'p.reference',
        'p.payer_name',
        userName.as('recorded_by_name'),
      ])
      .where('p.business_id', '=', businessId)
      .where('p.order_id', 'in', ids)
      .orderBy('p.paid_at')
      .orderBy('p.id')
      .execute(),
    tx
      .selectFrom('order_events as e')
      .leftJoin('users as u', (j) =>
        j.onRef('u.business_id', '=', 'e.business_id').onRef('u.id', '=', 'e.user_id'),
      )
      .select(['e.order_id', 'e.status', 'e.note', 'e.at', userName.as('by_name')])
      .where('e.business_id', '=', businessId)
      .where('e.order_id', 'in', ids)
      .orderBy('e.at')
      .orderBy('e.id')
      .execute(),
  ]);
  const of = <T extends { order_id: string }>(list: T[], id: string) => list.filter((x) => x.order_id === id);
  return rows.map((r) => {
    const money = moneyOf(r);
    return {
      _id: r.id,
      number: r.number,
      store_id: r.store_id,
      store_name: r.store_name,
      status: r.status,
      fulfilment: r.fulfilment,
      payment_method: r.payment_method,
      payment_status: money.paymentState,
      shopper_name: r.shopper_name,
      shopper_phone: r.shopper_phone,
      shopper_email: r.shopper_email,
      delivery_address: r.delivery_address,
      delivery_zone: r.delivery_zone,
      note: r.note,
      items: of(lines, r.id).map((l) => ({
        _id: l.id,
        product_id: l.product_id,
        variety_id: l.variety_id,
        name: l.name,
        quantity: l.quantity,
        price: fromKobo(l.unit_price_kobo),
        total: fromKobo(l.total_kobo),
      })),
      fees: of(fees, r.id).map((f) => ({
        _id: f.id,
        name: f.name,
        amount: fromKobo(f.amount_kobo),
        created_at: new Date(f.created_at).toISOString(),
      })),
      subtotal: fromKobo(money.subtotalKobo),
      fee_total: fromKobo(money.feeTotalKobo),
      total: fromKobo(money.totalKobo),
      amount_paid: fromKobo(r.paid_kobo),
      balance: fromKobo(money.balanceKobo),
      refund_due: fromKobo(money.refundDueKobo),
      payments: of(payments, r.id).map((p) => ({
        _id: p.id,
        method: p.method,
        amount: fromKobo(p.amount_kobo),
        paid_at: new Date(p.paid_at).toISOString(),
        reference: p.reference,
        source: p.source,
        payer_name: p.payer_name,
        recorded_by_name: p.recorded_by_name,
      })),
      history: of(events, r.id).map((e) => ({
        status: e.status as OrderStatus,
        note: e.note,
        at: new Date(e.at).toISOString(),
        by_name: e.by_name,
      })),
      stock_state: r.stock_state,
      sale_id: r.sale_id,
      link: `/shop/${shop?.slug ?? 'shop'}/order/${r.public_token}`,
      created_at: new Date(r.created_at).toISOString(),
      updated_at: new Date(r.updated_at).toISOString(),
    };
  });
};

/** The shopper's view: what they bought, where it is, what is owed — nothing of the business's books. */
export const toPublicOrder = (
  order: Order,
  shop: { name: string; slug: string; phone: string | null; pickupAddress: string | null; timezone: string },
  token: string,
): PublicOrder => ({
  number: order.number,
  token,
  shop_name: shop.name,
  shop_slug: shop.slug,
  status: order.status,
  fulfilment: order.fulfilment,
  payment_method: order.payment_method,
  payment_status: order.payment_status,
  shopper_name: order.shopper_name,
  delivery_address: order.delivery_address,
  delivery_zone: order.delivery_zone,
  pickup: order.fulfilment === 'pickup' ? { name: order.store_name, address: shop.pickupAddress } : null,
  items: order.items.map((i) => ({ name: i.name, quantity: i.quantity, price: i.price, total: i.total })),
  fees: order.fees.map((f) => ({ name: f.name, amount: f.amount })),
  subtotal: order.subtotal,
  fee_total: order.fee_total,
  total: order.total,
  amount_paid: order.amount_paid,
  balance: order.balance,
  refund_due: order.refund_due,
  history: order.history.map((h) => ({ status: h.status, note: h.note, at: h.at })),
  phone: shop.phone,
  timezone: shop.timezone,
  created_at: order.created_at,
});
