import { balanceKobo, fromKobo, milestoneStatuses, refundDueKobo, type Invoice } from '@ms/contracts';
import { sql, type Updateable } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { InvoicesTable } from '../../db/schema.js';

/** Queries of the invoice tables (invoices, lines, milestones, payments, credit notes). Only this module writes them. */

const invoiceColumns = [
  'i.id',
  'i.number',
  'i.store_id',
  's.name as store_name',
  'i.customer_id',
  'c.first_name',
  'c.last_name',
  'c.email as client_email',
  'c.phone as client_phone',
  'i.status',
  'i.order_status',
  'i.order_note',
  'i.discount_type',
  'i.discount_value',
  'i.taxes',
  'i.subtotal_kobo',
  'i.discount_total_kobo',
  'i.tax_total_kobo',
  'i.total_kobo',
  'i.paid_kobo',
  'i.credited_kobo',
  'i.balance_kobo',
  'i.notes',
  'i.reminder_days',
  'i.public_token',
  'i.sent_at',
  'i.last_reminder_at',
  'i.created_at',
  'i.updated_at',
  'i.deleted_at',
] as const;

export const invoicesQuery = (tx: Tx, businessId: string) =>
  tx
    .selectFrom('invoices as i')
    .innerJoin('stores as s', (j) =>
      j.onRef('s.business_id', '=', 'i.business_id').onRef('s.id', '=', 'i.store_id'),
    )
    .innerJoin('customers as c', (j) =>
      j.onRef('c.business_id', '=', 'i.business_id').onRef('c.id', '=', 'i.customer_id'),
    )
    .select(invoiceColumns)
    .select([sql<string>`i.issue_date::text`.as('issue_date'), sql<string>`i.due_date::text`.as('due_date')])
    .where('i.business_id', '=', businessId);

export type InvoiceRow = Awaited<ReturnType<ReturnType<typeof invoicesQuery>['executeTakeFirstOrThrow']>>;

