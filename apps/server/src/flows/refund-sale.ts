import { refundAmountKobo, type RefundBody, type Sale } from '@ms/contracts';
import type { Database } from '../db/database.js';
import type { RefundPayoutJson } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import type { AuthContext } from '../plugins/auth.js';
import { moveStock } from '../modules/inventory/index.js';
import { refundToStoreCredit, reversePoints } from '../modules/loyalty/index.js';
import { recordRegisterCash } from '../modules/registers/index.js';
import {
  insertRefund,
  loadSale,
  lockSale,
  paidByMethod,
  refundedByMethod,
  saleLineRows,
  updateSale,
} from '../modules/sales/index.js';

/**
 * Refunds lines of a paid sale in one transaction: stock back to the sale's store, the money out
 * (cash from the register, store credit, or back the way it was paid), points earned taken back,
 * and the refund kept on the sale.
 */
export const refundSale = async (
  db: Database,
  auth: AuthContext,
  saleId: string,
  body: RefundBody,
): Promise<Sale> =>
  db.transaction().execute(async (tx) => {
    const row = await lockSale(tx, auth, saleId);
    if (row.status !== 'completed' && row.status !== 'partially_refunded')
      throw conflict(
        row.status === 'refunded'
          ? 'This sale is already fully refunded.'
          : 'Only a fully paid sale can be refunded.',
      );
    if (body.to === 'store_credit' && !row.customer_id)
      throw badRequest('to: store_credit needs a customer on the sale.');
    const saleLines = await saleLineRows(tx, auth.businessId, row.id);
    const lineById = new Map(saleLines.map((l) => [l.id, l]));
    const asked = new Map<string, number>();
    for (const l of body.lines) {
      const id = l.line_id.toLowerCase();
      if (!lineById.has(id)) throw notFound('Sale line');
      asked.set(id, (asked.get(id) ?? 0) + l.quantity);
    }
    const refundId = newId();
    const refundLines = [...asked.entries()].map(([lineId, quantity]) => {
      const line = lineById.get(lineId)!;
      const left = line.quantity - line.refunded_quantity;
      if (quantity > left)
        throw conflict(
          left === 0
            ? `${line.name} is already fully refunded.`
            : `Cannot refund ${quantity} of ${line.name}: only ${left} left to refund.`,
        );
      return {
        line,
        quantity,
        amountKobo: refundAmountKobo(line.net_kobo, line.quantity, line.refunded_quantity, quantity),
      };
    });
    const amountKobo = refundLines.reduce((a, l) => a + l.amountKobo, 0);

    // Where the money goes.
    const payouts: RefundPayoutJson[] = [];
    if (body.to === 'cash') payouts.push({ method: 'cash', amount_kobo: amountKobo });
    else if (body.to === 'store_credit') payouts.push({ method: 'store_credit', amount_kobo: amountKobo });
    else {
      // Back the way it was paid, method by method (in the order paid), up to what each method
      // has not yet given back.
      const paid = await paidByMethod(tx, auth.businessId, row.id);
      const given = await refundedByMethod(tx, auth.businessId, row.id);
      let left = amountKobo;
      for (const p of paid) {
        if (left <= 0) break;
        const room = Number(p.amount) - (given.get(p.method) ?? 0);
        const take = Math.min(room, left);
        if (take > 0) {
          payouts.push({ method: p.method, amount_kobo: take });
          left -= take;
        }
      }
      if (left > 0) payouts.push({ method: 'cash', amount_kobo: left });
    }
    // Stock goes back to the sale's store (stock before loyalty balances, as in recording a sale).
    await moveStock(
      tx,
      {
        businessId: auth.businessId,
        userId: auth.userId,
        reason: 'refund',
        referenceType: 'sale',
        referenceId: row.id,
      },
      refundLines
        .filter((l) => l.line.tracks_stock)
        .map((l) => ({
          storeId: row.store_id,
          productId: l.line.product_id,
          varietyId: l.line.variety_id,
          quantity: l.quantity,
        })),
    );
    for (const p of payouts) {
      if (p.method === 'cash')
        await recordRegisterCash(tx, {
          businessId: auth.businessId,
          storeId: row.store_id,
          userId: auth.userId,
          amountKobo: -p.amount_kobo,
          kind: 'refund',
          referenceId: row.id,
        });
      else if ((p.method === 'store_credit' || p.method === 'loyalty_points') && row.customer_id)
        await refundToStoreCredit(tx, {
          businessId: auth.businessId,
          customerId: row.customer_id,
          saleId: row.id,
          amountKobo: p.amount_kobo,
          userId: auth.userId,
        });
    }

    if (row.customer_id)
      await reversePoints(tx, {
        businessId: auth.businessId,
        customerId: row.customer_id,
        saleId: row.id,
        amountKobo,
        userId: auth.userId,
      });

    await insertRefund(tx, {
      businessId: auth.businessId,
      refundId,
      sale: { id: row.id, storeId: row.store_id },
      userId: auth.userId,
      amountKobo,
      destination: body.to,
      payouts,
      reason: body.reason || null,
      lines: refundLines,
    });
    const allBack = saleLines.every((l) => l.refunded_quantity + (asked.get(l.id) ?? 0) >= l.quantity);
    await updateSale(tx, auth.businessId, row.id, {
      refunded_kobo: row.refunded_kobo + amountKobo,
      status: allBack ? 'refunded' : 'partially_refunded',
    });
    return (await loadSale(tx, auth.businessId, row.id)) as Sale;
  });
