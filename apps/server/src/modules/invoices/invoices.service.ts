import {
  balanceKobo,
  computeInvoiceTotals,
  INVOICE_ORDER_STATUS_LABELS,
  invoiceStatusOf,
  orderStatusStepAllowed,
  formatKobo,
  milestoneStatuses,
  toKobo,
  todayIn,
  type Invoice,
  type InvoiceLineInput,
} from '@ms/contracts';
import type { z } from 'zod';
import type {
  creditNoteBody,
  invoiceOrderStatusBody,
  logInvoicePaymentBody,
  milestoneStatusBody,
} from '@ms/contracts';
import type { InTx, Tx } from '../../db/database.js';
import { businessZone } from '../../lib/business-time.js';
import { nextNumber } from '../../lib/counters.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { randomToken } from '../../lib/secrets.js';
import type { AuthContext } from '../../plugins/auth.js';
import { publishChange } from '../changes/index.js';
import { findCustomer } from '../customers/index.js';
import { productsForSale } from '../products/index.js';
import { assertStoreAccess } from '../stores/index.js';
import {
  holdInvoiceId,
  invoiceRow,
  milestoneIdTakenElsewhere,
  milestoneRows,
  moneyOf,
  replaceLines,
  replaceMilestones,
  toInvoices,
  updateInvoiceRow,
  type LineInsert,
  type MilestoneInsert,
} from './invoices.repository.js';
import { scheduleReminders, skipWaitingReminders } from './invoice-reminders.js';
import type { createInvoiceBody, updateInvoiceBody } from '@ms/contracts';

/** What a request does to invoices (issue 15). Writes run in the caller's transaction. */

type Caller = Pick<AuthContext, 'businessId' | 'userId' | 'isAdmin' | 'storeIds'>;

export const today = async (tx: Tx, businessId: string): Promise<string> =>
  todayIn(await businessZone(tx as never, businessId));

/** The invoice as answered, or a 404 (another business's id, a deleted one, not an id). */
export const getInvoice = async (tx: Tx, businessId: string, id: string): Promise<Invoice> => {
  const row = isUuid(id) ? await invoiceRow(tx, businessId, id.toLowerCase()) : undefined;
  if (!row) throw notFound('Invoice');
  return (await toInvoices(tx, businessId, [row], await today(tx, businessId)))[0]!;
};

/** A caller who is not an admin sees the invoices of their stores only. */
export const assertInvoiceStore = (caller: Caller, storeId: string) => {
  if (!caller.isAdmin && !caller.storeIds.includes(storeId)) throw notFound('Invoice');
};

export const lockInvoiceFor = async (tx: InTx, caller: Caller, id: string) => {
  const row = isUuid(id)
    ? await invoiceRow(tx, caller.businessId, id.toLowerCase(), { lock: true })
    : undefined;
  if (!row) throw notFound('Invoice');
  assertInvoiceStore(caller, row.store_id);
  return row;
};

// ---------------------------------------------------------------------------------------------
// Lines and totals

const discountOf = (type: 'amount' | 'percentage' | null | undefined, value: number | null | undefined) =>
  type ? { type, value: type === 'amount' ? toKobo(value ?? 0) : (value ?? 0) } : null;

/** Lines named by product take the catalogue's name and price unless the body gives them. */
const priceLines = async (
  tx: Tx,
  businessId: string,
  items: readonly InvoiceLineInput[],
): Promise<LineInsert[]> => {
  const productIds = [...new Set(items.flatMap((l) => (l.product_id ? [l.product_id] : [])))];
  const varietyIds = [...new Set(items.flatMap((l) => (l.variety_id ? [l.variety_id] : [])))];
  const found = productIds.length
    ? await productsForSale(tx, businessId, { productIds, varietyIds }, { withDeleted: false })
    : { products: [], varieties: [] };
  const products = new Map(found.products.map((p) => [p.id, p]));
  const varieties = new Map(found.varieties.map((v) => [v.id, v]));
  return items.map((l, i) => {
    let name = l.name;
    let priceKobo = l.price === undefined ? undefined : toKobo(l.price);
    if (l.product_id) {
      const product = products.get(l.product_id);
      if (!product) throw notFound(`items[${i}].product_id: Product`);
      if (product.product_type === 'variable' && !l.variety_id)
        throw badRequest(`items[${i}].variety_id: choose which variety of ${product.name}`);
      if (l.variety_id) {
        const variety = varieties.get(l.variety_id);
        if (!variety || variety.product_id !== product.id) throw notFound(`items[${i}].variety_id: Variety`);
        name ??= `${product.name} (${variety.name})`;
        priceKobo ??= variety.selling_price;
      }
      name ??= product.name;
      priceKobo ??= product.selling_price;
    }
    const discount = discountOf(l.discount_type, l.discount);
    const gross = (priceKobo ?? 0) * l.quantity;
    if (discount && (discount.type === 'percentage' ? discount.value > 100 : discount.value > gross))
      throw badRequest(`items[${i}].discount cannot be more than the line`);
    return {
      id: newId(),
      product_id: l.product_id ?? null,
      variety_id: l.variety_id ?? null,
      name: name!,
      quantity: l.quantity,
      unit_price_kobo: priceKobo ?? 0,
      discount_type: l.discount_type ?? null,
      discount_value: l.discount_type ? (l.discount ?? 0) : null,
      total_kobo: 0,
    };
  });
};

