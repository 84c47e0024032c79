import type { Updateable } from 'kysely';
import type { DiscountInput } from '@ms/contracts';
import type { Tx } from '../../db/database.js';
import { runPrepared } from '../../db/prepared.js';
import type { RefundPayoutJson, RefundsTable, SaleLineModifierJson, SalesTable } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import type { AuthContext } from '../../plugins/auth.js';

/**
 * The sales module's writes: the only code that inserts or changes rows of `sales`, `sale_lines`,
 * `sale_payments`, `refunds` and `refund_lines`. Flows (recording a sale, paying later, refunds,
 * linking offline customers) call these inside their own transaction.
 */

/** Stored discount value: kobo for amount, hundredths of a percent for percentage (read back by `discountValueOut`). */
export const storedDiscount = (d: DiscountInput): number | null =>
  d ? (d.type === 'amount' ? d.value : Math.round(d.value * 100)) : null;

/**
 * Claims a sale id made on a device with a placeholder row (the rest is filled in by `completeSale`
 * in the same transaction), and in the same statement looks whether another business has the id:
 * - `claimed`: the id is this sale's now;
 * - `taken`: this business has it already (a retry, or a twin in flight);
 * - `used_elsewhere`: another business has a sale with this id (ids made on devices are global).
 */
export const claimSaleId = async (
  tx: Tx,
  sale: { businessId: string; saleId: string; storeId: string; userId: string },
): Promise<'claimed' | 'taken' | 'used_elsewhere'> => {
  const [row] = await runPrepared(
    tx,
    tx
      .with('claim', (q) =>
        q
          .insertInto('sales')
          .values({
            business_id: sale.businessId,
            id: sale.saleId,
            receipt_number: `PENDING-${sale.saleId}`,
            store_id: sale.storeId,
            user_id: sale.userId,
            status: 'completed',
            subtotal_kobo: 0,
            total_kobo: 0,
            order_discount_type: null,
            order_discount_value: null,
            customer_id: null,
            register_id: null,
            note: null,
          })
          // No conflict target: a twin in flight can also meet this row first on the placeholder
          // receipt number's unique index, which a targeted ON CONFLICT would raise as an error.
          .onConflict((oc) => oc.doNothing())
          .returning('id'),
      )
      .selectNoFrom((eb) => [
        eb.exists(eb.selectFrom('claim').select('id')).as('claimed'),
        eb
          .exists(
            eb
              .selectFrom('sales')
              .select('id')
              .where('id', '=', sale.saleId)
              .where('business_id', '<>', sale.businessId),
          )
          .as('elsewhere'),
      ]),
  );
  if (!row) throw new Error('the sale id claim answered no row');
  if (!row.claimed) return 'taken';
  return row.elsewhere ? 'used_elsewhere' : 'claimed';
};

/** True when this business has a sale with this id. */
export const saleExists = async (tx: Tx, businessId: string, saleId: string): Promise<boolean> =>
  (await tx
    .selectFrom('sales')
    .select('id')
    .where('business_id', '=', businessId)
    .where('id', '=', saleId)
    .executeTakeFirst()) !== undefined;

/** Changes columns of one sale of the business. */
export const updateSale = async (
  tx: Tx,
  businessId: string,
  saleId: string,
  patch: Updateable<SalesTable>,
): Promise<void> => {
  await tx
    .updateTable('sales')
    .set(patch)
    .where('business_id', '=', businessId)
    .where('id', '=', saleId)
    .execute();
};

/** A line as sold: what it is, its price and cost when sold, its discount. */
export type SaleLineInput = {
  productId: string;
  varietyId: string | null;
  name: string;
  tracksStock: boolean;
  unitPriceKobo: number;
  /** Cost of one unit when sold, kept on the line for profit. */
  unitCostKobo: number;
  modifiers: SaleLineModifierJson[];
  quantity: number;
  discount: DiscountInput;
};

/** A line with its amounts (`computeSaleTotals`). */
export type NewSaleLine = SaleLineInput & {
  discountKobo: number;
  totalKobo: number;
  netKobo: number;
};

/** The lines of a sale, in the order sold. */
export const insertSaleLines = async (
  tx: Tx,
  businessId: string,
  saleId: string,
  lines: readonly NewSaleLine[],
): Promise<void> => {
  if (lines.length === 0) return;
  await tx
    .insertInto('sale_lines')
    .values(
      lines.map((l, position) => ({
        business_id: businessId,
        id: newId(),
        sale_id: saleId,
        position,
        product_id: l.productId,
        variety_id: l.varietyId,
        name: l.name,
        quantity: l.quantity,
        unit_price_kobo: l.unitPriceKobo,
        unit_cost_kobo: l.unitCostKobo,
        modifiers: JSON.stringify(l.modifiers),
        discount_type: l.discount?.type ?? null,
        discount_value: storedDiscount(l.discount),
        discount_kobo: l.discountKobo,
        total_kobo: l.totalKobo,
        net_kobo: l.netKobo,
        tracks_stock: l.tracksStock,
      })),
    )
    .execute();
};

export type NewSalePayment = {
  method: string;
  amountKobo: number;
  points: number | null;
  /** The method's name as sold (a custom payment option may be renamed later). */
  methodLabel: string | null;
};

const paymentRows = (
  sale: { businessId: string; saleId: string; userId: string },
  payments: readonly NewSalePayment[],
) =>
  payments.map((p) => ({
    business_id: sale.businessId,
    id: newId(),
    sale_id: sale.saleId,
    method: p.method,
    amount_kobo: p.amountKobo,
    points: p.points,
    user_id: sale.userId,
    method_label: p.methodLabel,
  }));

