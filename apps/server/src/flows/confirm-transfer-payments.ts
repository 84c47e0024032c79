import type { Sale } from '@ms/contracts';
import type { Database, InTx } from '../db/database.js';
import { conflict, notFound } from '../lib/errors.js';
import type { AuthContext } from '../plugins/auth.js';
import { lockUnclaimedTransfer } from '../modules/bank-transactions/index.js';
import { publishChange } from '../modules/changes/index.js';
import {
  awaitingPaymentsOf,
  confirmAwaitingPayment,
  confirmPayment,
  loadSale,
  lockSale,
  salesAwaitingTransfer,
  touchSale,
} from '../modules/sales/index.js';

/**
 * A sale paid by "bank transfer (fixed)" is paid when its transfer lands on the store's fixed account
 * (issue 14): the event, not the customer's screenshot. A transfer pays the oldest waiting payment of
 * exactly its amount at that store made from a day before it to two hours after it; it is matched from
 * whichever side comes second — the transfer landing (receive-bank-event), or the sale recorded
 * (record-sale: the customer paid before the cashier charged, or the sale was made offline and
 * uploaded later). Each transfer pays one payment; a transfer that matches none stays in Transactions,
 * and the payment can be confirmed by hand.
 */

const HOUR = 3_600_000;

/** A transfer just recorded: the sale payment it pays, if one is waiting. */
export const payWaitingSale = async (
  tx: InTx,
  transfer: { businessId: string; storeId: string; amountKobo: number; paidAt: Date; transactionId: string },
): Promise<string | null> => {
  const saleId = await confirmAwaitingPayment(tx, transfer);
  if (saleId) {
    await touchSale(tx, transfer.businessId, saleId);
    await publishChange(tx, transfer.businessId, {
      topic: 'sales',
      stores: [transfer.storeId],
      ids: [saleId],
    });
  }
  return saleId;
};

/** A sale just recorded with "bank transfer (fixed)": each payment takes a transfer that already landed. */
export const confirmByLandedTransfers = async (
  tx: InTx,
  sale: { businessId: string; storeId: string; saleId: string; soldAt: Date },
): Promise<void> => {
  for (const payment of await awaitingPaymentsOf(tx, sale.businessId, sale.saleId)) {
    const transfer = await lockUnclaimedTransfer(tx, {
      businessId: sale.businessId,
      storeId: sale.storeId,
      amountKobo: payment.amount_kobo,
      from: new Date(sale.soldAt.getTime() - 24 * HOUR),
      to: new Date(sale.soldAt.getTime() + 2 * HOUR),
    });
    if (transfer)
      await confirmPayment(tx, sale.businessId, payment.id, {
        transactionId: transfer.id,
        at: transfer.paid_at,
      });
  }
};

/**
 * Someone allowed (transactions.manage_payments) confirms by hand a transfer payment whose transfer did
 * not match (another amount, another account, the bank's event late): the sale counts as paid.
 */
export const confirmTransferByHand = async (
  db: Database,
  auth: AuthContext,
  saleId: string,
  paymentId: string,
): Promise<Sale> =>
  db.transaction().execute(async (tx) => {
    const sale = await lockSale(tx, auth, saleId);
    const waiting = await awaitingPaymentsOf(tx, auth.businessId, sale.id);
    if (!waiting.some((p) => p.id === paymentId.toLowerCase())) {
      const exists = (await loadSale(tx, auth.businessId, sale.id))?.payments.some(
        (p) => p._id === paymentId.toLowerCase(),
      );
      if (!exists) throw notFound('Payment');
      throw conflict('This payment is not waiting for a transfer.');
    }
    await confirmPayment(tx, auth.businessId, paymentId.toLowerCase(), { userId: auth.userId });
    await touchSale(tx, auth.businessId, sale.id);
    await publishChange(tx, auth.businessId, { topic: 'sales', stores: [sale.store_id], ids: [sale.id] });
    return (await loadSale(tx, auth.businessId, sale.id)) as Sale;
  });

/**
 * The reconcile run (with the unmatched-transfers job, every five minutes): a sale and its transfer that
 * committed at the same instant missed each other; each waiting payment of the last two days looks again
 * for a transfer that landed. Answers how many sales were paid.
 */
export const reconcileWaitingPayments = async (db: Database): Promise<number> => {
  let paid = 0;
  for (const sale of await salesAwaitingTransfer(db, new Date(Date.now() - 2 * 86_400_000), 500)) {
    const done = await db.transaction().execute(async (tx) => {
      const before = (await awaitingPaymentsOf(tx, sale.business_id, sale.sale_id)).length;
      await confirmByLandedTransfers(tx, {
        businessId: sale.business_id,
        storeId: sale.store_id,
        saleId: sale.sale_id,
        soldAt: sale.sold_at,
      });
      const changed = before > (await awaitingPaymentsOf(tx, sale.business_id, sale.sale_id)).length;
      if (changed) {
        await touchSale(tx, sale.business_id, sale.sale_id);
        await publishChange(tx, sale.business_id, {
          topic: 'sales',
          stores: [sale.store_id],
          ids: [sale.sale_id],
        });
      }
      return changed;
    });
    if (done) paid++;
  }
  return paid;
};