/** ₦10 trillion: far above any real invoice, far below where kobo stop being exact integers. */
const MAX_INVOICE_KOBO = 1e15;

type Priced = {
  lines: LineInsert[];
  totals: ReturnType<typeof computeInvoiceTotals>;
  taxes: { name: string; rate: number; amount_kobo: number }[];
};

const totalsOf = (
  lines: LineInsert[],
  order: { discount_type?: 'amount' | 'percentage' | null; discount?: number | null },
  taxes: readonly { name: string; rate: number }[],
): Priced => {
  const totals = computeInvoiceTotals(
    lines.map((l) => ({
      unitPriceKobo: l.unit_price_kobo,
      quantity: l.quantity,
      discount: discountOf(l.discount_type, l.discount_value),
    })),
    discountOf(order.discount_type, order.discount),
    taxes.map((t) => ({ name: t.name, ratePercent: t.rate })),
  );
  if (order.discount_type === 'amount' && toKobo(order.discount ?? 0) > totals.subtotalKobo)
    throw badRequest('discount cannot be more than the subtotal');
  // Every amount stored must stay an exact integer of kobo (a 100 % discount would hide huge lines).
  const amounts = [totals.subtotalKobo, totals.totalKobo, ...totals.lines.map((l) => l.grossKobo)];
  if (amounts.some((a) => !Number.isSafeInteger(a) || a > MAX_INVOICE_KOBO))
    throw badRequest('items: the invoice total is too large');
  return {
    lines: lines.map((l, i) => ({ ...l, total_kobo: totals.lines[i]!.totalKobo })),
    totals,
    taxes: totals.taxes.map((t) => ({ name: t.name, rate: t.ratePercent, amount_kobo: t.amountKobo })),
  };
};

/**
 * Milestones must share out exactly the total (or be none), each id once and none another invoice's
 * (an id the device made, or kept from the invoice's own milestones).
 */
const checkMilestones = async (
  tx: Tx,
  businessId: string,
  invoiceId: string,
  milestones: readonly { _id?: string | undefined; name: string; amount: number; due_date: string }[],
  totalKobo: number,
): Promise<MilestoneInsert[]> => {
  const rows = milestones.map((m) => ({
    id: (m._id ?? newId()).toLowerCase(),
    name: m.name,
    amount_kobo: toKobo(m.amount),
    due_date: m.due_date,
  }));
  const sum = rows.reduce((a, m) => a + m.amount_kobo, 0);
  if (rows.length && sum !== totalKobo)
    throw badRequest(
      `milestones must add up to the invoice total (${formatKobo(totalKobo)}); they add up to ${formatKobo(sum)}`,
    );
  if (new Set(rows.map((m) => m.id)).size !== rows.length) throw badRequest('milestones _id: each once');
  const taken = await milestoneIdTakenElsewhere(
    tx,
    businessId,
    invoiceId,
    rows.map((m) => m.id),
  );
  if (taken) throw badRequest(`milestones _id: ${taken} is a milestone of another invoice`);
  return rows;
};

// ---------------------------------------------------------------------------------------------
// Status

