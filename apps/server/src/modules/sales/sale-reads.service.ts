import type { Sale, SaleListQuery, SalePage } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { businessZone, dayEndIn, dayStartIn } from '../../lib/business-time.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertStoreAccess } from '../stores/index.js';
import { loadSale, loadSales, summaryQuery, summaryTotals, toSummary } from './sales.repository.js';

/** Reading sales: one sale, the sales history, the sales a store is still owed. */

/** A sale of the caller's business that the caller may see (non-admins: their stores), else 404/403. */
export const saleDetail = async (db: Database, auth: AuthContext, id: string): Promise<Sale> => {
  if (!isUuid(id)) throw notFound('Sale');
  const sale = await loadSale(db, auth.businessId, id.toLowerCase());
  if (!sale) throw notFound('Sale');
  if (!auth.isAdmin && !auth.storeIds.includes(sale.store_id))
    throw forbidden('You are not assigned to this store.');
  return sale;
};

/** Sales of a store not yet fully paid (pay later), newest first. */
export const unpaidSales = async (
  db: Database,
  auth: AuthContext,
  storeId: string,
): Promise<{ sales: Sale[] }> => {
  if (!isUuid(storeId)) throw notFound('Store');
  await assertStoreAccess(db, auth, storeId.toLowerCase());
  const rows = await db
    .selectFrom('sales')
    .select('id')
    .where('business_id', '=', auth.businessId)
    .where('store_id', '=', storeId.toLowerCase())
    .where('status', 'in', ['unpaid', 'partially_paid'])
    .where('deleted_at', 'is', null)
    .orderBy('sold_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return {
    sales: await loadSales(
      db,
      auth.businessId,
      rows.map((r) => r.id),
    ),
  };
};

export const listSales = async (db: Database, auth: AuthContext, query: SaleListQuery): Promise<SalePage> => {
  const b = auth.businessId;
  query = { ...query, store: query.store?.toLowerCase() };
  if (query.store && !auth.isAdmin && !auth.storeIds.includes(query.store))
    throw forbidden('You are not assigned to this store.');
  let q = summaryQuery(db, b).where('s.deleted_at', 'is', null);
  if (query.store) q = q.where('s.store_id', '=', query.store);
  else if (!auth.isAdmin) q = q.where('s.store_id', 'in', auth.storeIds.length ? [...auth.storeIds] : [b]);
  // Days of the business's zone, by when each sale was made (an offline sale: on the device).
  const zone = query.from || query.to ? await businessZone(db, b) : '';
  if (query.from) q = q.where('s.sold_at', '>=', dayStartIn(zone, query.from));
  if (query.to) q = q.where('s.sold_at', '<', dayEndIn(zone, query.to));
  if (query.customer) q = q.where('s.customer_id', '=', query.customer);
  if (query.user) q = q.where('s.user_id', '=', query.user);
  if (query.status) q = q.where('s.status', '=', query.status);
  if (query.search) q = q.where('s.receipt_number', 'ilike', `%${query.search.replace(/[%_\\]/g, '\\$&')}%`);
  const [rows, totals] = await Promise.all([
    q
      .orderBy('s.sold_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    summaryTotals(db, b, q),
  ]);
  return { items: rows.map(toSummary), total: totals.count, page: query.page, limit: query.limit, totals };
};
