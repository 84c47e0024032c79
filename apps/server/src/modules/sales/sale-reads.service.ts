import { sql } from 'kysely';
import type { Sale, SaleListQuery, SaleListTotals, SalePage } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { businessZone, dayEndIn, dayStartIn } from '../../lib/business-time.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertStoreAccess } from '../stores/index.js';
import { keptTotals, splitDays } from './sale-days.js';
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
  if (query.customer) q = q.where('s.customer_id', '=', query.customer);
  if (query.user) q = q.where('s.user_id', '=', query.user);
  if (query.status) q = q.where('s.status', '=', query.status);
  if (query.search) q = q.where('s.receipt_number', 'ilike', `%${query.search.replace(/[%_\\]/g, '\\$&')}%`);
  // Days of the business's zone, by when each sale was made (an offline sale: on the device).
  const zone = query.from || query.to ? await businessZone(db, b) : '';
  const inDays = (from: string | undefined, to: string | undefined) => {
    let r = q;
    if (from) r = r.where('s.sold_at', '>=', dayStartIn(zone, from));
    if (to) r = r.where('s.sold_at', '<', dayEndIn(zone, to));
    return r;
  };
  const listed = inDays(query.from, query.to);
  const [rows, totals] = await Promise.all([
    listed
      .orderBy('s.sold_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    historyTotals(db, auth, query, zone, listed, inDays),
  ]);
  return { items: rows.map(toSummary), total: totals.count, page: query.page, limit: query.limit, totals };
};

/**
 * The totals of the history's sales. Days and stores only: the days before yesterday from their kept
 * sums (decision 0008), the other days from the sales; any other filter: all from the sales.
 */
const historyTotals = async (
  db: Database,
  auth: AuthContext,
  query: SaleListQuery,
  zone: string,
  listed: ReturnType<typeof summaryQuery>,
  inDays: (from: string, to: string) => ReturnType<typeof summaryQuery>,
): Promise<SaleListTotals> => {
  const b = auth.businessId;
  const daysOnly = query.from && query.to && !query.customer && !query.user && !query.status && !query.search;
  if (!daysOnly) return summaryTotals(db, b, listed);
  const { kept, recent } = splitDays(query.from!, query.to!, zone);
  if (!kept) return summaryTotals(db, b, listed);
  const stores = query.store ? [query.store] : auth.isAdmin ? null : auth.storeIds;
  const totals = await keptTotals(db, b, kept, stores);
  const others = recent ? inDays(recent.start, recent.end) : listed.where(sql<boolean>`false`);
  return summaryTotals(db, b, others, { days: kept, stores, totals });
};