/** Recomputes what was paid and credited, the balance and the status, and tells open devices. */
export const refreshInvoice = async (tx: InTx, businessId: string, id: string): Promise<void> => {
  // Locked first: two payments landing at once (a rail transfer beside one logged by hand) each sum
  // what the other committed, so the row never keeps a stale total.
  const row = await invoiceRow(tx, businessId, id, { withDeleted: true, lock: true });
  if (!row) return;
  const { paidKobo, creditedKobo } = await moneyOf(tx, businessId, id);
  const cancelled = row.status === 'cancelled';
  const money = { totalKobo: row.total_kobo, paidKobo, creditedKobo, cancelled };
  const status = invoiceStatusOf({
    ...money,
    sent: row.sent_at !== null,
    cancelled,
    dueDate: row.due_date,
    today: await today(tx, businessId),
  });
  await updateInvoiceRow(tx, businessId, id, {
    paid_kobo: paidKobo,
    credited_kobo: creditedKobo,
    balance_kobo: balanceKobo(money),
    status,
  });
  if (status === 'paid' || status === 'cancelled')
    await skipWaitingReminders(tx, businessId, id, status === 'paid' ? 'paid' : 'cancelled');
  await publishChange(tx, businessId, { topic: 'invoices', stores: [row.store_id], ids: [id] });
};

/** The invoice's scheduled reminders, remade from its due day and reminder days. */
export const rescheduleReminders = async (tx: InTx, businessId: string, id: string): Promise<void> => {
  const row = await invoiceRow(tx, businessId, id);
  if (!row) return;
  if (row.status === 'paid' || row.status === 'cancelled' || row.status === 'draft') return;
  await scheduleReminders(tx, {
    businessId,
    id,
    dueDate: row.due_date,
    reminderDays: row.reminder_days,
    today: await today(tx, businessId),
  });
};

// ---------------------------------------------------------------------------------------------
// Create, update, delete

export type CreateOutcome = { invoice: Invoice; created: boolean };

/**
 * Records an invoice under the device's id. The same id again answers the stored invoice
 * (`created: false`): a retried upload records it once.
 */
export const createInvoice = async (
  tx: InTx,
  caller: Caller,
  body: z.output<typeof createInvoiceBody>,
  opts: { offline: boolean; send?: boolean },
): Promise<CreateOutcome> => {
  const id = body._id.toLowerCase();
  await holdInvoiceId(tx, caller.businessId, id);
  const existing = await invoiceRow(tx, caller.businessId, id, { withDeleted: true });
  if (existing) {
    assertInvoiceStore(caller, existing.store_id);
    return { invoice: await getInvoiceAny(tx, caller.businessId, id), created: false };
  }
  const store = await assertStoreAccess(tx, caller, body.store_id);
  const client = await findCustomer(tx as never, caller.businessId, body.client);
  if (!client) throw notFound('client: Customer');
  // To be sent at once it needs an address: refused before anything is recorded (not a 400 after).
  if (opts.send && !client.email)
    throw badRequest('email: the client has no e-mail address. Add one to the client, or send it later.');
  const priced = totalsOf(await priceLines(tx, caller.businessId, body.items), body, body.taxes ?? []);
  const milestones = await checkMilestones(
    tx,
    caller.businessId,
    id,
    body.milestones ?? [],
    priced.totals.totalKobo,
  );
  const number = await nextNumber(tx, caller.businessId, 'invoice', 'INV');
  const t = priced.totals;
  await tx
    .insertInto('invoices')
    .values({
      business_id: caller.businessId,
      id,
      number,
      store_id: store.id,
      customer_id: client.id,
      status: 'draft',
      order_note: null,
      issue_date: body.issue_date,
      due_date: body.due_date,
      discount_type: body.discount_type ?? null,
      discount_value: body.discount_type ? (body.discount ?? 0) : null,
      taxes: JSON.stringify(priced.taxes),
      subtotal_kobo: t.subtotalKobo,
      discount_total_kobo: t.discountTotalKobo,
      tax_total_kobo: t.taxTotalKobo,
      total_kobo: t.totalKobo,
      balance_kobo: t.totalKobo,
      notes: body.notes ?? null,
      reminder_days: body.reminder_days ?? [],
      public_token: randomToken(),
      sent_at: null,
      last_reminder_at: null,
      cancelled_at: null,
      is_offline_data: opts.offline,
      created_by: caller.userId,
      deleted_at: null,
    })
    .execute();
  await replaceLines(tx, caller.businessId, id, priced.lines);
  await replaceMilestones(tx, caller.businessId, id, milestones);
  await refreshInvoice(tx, caller.businessId, id);
  return { invoice: await getInvoice(tx, caller.businessId, id), created: true };
};

/** Also a deleted one (an upload retried after the invoice was deleted answers what it was). */
const getInvoiceAny = async (tx: Tx, businessId: string, id: string): Promise<Invoice> => {
  const row = await invoiceRow(tx, businessId, id, { withDeleted: true });
  if (!row) throw notFound('Invoice');
  return (await toInvoices(tx, businessId, [row], await today(tx, businessId)))[0]!;
};

