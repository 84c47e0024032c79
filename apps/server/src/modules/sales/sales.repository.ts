import type { Tx } from '../../db/database.js';
import { sql } from 'kysely';
import {
  SALE_PAYMENT_METHOD_LABELS,
  fromKobo,
  type BuiltInPaymentMethod,
  type Refund,
  type Sale,
  type SaleLine,
  type SaleListTotals,
  type SalePayment,
  type SaleSummary,
} from '@ms/contracts';
import { keptIn, type DayRange, type DayStores, type KeptTotals } from './sale-days.js';

/** Reads sales into the shapes of the contracts (`packages/contracts/src/sales/sales.ts`). */

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
const fullName = (first: string | null, last: string | null): string | null =>
  first === null ? null : [first, last].filter(Boolean).join(' ');

/** What a stored discount value means: kobo for amount, hundredths of a percent for percentage. */
export const discountValueOut = (
  type: 'amount' | 'percentage' | null,
  value: number | null,
): number | null =>
  type === null || value === null ? null : type === 'amount' ? fromKobo(value) : value / 100;

export const methodLabel = (method: string): string =>
  SALE_PAYMENT_METHOD_LABELS[method as BuiltInPaymentMethod] ?? method;

const summarySelect = (tx: Tx, businessId: string) =>
  tx
    .selectFrom('sales as s')
    .innerJoin('stores as st', (j) =>
      j.onRef('st.business_id', '=', 's.business_id').onRef('st.id', '=', 's.store_id'),
    )
    .leftJoin('users as u', (j) =>
      j.onRef('u.business_id', '=', 's.business_id').onRef('u.id', '=', 's.user_id'),
    )
    .leftJoin('customers as c', (j) =>
      j.onRef('c.business_id', '=', 's.business_id').onRef('c.id', '=', 's.customer_id'),
    )
    .where('s.business_id', '=', businessId)
    .selectAll('s')
    .select([
      'st.name as store_name',
      'u.first_name as u_first',
      'u.last_name as u_last',
      'c.first_name as c_first',
      'c.last_name as c_last',
      sql<number>`(SELECT count(*)::int FROM sale_lines l WHERE l.business_id = s.business_id AND l.sale_id = s.id)`.as(
        'items_count',
      ),
    ]);

export type SummaryRow = Awaited<ReturnType<ReturnType<typeof summarySelect>['execute']>>[number];

export const toSummary = (r: SummaryRow): SaleSummary => ({
  _id: r.id,
  id: r.id,
  business_id: r.business_id,
  receipt_number: r.receipt_number,
  store_id: r.store_id,
  store_name: r.store_name,
  register_id: r.register_id,
  user_id: r.user_id,
  cashier_name: fullName(r.u_first, r.u_last),
  customer_id: r.customer_id,
  customer_name: fullName(r.c_first, r.c_last),
  status: r.status,
  subtotal: fromKobo(r.subtotal_kobo),
  discount_total: fromKobo(r.discount_total_kobo),
  total: fromKobo(r.total_kobo),
  amount_paid: fromKobo(r.amount_paid_kobo),
  balance: fromKobo(r.total_kobo - r.amount_paid_kobo),
  change_due: fromKobo(r.change_due_kobo),
  refunded_total: fromKobo(r.refunded_kobo),
  items_count: r.items_count,
  note: r.note,
  offline_date: iso(r.offline_date),
  is_offline_data: r.is_offline_data,
  sales_agent_code: r.sales_agent_code,
  created_at: iso(r.created_at) ?? '',
  updated_at: iso(r.updated_at) ?? '',
});

/** Summary rows for a query built by the caller (filters, order, paging). */
export const summaryQuery = summarySelect;

/**
 * Totals of every sale a filtered summary query matches (paging aside), summed in kobo:
 * count, sold, paid, owed, refunded on those sales, and the payments on them by method.
 * `kept`: days summed already (`sale-days.ts`, the query then covers only the other days) and their
 * sums, added in; a method's name is the one on its latest payment that has one, over both.
 */