/**
 * A new sale's last write: its payments (taken at the counter by `userId`) and its columns, in one
 * statement. The sale's other writes lock rows other sales wait on, so this saves them a round trip.
 */
export const completeSale = async (
  tx: Tx,
  sale: { businessId: string; saleId: string; userId: string },
  payments: readonly NewSalePayment[],
  columns: Updateable<SalesTable>,
): Promise<void> => {
  const rows = paymentRows(sale, payments);
  if (rows.length === 0) return updateSale(tx, sale.businessId, sale.saleId, columns);
  await runPrepared(
    tx,
    tx
      .with('paid', (q) => q.insertInto('sale_payments').values(rows).returning('id'))
      .updateTable('sales')
      .set(columns)
      .where('business_id', '=', sale.businessId)
      .where('id', '=', sale.saleId),
  );
};

/** Payments taken on a sale (at the counter, or later) by `userId`. */
export const insertSalePayments = async (
  tx: Tx,
  businessId: string,
  saleId: string,
  userId: string,
  payments: readonly NewSalePayment[],
): Promise<void> => {
  if (payments.length === 0) return;
  await tx
    .insertInto('sale_payments')
    .values(paymentRows({ businessId, saleId, userId }, payments))
    .execute();
};

/** The sale row locked for a change, with the checks every change shares (404 / 403). */
export const lockSale = async (tx: Tx, auth: AuthContext, id: string) => {
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

export type LockedSale = Awaited<ReturnType<typeof lockSale>>;

/** A sale's lines as stored, in the order sold. */
export const saleLineRows = (tx: Tx, businessId: string, saleId: string) =>
  tx
    .selectFrom('sale_lines')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('sale_id', '=', saleId)
    .orderBy('position')
    .execute();

export type SaleLineRow = Awaited<ReturnType<typeof saleLineRows>>[number];

/**
 * What a sale was paid with, method by method, in the order paid: a sale's payments share one
 * created_at (one transaction, and the embedded database's clock is coarse), so the id (UUIDv7,
 * made in order) breaks the tie.
 */
export const paidByMethod = async (
  tx: Tx,
  businessId: string,
  saleId: string,
): Promise<{ method: string; amount: number }[]> => {
  const payments = await tx
    .selectFrom('sale_payments')
    .select(['method', 'amount_kobo'])
    .where('business_id', '=', businessId)
    .where('sale_id', '=', saleId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const paidBy = new Map<string, number>();
  for (const p of payments) paidBy.set(p.method, (paidBy.get(p.method) ?? 0) + Number(p.amount_kobo));
  return [...paidBy].map(([method, amount]) => ({ method, amount }));
};

/** What earlier refunds of a sale already gave back, by method (kobo). */
export const refundedByMethod = async (
  tx: Tx,
  businessId: string,
  saleId: string,
): Promise<Map<string, number>> => {
  const before = await tx
    .selectFrom('refunds')
    .select('payouts')
    .where('business_id', '=', businessId)
    .where('sale_id', '=', saleId)
    .execute();
  const given = new Map<string, number>();
  for (const r of before)
    for (const p of r.payouts) given.set(p.method, (given.get(p.method) ?? 0) + p.amount_kobo);
  return given;
};

export type NewRefund = {
  businessId: string;
  refundId: string;
  sale: { id: string; storeId: string };
  userId: string;
  amountKobo: number;
  destination: RefundsTable['destination'];
  payouts: RefundPayoutJson[];
  reason: string | null;
  lines: { line: SaleLineRow; quantity: number; amountKobo: number }[];
};

/** A refund and its lines, and the refunded quantities and amounts kept on the sale's lines. */
export const insertRefund = async (tx: Tx, r: NewRefund): Promise<void> => {
  await tx
    .insertInto('refunds')
    .values({
      business_id: r.businessId,
      id: r.refundId,
      sale_id: r.sale.id,
      store_id: r.sale.storeId,
      user_id: r.userId,
      amount_kobo: r.amountKobo,
      destination: r.destination,
      payouts: JSON.stringify(r.payouts),
      reason: r.reason,
    })
    .execute();
  await tx
    .insertInto('refund_lines')
    .values(
      r.lines.map((l) => ({
        business_id: r.businessId,
        id: newId(),
        refund_id: r.refundId,
        sale_line_id: l.line.id,
        quantity: l.quantity,
        amount_kobo: l.amountKobo,
        cost_kobo: l.quantity * Number(l.line.unit_cost_kobo),
      })),
    )
    .execute();
  for (const l of r.lines)
    await tx
      .updateTable('sale_lines')
      .set({
        refunded_quantity: l.line.refunded_quantity + l.quantity,
        refunded_kobo: l.line.refunded_kobo + l.amountKobo,
      })
      .where('business_id', '=', r.businessId)
      .where('id', '=', l.line.id)
      .execute();
};

/**
 * Sales made offline that waited for the customer `pendingId` get `customerId` (decision 0004).
 * Returns them with what each needs to earn its points.
 */
export const linkPendingCustomer = (tx: Tx, businessId: string, pendingId: string, customerId: string) =>
  tx
    .updateTable('sales')
    .set({ customer_id: customerId, pending_customer_id: null })
    .where('business_id', '=', businessId)
    .where('pending_customer_id', '=', pendingId)
    .returning(['id', 'user_id', 'amount_paid_kobo', 'refunded_kobo'])
    .execute();
