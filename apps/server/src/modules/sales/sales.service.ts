import {
  DEFAULT_TIME_ZONE,
  formatKobo,
  paidStatus,
  refundAmountKobo,
  saleMadeAt,
  toKobo,
  type PayLaterBody,
  type RefundBody,
  type Sale,
  type SaleListQuery,
  type SalePage,
  type SalesSyncData,
} from '@ms/contracts';
import { assertStoreAccess } from '../stores/index.js';
import type { Database } from '../../db/database.js';
import type { RefundPayoutJson } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { dayEnd, dayStart } from '../../lib/business-time.js';
import { isUuid, newId } from '../../lib/ids.js';
import type { AuthContext } from '../../plugins/auth.js';
import { moveStock } from '../inventory/index.js';
import {
  earnPoints,
  redeemPoints,
  refundToStoreCredit,
  reversePoints,
  spendStoreCredit,
} from '../loyalty/index.js';
import { recordRegisterCash } from '../registers/index.js';
import { paymentMethodLabels } from '../payment-options/index.js';
import { loadSale, loadSales, summaryQuery, summaryTotals, toSummary } from './sales.repository.js';

/** A sale of the caller's business that the caller may see (non-admins: their stores), else 404/403. */
const visibleSale = async (db: Database, auth: AuthContext, id: string): Promise<Sale> => {
  if (!isUuid(id)) throw notFound('Sale');
  const sale = await loadSale(db, auth.businessId, id.toLowerCase());
  if (!sale) throw notFound('Sale');
  if (!auth.isAdmin && !auth.storeIds.includes(sale.store_id))
    throw forbidden('You are not assigned to this store.');
  return sale;
};

export const saleDetail = visibleSale;

/** The sale row locked for a change, with the checks every change shares. */
const lockSale = async (tx: Database, auth: AuthContext, id: string) => {
  if (!isUuid(id)) throw notFound('Sale');
  const row = await tx
    .selectFrom('sales')
    .selectAll()
    .where('business_id', '=', auth.businessId)
    .where('id', '=', id.toLowerCase())
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Sale');
  if (!auth.isAdmin && !auth.storeIds.includes(row.store_id))
    throw forbidden('You are not assigned to this store.');
  return row;
};

// ---------------------------------------------------------------------------------------------
// Pay later

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

/** Pays (part of) what a sale still owes with one method. */
export const payLater = async (
  db: Database,
  auth: AuthContext,
  saleId: string,
  method: string,
  body: PayLaterBody,
): Promise<Sale> =>
  db.transaction().execute(async (tx) => {
    const row = await lockSale(tx, auth, saleId);
    const owed = row.total_kobo - row.amount_paid_kobo;
    if (owed <= 0 || (row.status !== 'unpaid' && row.status !== 'partially_paid'))
      throw conflict('This sale has nothing left to pay.');
    if ((method === 'store_credit' || method === 'loyalty_points') && !row.customer_id)
      throw badRequest(`method: ${method} needs a customer on the sale.`);
    const labels = await paymentMethodLabels(tx, auth.businessId, [method], {
      madeOffline: false,
      field: () => 'method',
    });
    let amountKobo = toKobo(body.amount);
    let points: number | null = null;
    let change = 0;
    if (method === 'loyalty_points') {
      if (!body.points) throw badRequest('points is required to pay with loyalty_points.');
      points = body.points;
      amountKobo = await redeemPoints(tx, {
        businessId: auth.businessId,
        customerId: row.customer_id as string,
        saleId: row.id,
        points: body.points,
        userId: auth.userId,
      });
    }
    if (method === 'cash') {
      change = Math.max(0, amountKobo - owed);
      amountKobo -= change;
      await recordRegisterCash(tx, {
        businessId: auth.businessId,
        storeId: row.store_id,
        userId: auth.userId,
        amountKobo,
        kind: 'sale',
        referenceId: row.id,
      });
    } else if (amountKobo > owed) {
      throw badRequest(`amount: ${formatKobo(amountKobo)} is more than the ${formatKobo(owed)} still owed.`);
    }
    if (method === 'store_credit')
      await spendStoreCredit(tx, {
        businessId: auth.businessId,
        customerId: row.customer_id as string,
        saleId: row.id,
        amountKobo,
        userId: auth.userId,
      });
    await tx
      .insertInto('sale_payments')
      .values({
        business_id: auth.businessId,
        id: newId(),
        sale_id: row.id,
        method,
        amount_kobo: amountKobo,
        points,
        user_id: auth.userId,
        method_label: labels.get(method) ?? null,
      })
      .execute();
    // Points are earned on money paid, not on points spent.
    const earned =
      row.customer_id && method !== 'loyalty_points'
        ? await earnPoints(tx, {
            businessId: auth.businessId,
            customerId: row.customer_id,
            saleId: row.id,
            amountKobo,
            userId: auth.userId,
          })
        : 0;
    const paid = row.amount_paid_kobo + amountKobo;
    await tx
      .updateTable('sales')
      .set({
        amount_paid_kobo: paid,
        change_due_kobo: row.change_due_kobo + change,
        points_earned: row.points_earned + earned,
        status: paidStatus(row.total_kobo, paid),
      })
      .where('business_id', '=', auth.businessId)
      .where('id', '=', row.id)
      .execute();
    return (await loadSale(tx, auth.businessId, row.id)) as Sale;
  });