export const summaryTotals = async (
  tx: Tx,
  businessId: string,
  filtered: ReturnType<typeof summarySelect>,
  kept: { days: DayRange; stores: DayStores; totals: KeptTotals } | null = null,
): Promise<SaleListTotals> => {
  const matched = filtered.clearSelect();
  const keptMethods = kept
    ? sql`UNION ALL
      SELECT k.method, k.amount_kobo, k.label, k.label_at, NULL FROM sale_method_days k
      WHERE ${keptIn(businessId, kept.days, kept.stores)}`
    : sql``;
  const [sums, methods] = await Promise.all([
    matched
      .select([
        sql<string>`count(*)`.as('n'),
        sql<string>`coalesce(sum(s.total_kobo), 0)`.as('total'),
        sql<string>`coalesce(sum(s.amount_paid_kobo), 0)`.as('paid'),
        sql<string>`coalesce(sum(s.refunded_kobo), 0)`.as('refunded'),
      ])
      .executeTakeFirstOrThrow(),
    sql<{ method: string; amount: string; label: string | null }>`
      WITH u AS (
        SELECT p.method, p.amount_kobo AS amount, p.method_label AS label, p.created_at AS label_at, p.id
        FROM sale_payments p
        WHERE p.business_id = ${businessId} AND p.sale_id IN (${matched.select('s.id')})
        ${keptMethods}
      )
      -- the name a method had on its latest payment (custom options can be renamed or deleted)
      SELECT method, sum(amount) AS amount,
        (array_agg(label ORDER BY label_at DESC, id DESC NULLS LAST) FILTER (WHERE label IS NOT NULL))[1] AS label
      FROM u GROUP BY method ORDER BY sum(amount) DESC, method`.execute(tx),
  ]);
  const k = kept?.totals;
  const total = Number(sums.total) + (k?.salesKobo ?? 0);
  const paid = Number(sums.paid) + (k?.paidKobo ?? 0);
  return {
    count: Number(sums.n) + (k?.salesCount ?? 0),
    total: fromKobo(total),
    amount_paid: fromKobo(paid),
    owed: fromKobo(total - paid),
    refunded: fromKobo(Number(sums.refunded) + (k?.refundedKobo ?? 0)),
    by_method: methods.rows.map((m) => ({
      method: m.method,
      method_label: m.label ?? methodLabel(m.method),
      amount: fromKobo(Number(m.amount)),
    })),
  };
};

/**
 * Full sales (lines, payments, refunds, names) in the order of `ids`; missing ids are skipped.
 * `noRefunds`: the sales were made in the caller's transaction, so they have no refunds to read.
 */
