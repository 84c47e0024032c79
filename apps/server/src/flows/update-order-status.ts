import {
  ORDER_PAYMENT_METHOD_LABELS,
  orderStepRefusal,
  paidStatus,
  type Order,
  type OrderPaymentMethod,
  type updateOrderBody,
} from '@ms/contracts';
import type { z } from 'zod';
import type { Deps } from '../deps.js';
import type { InTx } from '../db/database.js';
import { conflict } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import type { AuthContext } from '../plugins/auth.js';
import { publishChange } from '../modules/changes/index.js';
import { moveStock } from '../modules/inventory/index.js';
import {
  getOrder,
  lockOrderFor,
  moneyOf,
  orderParts,
  sendOrderMessages,
  setOrderStatus,
  type OrderRow,
} from '../modules/orders/index.js';
import {
  awaitingPaymentsOf,
  claimSaleId,
  completeSale,
  confirmPayment,
  insertSaleLines,
} from '../modules/sales/index.js';

/**
 * PATCH /v1/orders/update/ (issue 15, decision 0013): the order's next status, in one transaction with
 * what it means for stock and sales. Illegal steps are refused (409, `orderStepRefusal`). When the
 * order is shipped, or delivered without being shipped, its stock leaves the store through the stock
 * ledger (it was held until then); a cancelled order releases what it held (nothing had moved). A
 * delivered order (paid in full) becomes a sale — its goods at the order's prices, paid by the order's
 * payments — so sales history, reports and the dashboard count it; delivery fees stay on the order.
 */
export const updateOrderStatus = async (
  deps: Pick<Deps, 'db' | 'notifications' | 'env'>,
  auth: AuthContext,
  body: z.output<typeof updateOrderBody>,
): Promise<Order> => {
  const b = auth.businessId;
  const orderId = await deps.db.transaction().execute(async (tx) => {
    const row = await lockOrderFor(tx, auth, body.order_id);
    const refusal = orderStepRefusal(row.status, body.status, {
      fulfilment: row.fulfilment,
      balanceKobo: moneyOf(row).balanceKobo,
    });
    if (refusal) throw conflict(refusal);
    const parts = await orderParts(tx, b, row.id);
    let stockState = row.stock_state;
    if ((body.status === 'shipped' || body.status === 'delivered') && stockState === 'held') {
      await moveStock(
        tx,
        {
          businessId: b,
          userId: auth.userId,
          reason: 'online_order',
          note: row.number,
          referenceType: 'order',
          referenceId: row.id,
        },
        parts.lines
          .filter((l) => l.tracks_stock)
          .map((l) => ({
            storeId: row.store_id,
            productId: l.product_id,
            varietyId: l.variety_id,
            quantity: -l.quantity,
          })),
      );
      stockState = 'gone';
    }
    if (body.status === 'cancelled' && stockState === 'held') stockState = 'released';
    const saleId = body.status === 'delivered' ? await recordOrderSale(tx, auth, row, parts) : row.sale_id;
    await setOrderStatus(tx, row, {
      status: body.status,
      stockState,
      saleId,
      note: body.note || null,
      userId: auth.userId,
    });
    return row.id;
  });
  await sendOrderMessages(deps, { businessId: b, orderId }).catch(() => 0);
  return getOrder(deps.db, auth, orderId);
};

/**
 * The sale a delivered order becomes (a new sale id, kept on the order; the order is locked and
 * delivered once, so it is recorded once). Its payments are the order's, oldest first, up to the goods'
 * total (payments cover the goods first; what is beyond them paid the fees, which are not goods). The
 * part a transfer to the order's account paid is a "bank transfer (fixed)" payment confirmed by that
 * transfer, so the payments lists count the transfer once (decision 0010).
 */
const recordOrderSale = async (
  tx: InTx,
  auth: AuthContext,
  row: OrderRow,
  parts: Awaited<ReturnType<typeof orderParts>>,
): Promise<string> => {
  const b = auth.businessId;
  const saleId = newId();
  const claim = await claimSaleId(tx, { businessId: b, saleId, storeId: row.store_id, userId: auth.userId });
  if (claim !== 'claimed') throw conflict('This order was already recorded as a sale.');
  await insertSaleLines(
    tx,
    b,
    saleId,
    parts.lines.map((l) => ({
      productId: l.product_id,
      varietyId: l.variety_id,
      name: l.name,
      tracksStock: l.tracks_stock,
      unitPriceKobo: l.unit_price_kobo,
      unitCostKobo: l.unit_cost_kobo,
      modifiers: [],
      quantity: l.quantity,
      discount: null,
      discountKobo: 0,
      totalKobo: l.total_kobo,
      netKobo: l.total_kobo,
    })),
  );
  const goodsKobo = parts.lines.reduce((s, l) => s + l.total_kobo, 0);
  const byMethod = new Map<string, number>();
  const byTransfer: { transactionId: string; amountKobo: number; at: Date }[] = [];
  let left = goodsKobo;
  for (const p of parts.payments) {
    const take = Math.min(p.amountKobo, left);
    if (take <= 0) break;
    if (p.bankTransactionId)
      byTransfer.push({ transactionId: p.bankTransactionId, amountKobo: take, at: p.paidAt });
    else byMethod.set(p.method, (byMethod.get(p.method) ?? 0) + take);
    left -= take;
  }
  const paidKobo = goodsKobo - left;
  await completeSale(
    tx,
    { businessId: b, saleId, userId: auth.userId },
    [
      ...byTransfer.map((t) => ({
        method: 'fixed_account',
        amountKobo: t.amountKobo,
        points: null,
        methodLabel: 'Bank transfer (online order)',
      })),
      ...[...byMethod].map(([method, amountKobo]) => ({
        method,
        amountKobo,
        points: null,
        methodLabel: `${ORDER_PAYMENT_METHOD_LABELS[method as OrderPaymentMethod] ?? method} (online order)`,
      })),
    ],
    {
      status: paidStatus(goodsKobo, paidKobo),
      subtotal_kobo: goodsKobo,
      total_kobo: goodsKobo,
      amount_paid_kobo: paidKobo,
      note: `Online order ${row.number}`,
    },
  );
  // Each transfer's part, confirmed by that transfer (equal amounts are interchangeable).
  const waiting = await awaitingPaymentsOf(tx, b, saleId);
  for (const t of byTransfer) {
    const index = waiting.findIndex((w) => Number(w.amount_kobo) === t.amountKobo);
    const [payment] = index < 0 ? [] : waiting.splice(index, 1);
    if (payment) await confirmPayment(tx, b, payment.id, { transactionId: t.transactionId, at: t.at });
  }
  await publishChange(tx, b, { topic: 'sales', stores: [row.store_id] });
  return saleId;
};
