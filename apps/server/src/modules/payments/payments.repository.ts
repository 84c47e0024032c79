import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.js';

/*
 * A read model, and a deliberate exception to "a module owns its tables" (docs/architecture.md): the
 * payments module has no table of its own; it reads those of sales (`sales`, `sale_payments`,
 * `refunds`), bank-transactions (`bank_transactions`), payouts (`payouts`) and stores (`stores`)
 * directly, because the payments lists are one union, paged and summed in one query, which calls
 * through each module's index.ts could not give. It only reads: every write to those tables stays in
 * its own module (or a flow). Decision 0010, "The payments lists count each naira once".
 */

/**
 * Money the business received, as one list: sale payments (+), refunds (−) and transfers received on
 * the stores' fixed accounts (+), each money counted once:
 * - a sale's "bank transfer (fixed)" payment is money only when its transfer lands, and then the transfer
 *   stands for it (listed with the sale it paid); one confirmed by hand, without a transfer, is listed from
 *   when it was confirmed;
 * - `created_at` is when the row became known here (what the offline download pages by); `received_at`
 *   when the money was received (what date ranges read): a payment taken with its sale counts when the sale
 *   was made (a sale made offline, uploaded later), a transfer when the payer sent it.
 * A payment never changes once listed; it leaves the list only with its sale (the sale's `deleted_at`).
 */
export type PaymentRow = {
  id: string;
  kind: 'sale_payment' | 'refund' | 'transfer';
  sale_id: string | null;
  receipt_number: string | null;
  store_id: string;
  method: string;
  method_label: string | null;
  amount_kobo: number;
  fee_kobo: number;
  user_id: string | null;
  customer_id: string | null;
  reference: string | null;
  payer_name: string | null;
  sales_agent_code: string | null;
  received_at: Date;
  created_at: Date;
};

export type PaymentScope = { businessId: string; storeIds: readonly string[] | null };

/** Every payment, refund and transfer of the scope, as a derived table `x`. */
const allPayments = (scope: PaymentScope) => {
  const b = sql`${scope.businessId}::uuid`;
  const stores = (column: string) =>
    scope.storeIds ? sql`AND ${sql.ref(column)} = ANY(${[...scope.storeIds]}::uuid[])` : sql``;
  return sql`(
    SELECT p.id, 'sale_payment'::text AS kind, p.sale_id, s.receipt_number, s.store_id, p.method,
           p.method_label, p.amount_kobo, 0::bigint AS fee_kobo, p.user_id, s.customer_id,
           NULL::text AS reference, NULL::text AS payer_name, s.sales_agent_code,
           CASE WHEN p.method = 'fixed_account' THEN p.confirmed_at
                WHEN p.created_at < s.created_at + interval '1 minute' THEN s.sold_at
                ELSE p.created_at END AS received_at,
           CASE WHEN p.method = 'fixed_account' THEN p.confirmed_at ELSE p.created_at END AS created_at
      FROM sale_payments p JOIN sales s ON s.business_id = p.business_id AND s.id = p.sale_id
     WHERE p.business_id = ${b} AND s.deleted_at IS NULL ${stores('s.store_id')}
       AND (p.method <> 'fixed_account' OR (p.bank_transaction_id IS NULL AND p.confirmed_at IS NOT NULL))
    UNION ALL
    SELECT r.id, 'refund'::text, r.sale_id, s.receipt_number, s.store_id, r.destination, NULL::text,
           -r.amount_kobo, 0::bigint, r.user_id, s.customer_id, NULL::text, NULL::text, s.sales_agent_code,
           r.created_at, r.created_at
      FROM refunds r JOIN sales s ON s.business_id = r.business_id AND s.id = r.sale_id
     WHERE r.business_id = ${b} AND s.deleted_at IS NULL ${stores('s.store_id')}
    UNION ALL
    SELECT t.id, 'transfer'::text, sp.sale_id, ps.receipt_number, t.store_id, 'fixed_account', NULL::text,
           t.amount_kobo, t.fee_kobo, NULL::uuid, ps.customer_id, t.provider_reference, t.payer_name,
           ps.sales_agent_code, t.paid_at, t.created_at
      FROM bank_transactions t
      LEFT JOIN sale_payments sp ON sp.business_id = t.business_id AND sp.bank_transaction_id = t.id
      LEFT JOIN sales ps ON ps.business_id = sp.business_id AND ps.id = sp.sale_id
     WHERE t.business_id = ${b} ${stores('t.store_id')}
  ) x`;
};

const ms = (column: RawBuilder<unknown>) => sql`(floor(extract(epoch FROM ${column}) * 1000) + 1)::float8`;

/**
 * Payments listed in [from, to), oldest first: by when they became known here (`created_at`, the offline
 * download) or by when the money was received (`received_at`, a date range).
 */
export const paymentsBetween = async (
  db: Database,
  scope: PaymentScope,
  from: Date | RawBuilder<Date> | null,
  to: Date | RawBuilder<Date> | null,
  by: 'created_at' | 'received_at' = 'created_at',
): Promise<PaymentRow[]> => {
  const at = sql.ref(`x.${by}`);
  const rows = await sql<PaymentRow>`
    SELECT * FROM ${allPayments(scope)}
     WHERE ${from ? sql`${at} >= ${from}::timestamptz` : sql`true`}
       AND ${to ? sql`${at} < ${to}::timestamptz` : sql`true`}
     ORDER BY ${at}, x.id`.execute(db);
  return rows.rows;
};

/** One payment, refund or transfer of the scope by id. */
export const paymentById = async (
  db: Database,
  scope: PaymentScope,
  id: string,
): Promise<PaymentRow | undefined> => {
  const rows = await sql<PaymentRow>`SELECT * FROM ${allPayments(scope)} WHERE x.id = ${id}::uuid`.execute(
    db,
  );
  return rows.rows[0];
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

/** What a payment's details page adds: its store's name, its sale, a transfer's payer and payout. */
export const paymentDetailsOf = async (db: Database, businessId: string, row: PaymentRow) => {
  const [store, sale, transfer] = await Promise.all([
    db
      .selectFrom('stores')
      .select('name')
      .where('business_id', '=', businessId)
      .where('id', '=', row.store_id)
      .executeTakeFirst(),
    row.sale_id
      ? db
          .selectFrom('sales')
          .select(['id', 'receipt_number', 'total_kobo', 'status'])
          .where('business_id', '=', businessId)
          .where('id', '=', row.sale_id)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    row.kind === 'transfer'
      ? db
          .selectFrom('bank_transactions as t')
          .leftJoin('payouts as po', (j) =>
            j.onRef('po.business_id', '=', 't.business_id').onRef('po.id', '=', 't.payout_id'),
          )
          .select([
            't.payer_bank_name',
            't.payer_account_number',
            't.narration',
            't.payout_id',
            'po.status as payout_status',
          ])
          .where('t.business_id', '=', businessId)
          .where('t.id', '=', row.id)
          .executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  return { storeName: store?.name ?? '', sale, transfer };
};