export const updateInvoice = async (
  tx: InTx,
  caller: Caller,
  id: string,
  body: z.output<typeof updateInvoiceBody>,
): Promise<Invoice> => {
  const row = await lockInvoiceFor(tx, caller, id);
  if (row.status === 'cancelled') throw conflict('This invoice is cancelled: it can no longer change.');
  const money = await moneyOf(tx, caller.businessId, row.id);
  const touched = (['items', 'discount_type', 'discount', 'taxes', 'milestones'] as const).some(
    (k) => body[k] !== undefined,
  );
  if (body.cancelled) {
    if (money.paidKobo > 0)
      throw conflict('This invoice has payments: it cannot be cancelled. Issue a credit note instead.');
    await updateInvoiceRow(tx, caller.businessId, row.id, { status: 'cancelled', cancelled_at: new Date() });
    await refreshInvoice(tx, caller.businessId, row.id);
    return getInvoice(tx, caller.businessId, row.id);
  }
  if (touched && (money.paidKobo > 0 || money.creditedKobo > 0))
    throw conflict('This invoice has payments or credit notes: its lines and amounts can no longer change.');
  const issue = body.issue_date ?? row.issue_date;
  const due = body.due_date ?? row.due_date;
  if (due < issue) throw badRequest('due_date cannot be before issue_date');
  const set: Parameters<typeof updateInvoiceRow>[3] = { issue_date: issue, due_date: due };
  if (body.store_id && body.store_id !== row.store_id) {
    set.store_id = (await assertStoreAccess(tx, caller, body.store_id)).id;
  }
  if (body.client && body.client !== row.customer_id) {
    const client = await findCustomer(tx as never, caller.businessId, body.client);
    if (!client) throw notFound('client: Customer');
    set.customer_id = client.id;
  }
  if (body.notes !== undefined) set.notes = body.notes ?? null;
  if (body.reminder_days !== undefined) set.reminder_days = body.reminder_days;
  if (touched) {
    const lines = body.items
      ? await priceLines(tx, caller.businessId, body.items)
      : (
          await tx
            .selectFrom('invoice_lines')
            .selectAll()
            .where('business_id', '=', caller.businessId)
            .where('invoice_id', '=', row.id)
            .orderBy('position')
            .execute()
        ).map((l) => ({ ...l, discount_value: l.discount_value === null ? null : Number(l.discount_value) }));
    const order = {
      discount_type: body.discount_type !== undefined ? body.discount_type : row.discount_type,
      discount:
        body.discount !== undefined
          ? body.discount
          : row.discount_value === null
            ? null
            : Number(row.discount_value),
    };
    const taxes = body.taxes ?? row.taxes.map((t) => ({ name: t.name, rate: t.rate }));
    const priced = totalsOf(lines, order, taxes);
    const milestones = await checkMilestones(
      tx,
      caller.businessId,
      row.id,
      body.milestones ??
        (await milestoneRows(tx, caller.businessId, row.id)).map((m) => ({
          _id: m.id,
          name: m.name,
          amount: m.amount_kobo / 100,
          due_date: m.due_date,
        })),
      priced.totals.totalKobo,
    );
    Object.assign(set, {
      discount_type: order.discount_type ?? null,
      discount_value: order.discount_type ? (order.discount ?? 0) : null,
      taxes: JSON.stringify(priced.taxes),
      subtotal_kobo: priced.totals.subtotalKobo,
      discount_total_kobo: priced.totals.discountTotalKobo,
      tax_total_kobo: priced.totals.taxTotalKobo,
      total_kobo: priced.totals.totalKobo,
      balance_kobo: priced.totals.totalKobo,
    });
    if (body.items) await replaceLines(tx, caller.businessId, row.id, priced.lines);
    await replaceMilestones(tx, caller.businessId, row.id, milestones);
  }
  await updateInvoiceRow(tx, caller.businessId, row.id, set);
  await refreshInvoice(tx, caller.businessId, row.id);
  if (row.sent_at && (body.due_date !== undefined || body.reminder_days !== undefined))
    await rescheduleReminders(tx, caller.businessId, row.id);
  return getInvoice(tx, caller.businessId, row.id);
};

