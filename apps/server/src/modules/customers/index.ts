import type { Database } from '../../db/database.js';
import { isUuid } from '../../lib/ids.js';

export { createCustomer } from './customers.service.js';
export { rememberCustomerEmail } from './customers.repository.js';

/** A live customer of the business, or undefined (also for ids that are not ids). */
export const findCustomer = async (tx: Database, businessId: string, id: string) => {
  if (!isUuid(id)) return undefined;
  return tx
    .selectFrom('customers')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
};
