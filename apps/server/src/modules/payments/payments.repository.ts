import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * Money the business received at the counter, as one list: sale payments (+) and refunds (−),
 * each tied to its sale. A payment never changes once written, so its time is `created_at`; a
 * payment is removed only with its sale (the sale's `deleted_at`).
 */
export type PaymentRow = {
  id: string;
  kind: 'sale_payment' | 'refund';
  sale_id: string;
  receipt_number: string;
  store_id: string;
  method: string;
  amount_kobo: number;
  user_id: string | null;
  customer_id: string | null;
  created_at: Date;
};

export type PaymentScope = { businessId: string; storeIds: readonly string[] | null };

/** Every payment and refund of the scope's live sales, as a derived table `x`. */
const allPayments = (scope: PaymentScope) => {
  const b = sql`${scope.businessId}::uuid`;
  const stores = scope.storeIds ? sql`AND s.store_id = ANY(${[...scope.storeIds]}::uuid[])` : sql``;
  return sql`(
    SELECT p.id, 'sale_payment'::text AS kind, p.sale_id, s.receipt_number, s.store_id, p.method,
           p.amount_kobo, p.user_id, s.customer_id, p.created_at
      FROM sale_payments p JOIN sales s ON s.business_id = p.business_id AND s.id = p.sale_id
     WHERE p.business_id = ${b} AND s.deleted_at IS NULL ${stores}
    UNION ALL
    SELECT r.id, 'refund'::text, r.sale_id, s.receipt_number, s.store_id, r.destination,
           -r.amount_kobo, r.user_id, s.customer_id, r.created_at
      FROM refunds r JOIN sales s ON s.business_id = r.business_id AND s.id = r.sale_id
     WHERE r.business_id = ${b} AND s.deleted_at IS NULL ${stores}
  ) x`;
};

const ms = (column: RawBuilder<unknown>) => sql`(floor(extract(epoch FROM ${column}) * 1000) + 1)::float8`;

/** Payments created in [from, to), oldest first. */
export const paymentsBetween = async (
  db: Database,
  scope: PaymentScope,
  from: Date | RawBuilder<Date> | null,
  to: Date | RawBuilder<Date> | null,
): Promise<PaymentRow[]> => {
  const rows = await sql<PaymentRow>`
    SELECT * FROM ${allPayments(scope)}
     WHERE ${from ? sql`x.created_at >= ${from}::timestamptz` : sql`true`}
       AND ${to ? sql`x.created_at < ${to}::timestamptz` : sql`true`}
     ORDER BY x.created_at, x.id`.execute(db);
  return rows.rows;
};

/**
 * Where a page of about `limit` payments from `since` ends: just past the millisecond of its
 * `limit`-th row (every row of that millisecond is in the page), or null when all fit.
 */
export const pageEnd = async (
  db: Database,
  scope: PaymentScope,
  since: Date | null,
  limit: number,
): Promise<Date | null> => {
  const r = await sql<{ upto: number | null }>`
    SELECT CASE WHEN count(*) >= ${limit} THEN ${ms(sql`max(head.created_at)`)} END AS upto
      FROM (SELECT x.created_at FROM ${allPayments(scope)}
             WHERE ${since ? sql`x.created_at >= ${since}::timestamptz` : sql`true`}
             ORDER BY x.created_at LIMIT ${limit}) head`.execute(db);
  const upto = r.rows[0]?.upto ?? null;
  return upto === null ? null : new Date(upto);
};

/** Whether any payment was made at or after `at`. */
export const anyPaymentFrom = async (db: Database, scope: PaymentScope, at: Date): Promise<boolean> => {
  const r = await sql<{ more: boolean }>`
    SELECT EXISTS (SELECT 1 FROM ${allPayments(scope)} WHERE x.created_at >= ${at}::timestamptz) AS more`.execute(
    db,
  );
  return r.rows[0]?.more ?? false;
};

/** Ids of the payments and refunds of sales deleted in [from, to). */
export const removedPayments = async (
  db: Database,
  scope: PaymentScope,
  from: Date,
  to: Date | null,
): Promise<string[]> => {
  const stores = scope.storeIds ? sql`AND s.store_id = ANY(${[...scope.storeIds]}::uuid[])` : sql``;
  const r = await sql<{ id: string }>`
    SELECT y.id::text AS id FROM (
      SELECT p.id, s.deleted_at, p.created_at FROM sale_payments p
        JOIN sales s ON s.business_id = p.business_id AND s.id = p.sale_id
       WHERE p.business_id = ${scope.businessId}::uuid ${stores}
      UNION ALL
      SELECT r.id, s.deleted_at, r.created_at FROM refunds r
        JOIN sales s ON s.business_id = r.business_id AND s.id = r.sale_id
       WHERE r.business_id = ${scope.businessId}::uuid ${stores}
    ) y
    WHERE y.deleted_at >= ${from}::timestamptz ${to ? sql`AND y.deleted_at < ${to}::timestamptz` : sql``}
    ORDER BY y.created_at, y.id`.execute(db);
  return r.rows.map((row) => row.id);
};

/** Just past the newest payment or sale removal of the scope, in whole ms; null when none. */
export const lastPaymentChange = async (db: Database, scope: PaymentScope): Promise<number | null> => {
  const stores = scope.storeIds ? sql`AND store_id = ANY(${[...scope.storeIds]}::uuid[])` : sql``;
  const r = await sql<{ last: number | null }>`
    SELECT greatest(
      (SELECT ${ms(sql`max(x.created_at)`)} FROM ${allPayments(scope)}),
      (SELECT ${ms(sql`max(deleted_at)`)} FROM sales WHERE business_id = ${scope.businessId}::uuid ${stores})
    ) AS last`.execute(db);
  return r.rows[0]?.last ?? null;
};
