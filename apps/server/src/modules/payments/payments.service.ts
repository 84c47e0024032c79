import {
  fromKobo,
  type PaymentLogDetails,
  type PaymentsData,
  type PaymentsQuery,
  type PaymentsReport,
  type ReceivedPayment,
} from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { capDownload, inDownloadSnapshot } from '../../db/snapshot.js';
import { businessToday, businessZone, dayEnd, dayStart } from '../../lib/business-time.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { methodLabel } from '../sales/index.js';
import { storeNames } from '../stores/index.js';
import {
  anyPaymentFrom,
  lastPaymentChange,
  pageEnd,
  paymentById,
  paymentDetailsOf,
  paymentsBetween,
  removedPayments,
  type PaymentRow,
  type PaymentScope,
} from './payments.repository.js';

const REFUND_LABELS: Record<string, string> = {
  cash: 'Cash',
  original: 'Back the way it was paid',
  store_credit: 'Store credit',
};

const labelOf = (r: PaymentRow) =>
  r.kind === 'refund' ? (REFUND_LABELS[r.method] ?? r.method) : (r.method_label ?? methodLabel(r.method));

const toPayment = (r: PaymentRow): ReceivedPayment => ({
  _id: r.id,
  kind: r.kind,
  sale_id: r.sale_id,
  receipt_number: r.receipt_number,
  store_id: r.store_id,
  method: r.method,
  method_label: labelOf(r),
  amount: fromKobo(r.amount_kobo),
  fee: fromKobo(r.fee_kobo),
  user_id: r.user_id,
  customer_id: r.customer_id,
  reference: r.reference,
  payer_name: r.payer_name,
  sales_agent_code: r.sales_agent_code,
  received_at: r.received_at.toISOString(),
  created_at: r.created_at.toISOString(),
  // A payment never changes: its last change is when it was listed.
  updated_at: r.created_at.toISOString(),
});

/** What a caller sees: an admin every store, anyone else their stores (narrowed to `storeIds` when given). */
const scopeOf = (auth: AuthContext, storeIds?: readonly string[]): PaymentScope => {
  const mine = auth.isAdmin ? null : auth.storeIds;
  if (!storeIds?.length) return { businessId: auth.businessId, storeIds: mine };
  return {
    businessId: auth.businessId,
    storeIds: mine ? storeIds.filter((s) => mine.includes(s)) : storeIds,
  };
};

/** The range's first and last day (days of the business, default today), checked. */
const dayRange = async (db: Database, auth: AuthContext, q: { startdate?: string; enddate?: string }) => {
  const startdate = q.startdate ?? (await businessToday(db, auth.businessId));
  const enddate = q.enddate ?? startdate;
  if (enddate < startdate) throw badRequest('enddate must be on or after startdate');
  return {
    startdate,
    enddate,
    from: dayStart(auth.businessId, startdate),
    to: dayEnd(auth.businessId, enddate),
  };
};

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
  const scope = scopeOf(auth);
  if (query.batchsync || query.updated_at !== undefined) {
    const since = query.updated_at === undefined ? null : new Date(query.updated_at);
    // One snapshot: a payment listed between the page and its cursor is never skipped; the cursor
    // stops short of payments still being written (capDownload).
    const { value, horizon } = await inDownloadSnapshot(db, async (tx) => {
      const upto = await pageEnd(tx, scope, since, query.limit);
      const rows = await paymentsBetween(tx, scope, since, upto);
      const removed = since ? await removedPayments(tx, scope, since, upto) : [];
      const hasMore = upto ? await anyPaymentFrom(tx, scope, upto) : false;
      const lastUpdate = upto
        ? upto.getTime()
        : Math.max(query.updated_at ?? 0, (await lastPaymentChange(tx, scope)) ?? 0);
      return { rows, meta: { lastUpdate, recordsRemoved: removed, hasMore } };
    });
    return answer(value.rows, capDownload(value.meta, horizon, query.updated_at));
  }
  const range = await dayRange(db, auth, query);
  const rows = await paymentsBetween(db, scope, range.from, range.to, 'received_at');
  const lastUpdate = (await lastPaymentChange(db, scope)) ?? 0;
  return answer(rows, { lastUpdate, recordsRemoved: [], hasMore: false });
};