const byInvoice = <T extends { invoice_id: string }>(rows: readonly T[]) => {
  const map = new Map<string, T[]>();
  for (const r of rows) map.set(r.invoice_id, [...(map.get(r.invoice_id) ?? []), r]);
  return map;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const num = (v: string | number | null) => (v === null ? null : Number(v));

/** The invoices' rows made whole: lines, milestones (with their status on `today`), payments, credit notes. */
export const toInvoices = async (
  tx: Tx,
  businessId: string,
  rows: readonly InvoiceRow[],
  today: string,
): Promise<Invoice[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, milestones, payments, credits] = await Promise.all([
    tx
      .selectFrom('invoice_lines')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('invoice_id', 'in', ids)
      .orderBy('position')
      .execute(),
    tx
      .selectFrom('invoice_milestones')
      .select(['invoice_id', 'id', 'name', 'amount_kobo', sql<string>`due_date::text`.as('due_date')])
      .where('business_id', '=', businessId)
      .where('invoice_id', 'in', ids)
      .orderBy('position')
      .execute(),
    tx
      .selectFrom('invoice_payments as p')
      .leftJoin('users as u', (j) =>
        j.onRef('u.business_id', '=', 'p.business_id').onRef('u.id', '=', 'p.recorded_by'),
      )
      .select([
        'p.invoice_id',
        'p.id',
        'p.method',
        'p.source',
        'p.amount_kobo',
        'p.paid_at',
        'p.reference',
        'p.payer_name',
        sql<string | null>`nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')`.as(
          'recorded_by_name',
        ),
      ])
      .where('p.business_id', '=', businessId)
      .where('p.invoice_id', 'in', ids)
      .orderBy('p.paid_at')
      .orderBy('p.id')
      .execute(),
    tx
      .selectFrom('credit_notes')
      .select(['invoice_id', 'id', 'number', 'amount_kobo', 'reason', 'created_at'])
      .where('business_id', '=', businessId)
      .where('invoice_id', 'in', ids)
      .orderBy('created_at')
      .execute(),
  ]);
  const linesOf = byInvoice(lines);
  const milestonesOf = byInvoice(milestones);
  const paymentsOf = byInvoice(payments);
  const creditsOf = byInvoice(credits);
  return rows.map((r) => {
    const ms = milestonesOf.get(r.id) ?? [];
    const statuses = milestoneStatuses(
      ms.map((m) => ({ amountKobo: m.amount_kobo, dueDate: m.due_date })),
      { paidKobo: r.paid_kobo, creditedKobo: r.credited_kobo, today },
    );
    const money = {
      totalKobo: r.total_kobo,
      paidKobo: r.paid_kobo,
      creditedKobo: r.credited_kobo,
      cancelled: r.status === 'cancelled',
    };
    return {
      _id: r.id,
      number: r.number,
      store_id: r.store_id,
      store_name: r.store_name,
      client: r.customer_id,
      client_name: [r.first_name, r.last_name].filter(Boolean).join(' '),
      client_email: r.client_email,
      client_phone: r.client_phone,
      status: r.status,
      order_status: r.order_status,
      order_note: r.order_note,
      issue_date: r.issue_date,
      due_date: r.due_date,
      items: (linesOf.get(r.id) ?? []).map((l) => ({
        _id: l.id,
        product_id: l.product_id,
        variety_id: l.variety_id,
        name: l.name,
        quantity: l.quantity,
        price: fromKobo(l.unit_price_kobo),
        discount_type: l.discount_type,
        discount: num(l.discount_value),
        total: fromKobo(l.total_kobo),
      })),
      discount_type: r.discount_type,
      discount: num(r.discount_value),
      taxes: r.taxes.map((t) => ({ name: t.name, rate: t.rate, amount: fromKobo(t.amount_kobo ?? 0) })),
      subtotal: fromKobo(r.subtotal_kobo),
      discount_total: fromKobo(r.discount_total_kobo),
      tax_total: fromKobo(r.tax_total_kobo),
      total: fromKobo(r.total_kobo),
      amount_paid: fromKobo(r.paid_kobo),
      amount_credited: fromKobo(r.credited_kobo),
      balance: fromKobo(balanceKobo(money)),
      refund_due: fromKobo(refundDueKobo(money)),
      milestones: ms.map((m, i) => ({
        _id: m.id,
        name: m.name,
        amount: fromKobo(m.amount_kobo),
        due_date: m.due_date,
        status: statuses[i]!.status,
        amount_due: fromKobo(statuses[i]!.amountDueKobo),
        amount_paid: fromKobo(statuses[i]!.paidKobo),
      })),
      payments: (paymentsOf.get(r.id) ?? []).map((p) => ({
        _id: p.id,
        method: p.method,
        amount: fromKobo(p.amount_kobo),
        paid_at: iso(p.paid_at)!,
        reference: p.reference,
        source: p.source,
        payer_name: p.payer_name,
        recorded_by_name: p.recorded_by_name,
      })),
      credit_notes: (creditsOf.get(r.id) ?? []).map((c) => ({
        _id: c.id,
        number: c.number,
        amount: fromKobo(c.amount_kobo),
        reason: c.reason,
        created_at: iso(c.created_at)!,
      })),
      notes: r.notes,
      reminder_days: r.reminder_days,
      link: `/view-invoice?token=${r.public_token}`,
      sent_at: iso(r.sent_at),
      last_reminder_at: iso(r.last_reminder_at),
      created_at: iso(r.created_at)!,
      updated_at: iso(r.updated_at)!,
    };
  });
};

/**
 * Holds the invoice's id for the caller's transaction before it exists: the same upload sent twice at
 * once waits here, then finds the invoice the first recorded (never a second, never a 500).
 */
