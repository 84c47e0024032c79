import type { CreateCustomerBody, Customer } from '@ms/contracts';
import type { Database } from '../db/database.js';
import type { AuthContext } from '../plugins/auth.js';
import { createCustomer } from '../modules/customers/index.js';
import { earnPoints } from '../modules/loyalty/index.js';
import { linkPendingCustomer, updateSale } from '../modules/sales/index.js';
import { lockCustomerId } from './offline-sale-rules.js';

type Caller = Pick<AuthContext, 'businessId' | 'userId'>;

/**
 * Sales made offline to a customer the server did not have yet keep that id as pending
 * (decision 0004). Once the customer exists, each such sale gets its customer and the points it
 * earned (on what was paid less what was refunded, at today's loyalty rule). Takes the same lock
 * as a sale naming that customer, so a sale and its customer landing at the same moment still meet.
 * `customerId` differs from `pendingId` when the device's customer turned out to be one the
 * business already had (same phone).
 */
export const linkPendingSales = async (
  tx: Database,
  businessId: string,
  pendingId: string,
  customerId = pendingId,
): Promise<number> => {
  await lockCustomerId(tx, businessId, pendingId);
  const sales = await linkPendingCustomer(tx, businessId, pendingId, customerId);
  for (const sale of sales) {
    const earnable = Math.max(0, Number(sale.amount_paid_kobo) - Number(sale.refunded_kobo));
    const points =
      earnable > 0
        ? await earnPoints(tx, {
            businessId,
            customerId,
            saleId: sale.id,
            amountKobo: earnable,
            userId: sale.user_id,
          })
        : 0;
    if (points > 0) await updateSale(tx, businessId, sale.id, { points_earned: points });
  }
  return sales.length;
};

/**
 * POST /v1/customers/ and each record of /v1/customers/syncnewofflinecustomers: the customer and
 * the link of any sale waiting for it, in one transaction.
 */
export const createCustomerLinkingSales = (
  db: Database,
  caller: Caller,
  body: CreateCustomerBody,
): Promise<{ customer: Customer; created: boolean }> =>
  db.transaction().execute(async (tx) => {
    const result = await createCustomer(tx, caller, body);
    await linkPendingSales(tx, caller.businessId, result.customer._id);
    return result;
  });
