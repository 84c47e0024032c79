import { type Order, type OrderPayInstructions } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { conflict } from '../../lib/errors.js';
import { openCollectionAccount } from '../collection-accounts/index.js';

/**
 * Where to send money for an order: its own account number at the bank rail, opened the first time
 * someone asks (the order exists before payment is asked for, so a transfer always finds it). A
 * transfer to it lands through the bank's event (flows/receive-bank-event.ts).
 */
export const orderPayInstructionsFor = async (
  deps: Pick<Deps, 'db' | 'banking' | 'env'>,
  businessId: string,
  order: Pick<Order, '_id' | 'number' | 'status' | 'balance' | 'store_id'>,
): Promise<OrderPayInstructions> => {
  if (order.status === 'cancelled') throw conflict('This order was cancelled: nothing is owed.');
  if (order.balance === 0) throw conflict('This order is paid: nothing is owed.');
  const shop = await deps.db
    .selectFrom('online_stores')
    .select('name')
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  const account = await openCollectionAccount(deps, {
    businessId,
    storeId: order.store_id,
    purpose: 'order',
    subjectId: order._id,
    accountName: `${shop?.name ?? 'Shop'} ${order.number}`.trim(),
  });
  return {
    method: 'transfer',
    bank_name: account.bank_name,
    account_number: account.account_number,
    account_name: account.account_name,
    amount: order.balance,
    reference: order.number,
  };
};