/** The payment log of some stores (all the caller's when none) over days of the business. */
export const paymentLog = async (
  db: Database,
  auth: AuthContext,
  query: { startdate?: string; enddate?: string },
  storeIds: readonly string[] | undefined,
): Promise<{ item: PaymentsData['item'] }> => {
  const range = await dayRange(db, auth, query);
  const scope = scopeOf(auth, storeIds);
  const rows =
    scope.storeIds?.length === 0 ? [] : await paymentsBetween(db, scope, range.from, range.to, 'received_at');
  return { item: answer(rows, { lastUpdate: 0, recordsRemoved: [], hasMore: false }).item };
};

type Sum = { count: number; kobo: number };
const add = <K>(map: Map<K, Sum>, key: K, kobo: number) => {
  const sum = map.get(key) ?? { count: 0, kobo: 0 };
  map.set(key, { count: sum.count + 1, kobo: sum.kobo + kobo });
};
const sums = <K>(map: Map<K, Sum>) =>
  [...map.entries()]
    .sort((a, b) => b[1].kobo - a[1].kobo)
    .map(([key, s]) => ({ key, count: s.count, amount: fromKobo(s.kobo) }));

/** The range's payments summed by method, kind, store and day (in kobo, converted once). */
export const paymentsReport = async (
  db: Database,
  auth: AuthContext,
  query: { startdate?: string; enddate?: string; store_id?: string },
): Promise<PaymentsReport> => {
  const range = await dayRange(db, auth, query);
  const scope = scopeOf(auth, query.store_id ? [query.store_id] : undefined);
  const [rows, stores, zone] = await Promise.all([
    scope.storeIds?.length === 0
      ? Promise.resolve([])
      : paymentsBetween(db, scope, range.from, range.to, 'received_at'),
    storeNames(db, auth.businessId),
    businessZone(db, auth.businessId),
  ]);
  const byMethod = new Map<string, Sum>();
  const labels = new Map<string, string>();
  const byKind = new Map<ReceivedPayment['kind'], Sum>();
  const byStore = new Map<string, Sum>();
  const byDay = new Map<string, Sum>();
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone });
  let total = 0;
  let fees = 0;
  for (const r of rows) {
    total += r.amount_kobo;
    fees += r.fee_kobo;
    const method = r.kind === 'refund' ? 'refund' : r.method;
    if (!labels.has(method)) labels.set(method, r.kind === 'refund' ? 'Refunds' : labelOf(r));
    add(byMethod, method, r.amount_kobo);
    add(byKind, r.kind, r.amount_kobo);
    add(byStore, r.store_id, r.amount_kobo);
    add(byDay, day.format(r.received_at), r.amount_kobo);
  }
  const names = new Map(stores.map((s) => [s.id, s.name]));
  return {
    startdate: range.startdate,
    enddate: range.enddate,
    total_value_payments: fromKobo(total),
    total_fees: fromKobo(fees),
    count: rows.length,
    by_method: sums(byMethod).map(({ key, ...s }) => ({
      method: key,
      method_label: labels.get(key) ?? key,
      ...s,
    })),
    by_kind: sums(byKind).map(({ key, ...s }) => ({ kind: key, ...s })),
    by_store: sums(byStore).map(({ key, ...s }) => ({
      store_id: key,
      store_name: names.get(key) ?? '',
      ...s,
    })),
    by_day: sums(byDay)
      .map(({ key, ...s }) => ({ day: key, ...s }))
      .sort((a, b) => a.day.localeCompare(b.day)),
  };
};

/** One payment of the caller's stores, with the sale it paid and, for a transfer, its payer and payout. */
export const paymentDetails = async (
  db: Database,
  auth: AuthContext,
  id: string,
): Promise<PaymentLogDetails> => {
  const row = await paymentById(db, scopeOf(auth), id);
  if (!row) throw notFound('Payment');
  const details = await paymentDetailsOf(db, auth.businessId, row);
  return {
    payment: toPayment(row),
    store_name: details.storeName,
    sale: details.sale
      ? {
          _id: details.sale.id,
          receipt_number: details.sale.receipt_number,
          total: fromKobo(details.sale.total_kobo),
          status: details.sale.status,
        }
      : null,
    transfer: details.transfer
      ? {
          payer_bank_name: details.transfer.payer_bank_name,
          payer_account_number: details.transfer.payer_account_number,
          narration: details.transfer.narration,
          net: fromKobo(row.amount_kobo - row.fee_kobo),
          payout_id: details.transfer.payout_id,
          payout_status: details.transfer.payout_status,
        }
      : null,
  };
};
