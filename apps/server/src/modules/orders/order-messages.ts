import { formatMoney, ORDER_STATUS_LABELS, type Order } from '@ms/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { ownerEmailOf } from '../accounts/index.js';
import { orderRow, toOrders } from './orders.repository.js';

/**
 * E-mails about orders (issue 15): the shopper hears of each step (placed, confirmed, ready, shipped,
 * delivered, cancelled, money received), the owner of each new order and each transfer. A message is a
 * row written in the same transaction as what it tells of; `sendOrderMessages` claims rows (marking
 * them sent in one committed statement, SKIP LOCKED) and then sends, so two runs or two servers send each
 * once; a send that fails puts its row back for the next run.
 */

export type OrderMessageKind =
  'placed' | 'payment' | 'confirmed' | 'ready' | 'shipped' | 'delivered' | 'cancelled';

export const queueOrderMessage = (
  tx: Tx,
  m: { businessId: string; orderId: string; recipient: 'shopper' | 'owner'; kind: OrderMessageKind },
) =>
  tx
    .insertInto('order_messages')
    .values({
      business_id: m.businessId,
      order_id: m.orderId,
      id: newId(),
      recipient: m.recipient,
      kind: m.kind,
    })
    .execute();

const shopperText = (kind: OrderMessageKind, order: Order, shopName: string, link: string) => {
  const head = `Order ${order.number} from ${shopName}`;
  const lines: Record<OrderMessageKind, [string, string]> = {
    placed: [
      `${head}: we have your order`,
      order.payment_method === 'transfer' && order.balance > 0
        ? `Thank you, ${order.shopper_name}. Your order for ${formatMoney(order.total)} is placed. Pay ${formatMoney(order.balance)} by bank transfer to the account shown on your order page; it updates by itself when the money arrives.`
        : `Thank you, ${order.shopper_name}. Your order for ${formatMoney(order.total)} is placed; you pay when you receive it.`,
    ],
    payment: [
      `${head}: payment received`,
      order.refund_due > 0
        ? `We received your transfer. ${formatMoney(order.refund_due)} is more than this order needs; ${shopName} will refund it.`
        : order.balance > 0
          ? `We received your transfer. ${formatMoney(order.balance)} is still to pay.`
          : `We received your payment of ${formatMoney(order.amount_paid)}. Your order is paid.`,
    ],
    confirmed: [`${head} is confirmed`, `${shopName} has confirmed your order and is preparing it.`],
    ready: [
      `${head} is ready`,
      order.fulfilment === 'pickup'
        ? `Your order is ready for pickup at ${order.store_name}.`
        : 'Your order is packed and will be on its way soon.',
    ],
    shipped: [`${head} is on its way`, 'Your order has left the shop and is on its way to you.'],
    delivered: [`${head} is delivered`, `Your order was delivered. Thank you for shopping with ${shopName}.`],
    cancelled: [
      `${head} is cancelled`,
      order.refund_due > 0
        ? `Your order was cancelled. ${formatMoney(order.refund_due)} you paid will be refunded by ${shopName}.`
        : 'Your order was cancelled.',
    ],
  };
  const [subject, first] = lines[kind];
  const note = order.history.at(-1)?.note;
  return {
    subject,
    body: [
      first,
      kind !== 'placed' && kind !== 'payment' && note ? `Note from the shop: ${note}` : null,
      `Follow your order: ${link}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
  };
};

const ownerText = (kind: OrderMessageKind, order: Order) =>
  kind === 'placed'
    ? {
        subject: `New online order ${order.number}: ${formatMoney(order.total)}`,
        body: `${order.shopper_name} (${order.shopper_phone}) ordered ${order.items.length} item(s) for ${formatMoney(order.total)}, ${order.fulfilment === 'pickup' ? 'to pick up' : 'for delivery'}, paying ${order.payment_method === 'transfer' ? 'by bank transfer' : 'on delivery'}. Status: ${ORDER_STATUS_LABELS[order.status]}.`,
      }
    : {
        subject: `Payment received for order ${order.number}`,
        body:
          order.refund_due > 0
            ? `A transfer arrived for order ${order.number}, which was ${order.status === 'cancelled' ? 'cancelled' : 'already paid'}: ${formatMoney(order.refund_due)} is owed back to ${order.shopper_name}.`
            : `A transfer arrived for order ${order.number} (${order.shopper_name}). ${order.balance > 0 ? `${formatMoney(order.balance)} is still to pay.` : 'It is now paid in full.'}`,
      };

/** Sends the messages waiting (all of them, or one order's); how many were sent. */
export const sendOrderMessages = async (
  deps: Pick<Deps, 'db' | 'notifications' | 'env'>,
  only?: { businessId: string; orderId: string },
): Promise<number> => {
  let sent = 0;
  let failed = false;
  for (;;) {
    const claimed = await deps.db
      .updateTable('order_messages')
      .set({ status: 'sent', claimed_at: sql`clock_timestamp()` })
      .where(
        sql<boolean>`(business_id, id) IN (
          SELECT business_id, id FROM order_messages
           WHERE status = 'waiting'
             ${only ? sql`AND business_id = ${only.businessId} AND order_id = ${only.orderId}` : sql``}
           ORDER BY created_at, id LIMIT 50 FOR UPDATE SKIP LOCKED)`,
      )
      .returning(['business_id', 'id', 'order_id', 'recipient', 'kind'])
      .execute();
    for (const m of claimed.sort((a, b) => (a.id < b.id ? -1 : 1))) {
      try {
        const row = await orderRow(deps.db, m.business_id, m.order_id);
        const shop = await deps.db
          .selectFrom('online_stores')
          .select(['name'])
          .where('business_id', '=', m.business_id)
          .executeTakeFirst();
        const [order] = row ? await toOrders(deps.db, m.business_id, [row]) : [];
        const to = m.recipient === 'owner' ? await ownerEmailOf(deps.db, m.business_id) : row?.shopper_email;
        if (order && to) {
          const kind = m.kind as OrderMessageKind;
          const text =
            m.recipient === 'owner'
              ? ownerText(kind, order)
              : shopperText(
                  kind,
                  order,
                  shop?.name ?? order.store_name,
                  `${deps.env.publicUrl}${order.link}`,
                );
          await deps.notifications.send({
            channel: 'email',
            to,
            ...text,
            kind: `order_${m.recipient}_${m.kind}`,
            businessId: m.business_id,
          });
          sent++;
        }
        await deps.db
          .updateTable('order_messages')
          .set({ sent_at: sql`clock_timestamp()` })
          .where('business_id', '=', m.business_id)
          .where('id', '=', m.id)
          .execute();
      } catch {
        failed = true;
        await deps.db
          .updateTable('order_messages')
          .set({ status: 'waiting', claimed_at: null })
          .where('business_id', '=', m.business_id)
          .where('id', '=', m.id)
          .execute();
      }
    }
    // A failed send waits for the next run (not this loop, which would claim it again at once).
    if (claimed.length < 50 || failed) return sent;
  }
};