export const loadSales = async (
  tx: Tx,
  businessId: string,
  ids: readonly string[],
  opts: { noRefunds?: boolean } = {},
): Promise<Sale[]> => {
  if (ids.length === 0) return [];
  const list = [...ids];
  const [rows, lines, payments, refunds, refundLines] = await Promise.all([
    summarySelect(tx, businessId).where('s.id', 'in', list).execute(),
    tx
      .selectFrom('sale_lines')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('sale_id', 'in', list)
      .orderBy('position')
      .execute(),
    tx
      .selectFrom('sale_payments as p')
      .leftJoin('bank_transactions as bt', (j) =>
        j.onRef('bt.business_id', '=', 'p.business_id').onRef('bt.id', '=', 'p.bank_transaction_id'),
      )
      .selectAll('p')
      .select('bt.provider_reference as transfer_reference')
      .where('p.business_id', '=', businessId)
      .where('p.sale_id', 'in', list)
      .orderBy('p.created_at')
      .orderBy('p.id')
      .execute(),
    opts.noRefunds
      ? []
      : tx
          .selectFrom('refunds as r')
          .leftJoin('users as u', (j) =>
            j.onRef('u.business_id', '=', 'r.business_id').onRef('u.id', '=', 'r.user_id'),
          )
          .selectAll('r')
          .select(['u.first_name as u_first', 'u.last_name as u_last'])
          .where('r.business_id', '=', businessId)
          .where('r.sale_id', 'in', list)
          .orderBy('r.created_at')
          .orderBy('r.id')
          .execute(),
    opts.noRefunds
      ? []
      : tx
          .selectFrom('refund_lines as rl')
          .innerJoin('refunds as r', (j) =>
            j.onRef('r.business_id', '=', 'rl.business_id').onRef('r.id', '=', 'rl.refund_id'),
          )
          .innerJoin('sale_lines as l', (j) =>
            j.onRef('l.business_id', '=', 'rl.business_id').onRef('l.id', '=', 'rl.sale_line_id'),
          )
          .select([
            'rl.refund_id',
            'rl.sale_line_id',
            'rl.quantity',
            'rl.amount_kobo',
            'l.name',
            'l.position',
          ])
          .where('rl.business_id', '=', businessId)
          .where('r.sale_id', 'in', list)
          .orderBy('l.position')
          .execute(),
  ]);
  const group = <T, K>(items: T[], key: (t: T) => K) => {
    const m = new Map<K, T[]>();
    for (const i of items) m.set(key(i), [...(m.get(key(i)) ?? []), i]);
    return m;
  };
  const linesBy = group(lines, (l) => l.sale_id);
  const paymentsBy = group(payments, (p) => p.sale_id);
  const refundsBy = group(refunds, (r) => r.sale_id);
  const refundLinesBy = group(refundLines, (l) => l.refund_id);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return list.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const items: SaleLine[] = (linesBy.get(id) ?? []).map((l) => ({
      _id: l.id,
      product_id: l.product_id,
      variety_id: l.variety_id,
      name: l.name,
      quantity: l.quantity,
      price: fromKobo(l.unit_price_kobo),
      modifiers: l.modifiers.map((m) => ({
        _id: m._id,
        name: m.name,
        selling_price: fromKobo(m.selling_price),
      })),
      discount_type: l.discount_type,
      discount: discountValueOut(l.discount_type, l.discount_value),
      discount_amount: fromKobo(l.discount_kobo),
      total: fromKobo(l.total_kobo),
      net: fromKobo(l.net_kobo),
      refunded_quantity: l.refunded_quantity,
    }));
    const pays: SalePayment[] = (paymentsBy.get(id) ?? []).map((p) => ({
      _id: p.id,
      method: p.method,
      method_label: p.method_label ?? methodLabel(p.method),
      amount: fromKobo(p.amount_kobo),
      points: p.points,
      user_id: p.user_id,
      created_at: iso(p.created_at) ?? '',
      ...(p.method === 'fixed_account'
        ? {
            awaiting_transfer: p.confirmed_at === null,
            confirmed_at: iso(p.confirmed_at),
            transfer_reference: p.transfer_reference,
          }
        : {}),
    }));
    const refs: Refund[] = (refundsBy.get(id) ?? []).map((f) => ({
      _id: f.id,
      sale_id: f.sale_id,
      amount: fromKobo(f.amount_kobo),
      to: f.destination,
      payouts: f.payouts.map((p) => ({ method: p.method, amount: fromKobo(p.amount_kobo) })),
      reason: f.reason,
      user_id: f.user_id,
      user_name: fullName(f.u_first, f.u_last),
      lines: (refundLinesBy.get(f.id) ?? []).map((l) => ({
        sale_line_id: l.sale_line_id,
        name: l.name,
        quantity: l.quantity,
        amount: fromKobo(l.amount_kobo),
      })),
      created_at: iso(f.created_at) ?? '',
    }));
    return [
      {
        ...toSummary(r),
        order_discount_type: r.order_discount_type,
        order_discount: discountValueOut(r.order_discount_type, r.order_discount_value),
        order_discount_amount: fromKobo(r.order_discount_kobo),
        points_earned: r.points_earned,
        items,
        payments: pays,
        refunds: refs,
      },
    ];
  });
};

/** One full sale or undefined. */
export const loadSale = async (tx: Tx, businessId: string, id: string): Promise<Sale | undefined> =>
  (await loadSales(tx, businessId, [id]))[0];

/** A sale just made in the caller's transaction (it has no refunds yet: two queries fewer). */
export const loadNewSale = async (tx: Tx, businessId: string, id: string): Promise<Sale | undefined> =>
  (await loadSales(tx, businessId, [id], { noRefunds: true }))[0];