// ---------------------------------------------------------------------------------------------
// Refunds

export const refundSale = async (
  db: Database,
  auth: AuthContext,
  saleId: string,
  body: RefundBody,
): Promise<Sale> =>
  db.transaction().execute(async (tx) => {
    const row = await lockSale(tx, auth, saleId);
    if (row.status !== 'completed' && row.status !== 'partially_refunded')
      throw conflict(
        row.status === 'refunded'
          ? 'This sale is already fully refunded.'
          : 'Only a fully paid sale can be refunded.',
      );
    if (body.to === 'store_credit' && !row.customer_id)
      throw badRequest('to: store_credit needs a customer on the sale.');
    const saleLines = await tx
      .selectFrom('sale_lines')
      .selectAll()
      .where('business_id', '=', auth.businessId)
      .where('sale_id', '=', row.id)
      .orderBy('position')
      .execute();
    const lineById = new Map(saleLines.map((l) => [l.id, l]));
    const asked = new Map<string, number>();
    for (const l of body.lines) {
      const id = l.line_id.toLowerCase();
      if (!lineById.has(id)) throw notFound('Sale line');
      asked.set(id, (asked.get(id) ?? 0) + l.quantity);
    }
    const refundId = newId();
    const refundLines = [...asked.entries()].map(([lineId, quantity]) => {
      const line = lineById.get(lineId)!;
      const left = line.quantity - line.refunded_quantity;
      if (quantity > left)
        throw conflict(
          left === 0
            ? `${line.name} is already fully refunded.`
            : `Cannot refund ${quantity} of ${line.name}: only ${left} left to refund.`,
        );
      return {
        line,
        quantity,
        amountKobo: refundAmountKobo(line.net_kobo, line.quantity, line.refunded_quantity, quantity),
      };
    });
    const amountKobo = refundLines.reduce((a, l) => a + l.amountKobo, 0);

    // Where the money goes.
    const payouts: RefundPayoutJson[] = [];
    if (body.to === 'cash') payouts.push({ method: 'cash', amount_kobo: amountKobo });
    else if (body.to === 'store_credit') payouts.push({ method: 'store_credit', amount_kobo: amountKobo });
    else {
      // Back the way it was paid, method by method, up to what each method has not yet given back.
      // In the order paid: a sale's payments share one created_at (one transaction, and the
      // embedded database's clock is coarse), so the id (UUIDv7, made in order) breaks the tie.
      const payments = await tx
        .selectFrom('sale_payments')
        .select(['method', 'amount_kobo'])
        .where('business_id', '=', auth.businessId)
        .where('sale_id', '=', row.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const paidBy = new Map<string, number>();
      for (const p of payments) paidBy.set(p.method, (paidBy.get(p.method) ?? 0) + Number(p.amount_kobo));
      const paid = [...paidBy].map(([method, amount]) => ({ method, amount }));
      const before = await tx
        .selectFrom('refunds')
        .select('payouts')
        .where('business_id', '=', auth.businessId)
        .where('sale_id', '=', row.id)
        .execute();
      const given = new Map<string, number>();
      for (const r of before)
        for (const p of r.payouts) given.set(p.method, (given.get(p.method) ?? 0) + p.amount_kobo);
      let left = amountKobo;
      for (const p of paid) {
        if (left <= 0) break;
        const room = Number(p.amount) - (given.get(p.method) ?? 0);
        const take = Math.min(room, left);
        if (take > 0) {
          payouts.push({ method: p.method, amount_kobo: take });
          left -= take;
        }
      }
      if (left > 0) payouts.push({ method: 'cash', amount_kobo: left });
    }
    // Stock goes back to the sale's store (stock before loyalty balances, as in recording a sale).
    await moveStock(
      tx,
      {
        businessId: auth.businessId,
        userId: auth.userId,
        reason: 'refund',
        referenceType: 'sale',
        referenceId: row.id,
      },
      refundLines
        .filter((l) => l.line.tracks_stock)
        .map((l) => ({
          storeId: row.store_id,
          productId: l.line.product_id,
          varietyId: l.line.variety_id,
          quantity: l.quantity,
        })),
    );
    for (const p of payouts) {
      if (p.method === 'cash')
        await recordRegisterCash(tx, {
          businessId: auth.businessId,
          storeId: row.store_id,
          userId: auth.userId,
          amountKobo: -p.amount_kobo,
          kind: 'refund',
          referenceId: row.id,
        });
      else if ((p.method === 'store_credit' || p.method === 'loyalty_points') && row.customer_id)
        await refundToStoreCredit(tx, {
          businessId: auth.businessId,
          customerId: row.customer_id,
          saleId: row.id,
          amountKobo: p.amount_kobo,
          userId: auth.userId,
        });
    }

    if (row.customer_id)
      await reversePoints(tx, {
        businessId: auth.businessId,
        customerId: row.customer_id,
        saleId: row.id,
        amountKobo,
        userId: auth.userId,
      });

    await tx
      .insertInto('refunds')
      .values({
        business_id: auth.businessId,
        id: refundId,
        sale_id: row.id,
        store_id: row.store_id,
        user_id: auth.userId,
        amount_kobo: amountKobo,
        destination: body.to,
        payouts: JSON.stringify(payouts),
        reason: body.reason || null,
      })
      .execute();
    await tx
      .insertInto('refund_lines')
      .values(
        refundLines.map((l) => ({
          business_id: auth.businessId,
          id: newId(),
          refund_id: refundId,
          sale_line_id: l.line.id,
          quantity: l.quantity,
          amount_kobo: l.amountKobo,
          cost_kobo: l.quantity * Number(l.line.unit_cost_kobo),
        })),
      )
      .execute();
    for (const l of refundLines)
      await tx
        .updateTable('sale_lines')
        .set({
          refunded_quantity: l.line.refunded_quantity + l.quantity,
          refunded_kobo: l.line.refunded_kobo + l.amountKobo,
        })
        .where('business_id', '=', auth.businessId)
        .where('id', '=', l.line.id)
        .execute();
    const allBack = saleLines.every((l) => l.refunded_quantity + (asked.get(l.id) ?? 0) >= l.quantity);
    await tx
      .updateTable('sales')
      .set({
        refunded_kobo: row.refunded_kobo + amountKobo,
        status: allBack ? 'refunded' : 'partially_refunded',
      })
      .where('business_id', '=', auth.businessId)
      .where('id', '=', row.id)
      .execute();
    return (await loadSale(tx, auth.businessId, row.id)) as Sale;
  });

// ---------------------------------------------------------------------------------------------
// Receipts

/** The receipt as plain text (also the body of the e-mail). */
export const receiptText = (businessName: string, sale: Sale, timeZone = DEFAULT_TIME_ZONE): string => {
  const money = (n: number) => formatKobo(toKobo(n));
  const out: string[] = [businessName, sale.store_name, `Receipt ${sale.receipt_number}`];
  out.push(`Date: ${new Date(saleMadeAt(sale)).toLocaleString('en-NG', { timeZone })}`);
  if (sale.cashier_name) out.push(`Cashier: ${sale.cashier_name}`);
  if (sale.customer_name) out.push(`Customer: ${sale.customer_name}`);
  out.push('');
  for (const l of sale.items) {
    out.push(`${l.quantity} x ${l.name} @ ${money(l.price)}  ${money(l.total)}`);
    for (const m of l.modifiers) out.push(`   + ${m.name} ${money(m.selling_price)}`);
    if (l.discount_amount > 0) out.push(`   Discount -${money(l.discount_amount)}`);
  }
  out.push('');
  out.push(`Subtotal: ${money(sale.subtotal)}`);
  if (sale.order_discount_amount > 0) out.push(`Discount: -${money(sale.order_discount_amount)}`);
  out.push(`Total: ${money(sale.total)}`);
  for (const p of sale.payments) out.push(`Paid (${p.method_label}): ${money(p.amount)}`);
  if (sale.change_due > 0) out.push(`Change: ${money(sale.change_due)}`);
  if (sale.balance > 0) out.push(`Still owed: ${money(sale.balance)}`);
  if (sale.refunded_total > 0) out.push(`Refunded: ${money(sale.refunded_total)}`);
  if (sale.note) out.push('', `Note: ${sale.note}`);
  out.push('', 'Thank you for your patronage.');
  return out.join('\n');
};

export const sendReceipt = async (
  deps: Pick<Deps, 'db' | 'notifications'>,
  auth: AuthContext,
  saleId: string,
  email?: string,
): Promise<{ sent_to: string }> => {
  const sale = await visibleSale(deps.db, auth, saleId);
  let to = email;
  if (!to && sale.customer_id) {
    const c = await deps.db
      .selectFrom('customers')
      .select('email')
      .where('business_id', '=', auth.businessId)
      .where('id', '=', sale.customer_id)
      .executeTakeFirst();
    to = c?.email ?? undefined;
  }
  if (!to) throw badRequest('email is required: this sale has no customer e-mail.');
  const business = await deps.db
    .selectFrom('businesses')
    .select(['name', 'timezone'])
    .where('id', '=', auth.businessId)
    .executeTakeFirst();
  const businessName = business?.name ?? 'Your shop';
  try {
    await deps.notifications.send({
      channel: 'email',
      to,
      subject: `Your receipt ${sale.receipt_number} from ${businessName}`,
      body: receiptText(businessName, sale, business?.timezone),
      kind: 'sale_receipt',
      businessId: auth.businessId,
      meta: { sale_id: sale.id, receipt_number: sale.receipt_number, total: sale.total },
    });
  } catch {
    throw new HttpError(503, 'The receipt could not be sent right now. Try again in a moment.');
  }
  return { sent_to: to };
};

// ---------------------------------------------------------------------------------------------
// History

/** Stores whose sales the caller may see: all (admin) or their own; one named store is checked. */
const storeScope = async (
  db: Database,
  auth: AuthContext,
  storeIdOrAll: string,
): Promise<string[] | null> => {
  if (storeIdOrAll === 'all') return auth.isAdmin ? null : [...auth.storeIds];
  if (!isUuid(storeIdOrAll)) throw notFound('Store');
  await assertStoreAccess(db, auth, storeIdOrAll.toLowerCase());
  return [storeIdOrAll.toLowerCase()];
};

/** Incremental download: sales changed at or after `updated_at`, oldest change first, a page at a time. */
export const syncSales = async (
  db: Database,
  auth: AuthContext,
  storeIdOrAll: string,
  query: { updated_at?: number; limit: number },
): Promise<SalesSyncData> => {
  const stores = await storeScope(db, auth, storeIdOrAll);
  const b = auth.businessId;
  if (stores !== null && stores.length === 0)
    return {
      sales: [],
      metaData: {
        lastUpdate: query.updated_at ?? Date.now(),
        recordsRemoved: [],
        total_count: 0,
        hasMore: false,
      },
    };
  let q = db.selectFrom('sales').where('business_id', '=', b);
  if (stores) q = q.where('store_id', 'in', stores);
  const since = query.updated_at === undefined ? null : new Date(query.updated_at);
  let changed = q
    .select(['id', 'updated_at', 'deleted_at'])
    .orderBy('updated_at')
    .orderBy('id')
    .limit(query.limit + 1);
  if (since) changed = changed.where('updated_at', '>=', since);
  else changed = changed.where('deleted_at', 'is', null);
  const [rows, count, last] = await Promise.all([
    changed.execute(),
    q
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
    q.select((eb) => eb.fn.max('updated_at').as('last')).executeTakeFirst(),
  ]);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const live = page.filter((r) => !r.deleted_at).map((r) => r.id);
  const lastRow = page[page.length - 1];
  const lastUpdate =
    hasMore && lastRow
      ? new Date(lastRow.updated_at).getTime()
      : Math.max(query.updated_at ?? 0, last?.last ? new Date(last.last).getTime() : Date.now());
  return {
    sales: await loadSales(db, b, live),
    metaData: {
      lastUpdate,
      recordsRemoved: page.filter((r) => r.deleted_at).map((r) => r.id),
      total_count: Number(count?.n ?? 0),
      hasMore,
    },
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
  if (query.from) q = q.where('s.sold_at', '>=', dayStart(b, query.from));
  if (query.to) q = q.where('s.sold_at', '<', dayEnd(b, query.to));
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