/** Deleted invoices stay as tombstones (their number is never given again); one with payments stays. */
export const deleteInvoice = async (tx: InTx, caller: Caller, id: string): Promise<void> => {
  const row = await lockInvoiceFor(tx, caller, id);
  const money = await moneyOf(tx, caller.businessId, row.id);
  if (money.paidKobo > 0)
    throw conflict('This invoice has payments: it cannot be deleted. Issue a credit note instead.');
  await updateInvoiceRow(tx, caller.businessId, row.id, { deleted_at: new Date() });
  await skipWaitingReminders(tx, caller.businessId, row.id, 'deleted');
  await publishChange(tx, caller.businessId, { topic: 'invoices', stores: [row.store_id], ids: [row.id] });
};

// ---------------------------------------------------------------------------------------------
// Payments, milestones, fulfilment, credit notes

const insertPayment = (
  tx: InTx,
  p: {
    businessId: string;
    invoiceId: string;
    id: string;
    method: 'cash' | 'transfer' | 'card' | 'cheque' | 'other';
    source: 'manual' | 'rail';
    amountKobo: number;
    paidAt: Date;
    reference: string | null;
    payerName?: string | null;
    bankTransactionId?: string | null;
    recordedBy: string | null;
  },
) =>
  tx
    .insertInto('invoice_payments')
    .values({
      business_id: p.businessId,
      invoice_id: p.invoiceId,
      id: p.id,
      method: p.method,
      source: p.source,
      amount_kobo: p.amountKobo,
      paid_at: p.paidAt,
      reference: p.reference,
      payer_name: p.payerName ?? null,
      bank_transaction_id: p.bankTransactionId ?? null,
      recorded_by: p.recordedBy,
      // The owner recorded it: nobody needs telling.
      owner_told_at: p.source === 'manual' ? new Date() : null,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();

/** A payment received by hand, once per `_id`; never more than what is owed. */
export const logPayment = async (
  tx: InTx,
  caller: Caller,
  id: string,
  body: z.output<typeof logInvoicePaymentBody>,
): Promise<Invoice> => {
  const row = await lockInvoiceFor(tx, caller, id);
  const paymentId = body._id.toLowerCase();
  const again = await tx
    .selectFrom('invoice_payments')
    .select(['invoice_id'])
    .where('business_id', '=', caller.businessId)
    .where('id', '=', paymentId)
    .executeTakeFirst();
  if (again) {
    if (again.invoice_id !== row.id) throw conflict('_id: this payment was recorded on another invoice');
    return getInvoice(tx, caller.businessId, row.id);
  }
  if (row.status === 'cancelled') throw conflict('This invoice is cancelled: it takes no payments.');
  const money = await moneyOf(tx, caller.businessId, row.id);
  const owed = balanceKobo({ totalKobo: row.total_kobo, ...money });
  const amountKobo = toKobo(body.amount);
  if (owed === 0) throw conflict('This invoice is paid: nothing is owed.');
  if (amountKobo > owed) throw badRequest(`amount is more than what is owed (${formatKobo(owed)})`);
  await insertPayment(tx, {
    businessId: caller.businessId,
    invoiceId: row.id,
    id: paymentId,
    method: body.method,
    source: 'manual',
    amountKobo,
    paidAt: body.paid_at ? new Date(body.paid_at) : new Date(),
    reference: body.reference || null,
    recordedBy: caller.userId,
  });
  await refreshInvoice(tx, caller.businessId, row.id);
  return getInvoice(tx, caller.businessId, row.id);
};

/** A milestone marked paid by hand: a payment of what is left of it. Paid or credited already: 409. */
export const payMilestone = async (
  tx: InTx,
  caller: Caller,
  id: string,
  milestoneId: string,
  body: z.output<typeof milestoneStatusBody>,
): Promise<Invoice> => {
  const row = await lockInvoiceFor(tx, caller, id);
  const milestones = await milestoneRows(tx, caller.businessId, row.id);
  const index = milestones.findIndex((m) => m.id === milestoneId.toLowerCase());
  if (index < 0) throw notFound('Milestone');
  if (row.status === 'cancelled') throw conflict('This invoice is cancelled: it takes no payments.');
  const money = await moneyOf(tx, caller.businessId, row.id);
  const statuses = milestoneStatuses(
    milestones.map((m) => ({ amountKobo: m.amount_kobo, dueDate: m.due_date })),
    { ...money, today: await today(tx, caller.businessId) },
  );
  const s = statuses[index]!;
  if (s.status === 'paid') throw conflict('This milestone is already paid.');
  if (s.status === 'credited') throw conflict('This milestone was credited: nothing is owed on it.');
  // Payments fill the first milestones first: one marked paid out of order also pays those before it.
  const owedUpTo = statuses.slice(0, index + 1).reduce((a, x) => a + (x.amountDueKobo - x.paidKobo), 0);
  await insertPayment(tx, {
    businessId: caller.businessId,
    invoiceId: row.id,
    id: newId(),
    method: body.method,
    source: 'manual',
    amountKobo: owedUpTo,
    paidAt: new Date(),
    reference: body.reference || null,
    recordedBy: caller.userId,
  });
  await refreshInvoice(tx, caller.businessId, row.id);
  return getInvoice(tx, caller.businessId, row.id);
};

export const setOrderStatus = async (
  tx: InTx,
  caller: Caller,
  id: string,
  body: z.output<typeof invoiceOrderStatusBody>,
): Promise<Invoice> => {
  const row = await lockInvoiceFor(tx, caller, id);
  if (row.status === 'cancelled') throw conflict('This invoice is cancelled.');
  if (!orderStatusStepAllowed(row.order_status, body.order_status))
    throw conflict(
      `An order only moves forward: this one is ${INVOICE_ORDER_STATUS_LABELS[row.order_status]}.`,
    );
  await updateInvoiceRow(tx, caller.businessId, row.id, {
    order_status: body.order_status,
    // Not sent: the note stays; null (or empty) clears it.
    order_note: body.order_note === undefined ? row.order_note : body.order_note || null,
  });
  await publishChange(tx, caller.businessId, { topic: 'invoices', stores: [row.store_id], ids: [row.id] });
  return getInvoice(tx, caller.businessId, row.id);
};

/** A credit note takes all or part of an invoice back: never more than is left to credit. */
export const addCreditNote = async (
  tx: InTx,
  caller: Caller,
  id: string,
  body: z.output<typeof creditNoteBody>,
): Promise<Invoice> => {
  const row = await lockInvoiceFor(tx, caller, id);
  const noteId = body._id.toLowerCase();
  const again = await tx
    .selectFrom('credit_notes')
    .select('invoice_id')
    .where('business_id', '=', caller.businessId)
    .where('id', '=', noteId)
    .executeTakeFirst();
  if (again) {
    if (again.invoice_id !== row.id) throw conflict('_id: this credit note was made on another invoice');
    return getInvoice(tx, caller.businessId, row.id);
  }
  if (row.status === 'cancelled') throw conflict('This invoice is cancelled.');
  if (row.status === 'draft') throw conflict('This invoice is a draft: change it instead.');
  const money = await moneyOf(tx, caller.businessId, row.id);
  const left = row.total_kobo - money.creditedKobo;
  const amountKobo = toKobo(body.amount);
  if (amountKobo > left)
    throw badRequest(`amount cannot be more than ${formatKobo(left)} (what is left to credit)`);
  await tx
    .insertInto('credit_notes')
    .values({
      business_id: caller.businessId,
      invoice_id: row.id,
      id: noteId,
      number: await nextNumber(tx, caller.businessId, 'credit_note', 'CN'),
      amount_kobo: amountKobo,
      reason: body.reason,
      created_by: caller.userId,
    })
    .execute();
  await refreshInvoice(tx, caller.businessId, row.id);
  return getInvoice(tx, caller.businessId, row.id);
};

/**
 * A transfer to the invoice's own account (the rail's event, flows/receive-bank-event): recorded on the
 * invoice once per bank transaction, whatever the invoice's state — money that arrived for a cancelled or
 * paid invoice is kept, shown on it, and owed back (`refund_due`).
 */
export const recordRailPayment = async (
  tx: InTx,
  p: {
    businessId: string;
    invoiceId: string;
    bankTransactionId: string;
    amountKobo: number;
    paidAt: Date;
    reference: string;
    payerName: string | null;
  },
): Promise<boolean> => {
  // The invoice first, as every other payment does (a lock taken after the insert's key share would
  // deadlock two transfers landing on one invoice at once).
  await invoiceRow(tx, p.businessId, p.invoiceId, { withDeleted: true, lock: true });
  const inserted = await insertPayment(tx, {
    businessId: p.businessId,
    invoiceId: p.invoiceId,
    id: newId(),
    method: 'transfer',
    source: 'rail',
    amountKobo: p.amountKobo,
    paidAt: p.paidAt,
    reference: p.reference,
    payerName: p.payerName,
    bankTransactionId: p.bankTransactionId,
    recordedBy: null,
  });
  if (!inserted) return false;
  await refreshInvoice(tx, p.businessId, p.invoiceId);
  return true;
};
