import { formatKobo, paidStatus, toKobo, type PayLaterBody, type Sale } from '@ms/contracts';
import type { Database } from '../db/database.js';
import { badRequest, conflict } from '../lib/errors.js';
import type { AuthContext } from '../plugins/auth.js';
import { earnPoints, redeemPoints, spendStoreCredit } from '../modules/loyalty/index.js';
import { paymentMethodLabels } from '../modules/payment-options/index.js';
import { recordRegisterCash } from '../modules/registers/index.js';
import { insertSalePayments, loadSale, lockSale, updateSale } from '../modules/sales/index.js';
import { confirmByLandedTransfers } from './confirm-transfer-payments.js';

/**
 * Pays (part of) what a sale still owes with one method, in one transaction: the payment, the
 * register's cash, points or store credit spent, points earned and the sale's status.
 */
export const payLater = async (
  db: Database,
  auth: AuthContext,
  saleId: string,
  method: string,
  body: PayLaterBody,
): Promise<Sale> =>
  db.transaction().execute(async (tx) => {
    const row = await lockSale(tx, auth, saleId);
    const owed = row.total_kobo - row.amount_paid_kobo;
    if (owed <= 0 || (row.status !== 'unpaid' && row.status !== 'partially_paid'))
      throw conflict('This sale has nothing left to pay.');
    if ((method === 'store_credit' || method === 'loyalty_points') && !row.customer_id)
      throw badRequest(`method: ${method} needs a customer on the sale.`);
    const labels = await paymentMethodLabels(tx, auth.businessId, [method], {
      madeOffline: false,
      field: () => 'method',
    });
    let amountKobo = toKobo(body.amount);
    let points: number | null = null;
    let change = 0;
    if (method === 'loyalty_points') {
      if (!body.points) throw badRequest('points is required to pay with loyalty_points.');
      points = body.points;
      amountKobo = await redeemPoints(tx, {
        businessId: auth.businessId,
        customerId: row.customer_id as string,
        saleId: row.id,
        points: body.points,
        userId: auth.userId,
      });
    }
    if (method === 'cash') {
      change = Math.max(0, amountKobo - owed);
      amountKobo -= change;
      await recordRegisterCash(tx, {
        businessId: auth.businessId,
        storeId: row.store_id,
        userId: auth.userId,
        amountKobo,
        kind: 'sale',
        referenceId: row.id,
      });
    } else if (amountKobo > owed) {
      throw badRequest(`amount: ${formatKobo(amountKobo)} is more than the ${formatKobo(owed)} still owed.`);
    }
    if (method === 'store_credit')
      await spendStoreCredit(tx, {
        businessId: auth.businessId,
        customerId: row.customer_id as string,
        saleId: row.id,
        amountKobo,
        userId: auth.userId,
      });
    await insertSalePayments(tx, auth.businessId, row.id, auth.userId, [
      { method, amountKobo, points, methodLabel: labels.get(method) ?? null },
    ]);
    if (method === 'fixed_account')
      await confirmByLandedTransfers(tx, {
        businessId: auth.businessId,
        storeId: row.store_id,
        saleId: row.id,
        soldAt: new Date(),
      });
    // Points are earned on money paid, not on points spent.
    const earned =
      row.customer_id && method !== 'loyalty_points'
        ? await earnPoints(tx, {
            businessId: auth.businessId,
            customerId: row.customer_id,
            saleId: row.id,
            amountKobo,
            userId: auth.userId,
          })
        : 0;
    const paid = row.amount_paid_kobo + amountKobo;
    await updateSale(tx, auth.businessId, row.id, {
      amount_paid_kobo: paid,
      change_due_kobo: row.change_due_kobo + change,
      points_earned: row.points_earned + earned,
      status: paidStatus(row.total_kobo, paid),
    });
    return (await loadSale(tx, auth.businessId, row.id)) as Sale;
  });