export const holdInvoiceId = async (tx: Tx, businessId: string, id: string): Promise<void> => {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`invoice:${businessId}:${id}`}, 0))`.execute(tx);
};

/** The invoice's row (tombstones too when asked), locked for the caller's transaction when `lock`. */
export const invoiceRow = async (
  tx: Tx,
  businessId: string,
  id: string,
  opts: { lock?: boolean; withDeleted?: boolean } = {},
): Promise<InvoiceRow | undefined> => {
  let q = invoicesQuery(tx, businessId).where('i.id', '=', id);
  if (!opts.withDeleted) q = q.where('i.deleted_at', 'is', null);
  if (opts.lock) q = q.forUpdate('i');
  return q.executeTakeFirst();
};

export type InvoiceInsert = Omit<
  InvoicesTable,
  | 'created_at'
  | 'updated_at'
  | 'paid_kobo'
  | 'credited_kobo'
  | 'order_status'
  | 'is_offline_data'
  | 'reminder_days'
> & { reminder_days: number[]; is_offline_data: boolean; taxes: string };

export type LineInsert = {
  id: string;
  product_id: string | null;
  variety_id: string | null;
  name: string;
  quantity: number;
  unit_price_kobo: number;
  discount_type: 'amount' | 'percentage' | null;
  discount_value: number | null;
  total_kobo: number;
};
export type MilestoneInsert = { id: string; name: string; amount_kobo: number; due_date: string };

export const replaceLines = async (
  tx: Tx,
  businessId: string,
  invoiceId: string,
  lines: readonly LineInsert[],
) => {
  await tx
    .deleteFrom('invoice_lines')
    .where('business_id', '=', businessId)
    .where('invoice_id', '=', invoiceId)
    .execute();
  if (lines.length)
    await tx
      .insertInto('invoice_lines')
      .values(
        lines.map((l, position) => ({ ...l, business_id: businessId, invoice_id: invoiceId, position })),
      )
      .execute();
};

export const replaceMilestones = async (
  tx: Tx,
  businessId: string,
  invoiceId: string,
  milestones: readonly MilestoneInsert[],
) => {
  await tx
    .deleteFrom('invoice_milestones')
    .where('business_id', '=', businessId)
    .where('invoice_id', '=', invoiceId)
    .execute();
  if (milestones.length)
    await tx
      .insertInto('invoice_milestones')
      .values(
        milestones.map((m, position) => ({ ...m, business_id: businessId, invoice_id: invoiceId, position })),
      )
      .execute();
};

export const milestoneRows = (tx: Tx, businessId: string, invoiceId: string) =>
  tx
    .selectFrom('invoice_milestones')
    .select(['id', 'name', 'amount_kobo', sql<string>`due_date::text`.as('due_date')])
    .where('business_id', '=', businessId)
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .execute();

/** One of these milestone ids that another invoice of the business already uses, if any. */
export const milestoneIdTakenElsewhere = async (
  tx: Tx,
  businessId: string,
  invoiceId: string,
  ids: readonly string[],
): Promise<string | undefined> =>
  ids.length === 0
    ? undefined
    : (
        await tx
          .selectFrom('invoice_milestones')
          .select('id')
          .where('business_id', '=', businessId)
          .where('id', 'in', [...ids])
          .where('invoice_id', '!=', invoiceId)
          .executeTakeFirst()
      )?.id;

/** What was paid and credited on the invoice, from its payments and credit notes. */
export const moneyOf = async (tx: Tx, businessId: string, invoiceId: string) => {
  const row = await tx
    .selectNoFrom([
      sql<number>`(SELECT coalesce(sum(amount_kobo), 0) FROM invoice_payments
        WHERE business_id = ${businessId} AND invoice_id = ${invoiceId})::bigint`.as('paid'),
      sql<number>`(SELECT coalesce(sum(amount_kobo), 0) FROM credit_notes
        WHERE business_id = ${businessId} AND invoice_id = ${invoiceId})::bigint`.as('credited'),
    ])
    .executeTakeFirstOrThrow();
  return { paidKobo: Number(row.paid), creditedKobo: Number(row.credited) };
};

export const updateInvoiceRow = (tx: Tx, businessId: string, id: string, set: Updateable<InvoicesTable>) =>
  tx
    .updateTable('invoices')
    .set({ ...set, updated_at: sql`clock_timestamp()` })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .execute();
