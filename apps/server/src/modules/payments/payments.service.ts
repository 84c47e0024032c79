import { fromKobo, type PaymentsData, type PaymentsQuery, type ReceivedPayment } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { businessToday, dayEnd, dayStart } from '../../lib/business-time.js';
import { badRequest } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import {
  anyPaymentFrom,
  lastPaymentChange,
  pageEnd,
  paymentsBetween,
  removedPayments,
  type PaymentRow,
  type PaymentScope,
} from './payments.repository.js';

const toPayment = (r: PaymentRow): ReceivedPayment => ({
  _id: r.id,
  kind: r.kind,
  sale_id: r.sale_id,
  receipt_number: r.receipt_number,
  store_id: r.store_id,
  method: r.method,
  amount: fromKobo(r.amount_kobo),
  user_id: r.user_id,
  customer_id: r.customer_id,
  created_at: r.created_at.toISOString(),
  // A payment never changes: its last change is when it was made.
  updated_at: r.created_at.toISOString(),
});

const answer = (rows: PaymentRow[], metaData: PaymentsData['metaData']): PaymentsData => ({
  item: {
    // Summed in kobo, converted once.
    total_value_payments: fromKobo(rows.reduce((sum, r) => sum + Number(r.amount_kobo), 0)),
    list_of_payments: rows.map(toPayment),
  },
  metaData,
});

/**
 * GET /v1/payments/single/businesses/{b}: with `batchsync=true` (or `updated_at`) the offline
 * download, page by page; else the payments of startdate..enddate (days of the business's time zone, default today).
 */
export const receivedPayments = async (
  db: Database,
  auth: AuthContext,
  query: PaymentsQuery,
): Promise<PaymentsData> => {
  const scope: PaymentScope = { businessId: auth.businessId, storeIds: auth.isAdmin ? null : auth.storeIds };
  if (query.batchsync || query.updated_at !== undefined) {
    const since = query.updated_at === undefined ? null : new Date(query.updated_at);
    const upto = await pageEnd(db, scope, since, query.limit);
    const [rows, removed, hasMore] = await Promise.all([
      paymentsBetween(db, scope, since, upto),
      since ? removedPayments(db, scope, since, upto) : Promise.resolve([]),
      upto ? anyPaymentFrom(db, scope, upto) : Promise.resolve(false),
    ]);
    const lastUpdate = upto
      ? upto.getTime()
      : Math.max(query.updated_at ?? 0, (await lastPaymentChange(db, scope)) ?? 0);
    return answer(rows, { lastUpdate, recordsRemoved: removed, hasMore });
  }
  const startdate = query.startdate ?? (await businessToday(db, auth.businessId));
  const enddate = query.enddate ?? startdate;
  if (enddate < startdate) throw badRequest('enddate must be on or after startdate');
  const rows = await paymentsBetween(
    db,
    scope,
    dayStart(auth.businessId, startdate),
    dayEnd(auth.businessId, enddate),
  );
  const lastUpdate = (await lastPaymentChange(db, scope)) ?? 0;
  return answer(rows, { lastUpdate, recordsRemoved: [], hasMore: false });
};
