import {
  computeSaleTotals,
  saleTotalsIssue,
  discountFromBody,
  discountExceeds,
  formatKobo,
  summarisePayments,
  toKobo,
  paidStatus,
  type Sale,
} from '@ms/contracts';
import type { Database, InTx } from '../db/database.js';
import { isForeignKeyViolation } from '../lib/db-errors.js';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors.js';
import type { Turn } from '../lib/upload-batch.js';
import type { AuthContext } from '../plugins/auth.js';
import { findCustomer } from '../modules/customers/index.js';
import { moveStock } from '../modules/inventory/index.js';
import { earnPoints, redeemPoints, spendStoreCredit } from '../modules/loyalty/index.js';
import { openRegisterOf, recordRegisterCash } from '../modules/registers/index.js';
import { paymentMethodLabels } from '../modules/payment-options/index.js';
import {
  claimSaleId,
  insertSaleLines,
  completeSale,
  loadNewSale,
  loadSale,
  saleExists,
  storedDiscount,
} from '../modules/sales/index.js';
import { saleAgentCode } from '../modules/sales-agents/index.js';
import { assertStoreAccess } from '../modules/stores/index.js';
import {
  canDiscount,
  priceSaleLines,
  type PricedLine,
  type PricingRules,
  type SaleItemInput,
} from './price-sale-lines.js';
import { confirmByLandedTransfers } from './confirm-transfer-payments.js';

/**
 * Records a sale made at the counter in ONE transaction: the sale, its lines and payments, the
 * register's cash, store credit and points spent, stock out of the store, and points earned.
 *
 * Idempotent on the id made on the device: the sale row is inserted first with
 * `ON CONFLICT (business_id, id) DO NOTHING`; when it already existed (a retry, or a concurrent
 * post of the same sale that has just committed) nothing is written and the stored sale is
 * returned as it is. The same id in another business is refused with 409.
 */

export type RecordSaleInput = {
  _id: string;
  store_id: string;
  customer_id?: string | null;
  items: SaleItemInput[];
  discount_type?: 'amount' | 'percentage' | null;
  discount?: number | null;
  payments: { method: string; amount: number; points?: number }[];
  note?: string;
  offline_date?: number | string | null;
  is_offline_data?: boolean;
  pay_later?: boolean;
  sales_agent_code?: string | null;
};

/**
 * What differs for a sale made offline (flows/offline-sale-rules.ts, decision 0004): how items are
 * priced, how the customer is found, where the cash goes. Online sales use `onlineRules`.
 */
export type SaleRules = {
  priceItems: (tx: InTx, auth: AuthContext, items: RecordSaleInput['items']) => Promise<PricedLine[]>;
  /**
   * `customerId` to link now, or `pendingCustomerId` to link when that customer lands; `dropped`
   * when the id named was left off the sale (why, for the device).
   */
  customer: (tx: InTx, businessId: string, id: string) => Promise<SaleCustomer>;
  /** Puts the cash kept in a register; the register it went to, or the kobo no register took. */
  keepCash: (
    tx: InTx,
    input: { businessId: string; storeId: string; userId: string; amountKobo: number; saleId: string },
  ) => Promise<{ registerId: string | null; unregisteredKobo: number }>;
  /** The sales agent code the sale keeps. */
  salesAgent: (
    tx: InTx,
    businessId: string,
    storeId: string,
    code: string | null | undefined,
  ) => Promise<string | null>;
};

export type SaleNotice = { code: string; reason: string };
export type SaleCustomer = {
  customerId: string | null;
  pendingCustomerId: string | null;
  dropped?: SaleNotice;
};

/** 409 while a twin of the same sale is mid-flight: a retry, not a refusal. */
export const SALE_BEING_RECORDED = 'This sale is being recorded; try again in a moment.';

/** How a sale at the counter words an item it cannot price. */
const onlinePricing: PricingRules = {
  offline: false,
  refuse: (problem) => {
    switch (problem.kind) {
      case 'unknown_product':
        return notFound('Product');
      case 'variety_required':
        return badRequest(
          `items[${problem.index}].variety_id is required: ${problem.product} has varieties.`,
        );
      case 'no_varieties':
        return badRequest(`items[${problem.index}].variety_id: ${problem.product} has no varieties.`);
      case 'unknown_variety':
        return notFound('Variety');
      case 'unknown_modifier':
        return notFound('Modifier');
      case 'price_not_allowed':
        return forbidden('Your role cannot change prices or give discounts.');
      case 'discount_too_large':
        return badRequest(
          `items[${problem.index}].discount cannot be more than the line amount (${formatKobo(problem.grossKobo)}).`,
        );
    }
  },
};

/** A sale at the counter: today's catalogue, a live customer, an open register for cash. */
const onlineRules: SaleRules = {
  priceItems: (tx, auth, items) => priceSaleLines(tx, auth, items, onlinePricing),
  customer: async (tx, businessId, id) => {
    if (!(await findCustomer(tx, businessId, id))) throw notFound('Customer');
    return { customerId: id, pendingCustomerId: null };
  },
  keepCash: async (tx, input) => {
    const session = await recordRegisterCash(tx, { ...input, kind: 'sale', referenceId: input.saleId });
    return { registerId: session.register_id, unregisteredKobo: 0 };
  },
  salesAgent: saleAgentCode,
};

const offlineDateOf = (v: number | string | null | undefined): Date | null =>
  v === undefined || v === null ? null : new Date(v);

/**
 * POST /v1/sales/ and POST /v2/business/{b}/sales. `created` is false when the sale was already
 * recorded (the answer is then the stored sale, unchanged).
 */
export const recordSale = async (
  db: Database,
  auth: AuthContext,
  input: RecordSaleInput,
  rules: SaleRules = onlineRules,
): Promise<{ sale: Sale; created: boolean; notice?: SaleNotice }> => {
  const { saleId, created, notice } = await writeSale(db, auth, input, rules);
  // Read after the commit, so no row the sale locked waits for it (a new sale has no refunds yet).
  const sale = created
    ? await loadNewSale(db, auth.businessId, saleId)
    : await loadSale(db, auth.businessId, saleId);
  if (!sale) throw new Error('sale missing after insert');
  return { sale, created, ...(notice ? { notice } : {}) };
};

/**
 * Records the sale in one transaction and answers only its id: a batch of uploaded sales reads all
 * of them back at once after the last one (`loadSales`), a sale at the counter right after its commit.
 */
export const writeSale = async (
  db: Database,
  auth: AuthContext,
  input: RecordSaleInput,
  rules: SaleRules,
  /** An uploaded batch's order (lib/upload-batch.ts): waited for before the stock moves. */
  turn?: Turn,
): Promise<{ saleId: string; created: boolean; notice?: SaleNotice }> => {
  const b = auth.businessId;
  const saleId = input._id.toLowerCase();
  const storeId = input.store_id.toLowerCase();
  try {
    return await db.transaction().execute(async (tx) => {
      // 1. Claim the id. A retry (or a concurrent twin that just committed) finds it taken.
      const claim = await claimSaleId(tx, { businessId: b, saleId, storeId, userId: auth.userId });
      if (claim === 'taken') {
        if (!(await saleExists(tx, b, saleId))) throw conflict(SALE_BEING_RECORDED);
        return { saleId, created: false };
      }
      if (claim === 'used_elsewhere') throw conflict('This sale id is already used; make a new sale.');

      // 2. Who and where.
      await assertStoreAccess(tx, auth, storeId);
      const { customerId, pendingCustomerId, dropped }: SaleCustomer = input.customer_id
        ? await rules.customer(tx, b, input.customer_id.toLowerCase())
        : { customerId: null, pendingCustomerId: null };
      const salesAgentCode = await rules.salesAgent(tx, b, storeId, input.sales_agent_code);

      // 3. Lines and totals.
      const lines = await rules.priceItems(tx, auth, input.items);
      const orderDiscount = discountFromBody(input.discount_type, input.discount);
      if (orderDiscount && !canDiscount(auth))
        throw forbidden('Your role cannot change prices or give discounts.');
      const totals = computeSaleTotals(
        lines.map((l) => ({
          unitPriceKobo: l.unitPriceKobo,
          modifierPricesKobo: l.modifiers.map((m) => m.selling_price),
          quantity: l.quantity,
          discount: l.discount,
        })),
        orderDiscount,
      );
      const outOfBounds = saleTotalsIssue(totals);
      if (outOfBounds) throw badRequest(outOfBounds.message);
      if (discountExceeds(totals.subtotalKobo, orderDiscount))
        throw badRequest(`discount cannot be more than the subtotal (${formatKobo(totals.subtotalKobo)}).`);
      // Only methods the business offers (a sale made offline may use one switched off since).
      const labels = await paymentMethodLabels(
        tx,
        b,
        input.payments.map((p) => p.method),
        {
          madeOffline: input.is_offline_data ?? input.offline_date != null,
          field: (index) => `payments[${index}].method`,
        },
      );
      // The lines lock nothing others wait for: written before the stock rows are locked.
      await insertSaleLines(
        tx,
        b,
        saleId,
        lines.map((l, position) => ({
          ...l,
          discountKobo: totals.lines[position]?.discountKobo ?? 0,
          totalKobo: totals.lines[position]?.totalKobo ?? 0,
          netKobo: totals.lines[position]?.netKobo ?? 0,
        })),
      );

      // A sale that takes cash finds its register below, under the session's share lock (`keepCash`:
      // exactly when some cash payment is worth a kobo). Any other sale belongs to the store's open
      // register: a plain read, done before the stock rows are locked so that other sales wait on
      // them one round trip less.
      const takesCash = input.payments.some((p) => p.method === 'cash' && toKobo(p.amount) > 0);
      const openRegister = takesCash
        ? undefined
        : await openRegisterOf(tx, b, storeId, { userId: auth.userId });

      // 5-7. Settling: payments, the register's cash, points, and the sale's own columns; before or
      // after the stock (4), see below. Points are worth what the loyalty rule says; everything else
      // is what was sent.
      const settle = async () => {
        const payments: { method: string; amountKobo: number; points: number | null }[] = [];
        for (const [index, p] of input.payments.entries()) {
          if ((p.method === 'store_credit' || p.method === 'loyalty_points') && !customerId)
            throw badRequest(
              `payments[${index}].method: ${p.method} needs a customer on the sale (customer_id).`,
            );
          if (p.method === 'loyalty_points') {
            if (!p.points)
              throw badRequest(`payments[${index}].points is required to pay with loyalty_points.`);
            const value = await redeemPoints(tx, {
              businessId: b,
              customerId: customerId as string,
              saleId,
              points: p.points,
              userId: auth.userId,
            });
            payments.push({ method: p.method, amountKobo: value, points: p.points });
          } else if (p.amount > 0) {
            payments.push({ method: p.method, amountKobo: toKobo(p.amount), points: null });
          }
        }
        const summary = summarisePayments(totals.totalKobo, payments);
        if (summary.nonCashKobo > totals.totalKobo)
          throw badRequest(
            `payments: the payments other than cash (${formatKobo(summary.nonCashKobo)}) are more than the total (${formatKobo(totals.totalKobo)}).`,
          );
        if (summary.balanceKobo > 0 && !input.pay_later)
          throw badRequest(
            `payments: ${formatKobo(summary.balanceKobo)} of the total is not paid; pay it or set pay_later to leave it unpaid.`,
          );

        const cash =
          summary.cashTenderedKobo > 0
            ? await rules.keepCash(tx, {
                businessId: b,
                storeId,
                userId: auth.userId,
                amountKobo: summary.cashKeptKobo,
                saleId,
              })
            : null;
        for (const p of payments)
          if (p.method === 'store_credit')
            await spendStoreCredit(tx, {
              businessId: b,
              customerId: customerId as string,
              saleId,
              amountKobo: p.amountKobo,
              userId: auth.userId,
            });

        // 6. Points earned on what was paid, except the part paid with points.
        const paidWithPoints = payments
          .filter((p) => p.method === 'loyalty_points')
          .reduce((sum, p) => sum + p.amountKobo, 0);
        const earnableKobo = Math.max(0, summary.amountPaidKobo - paidWithPoints);
        const pointsEarned =
          customerId && earnableKobo > 0
            ? await earnPoints(tx, {
                businessId: b,
                customerId,
                saleId,
                amountKobo: earnableKobo,
                userId: auth.userId,
              })
            : 0;

        // 7. The sale itself.
        const registerId = cash ? cash.registerId : (openRegister?.register_id ?? null);
        const columns = {
          register_id: registerId,
          customer_id: customerId,
          pending_customer_id: pendingCustomerId,
          unregistered_cash_kobo: cash?.unregisteredKobo ?? 0,
          status: paidStatus(totals.totalKobo, summary.amountPaidKobo),
          subtotal_kobo: totals.subtotalKobo,
          order_discount_type: orderDiscount?.type ?? null,
          order_discount_value: storedDiscount(orderDiscount),
          order_discount_kobo: totals.orderDiscountKobo,
          discount_total_kobo: totals.discountTotalKobo,
          total_kobo: totals.totalKobo,
          amount_paid_kobo: summary.amountPaidKobo,
          change_due_kobo: summary.changeDueKobo,
          points_earned: pointsEarned,
          note: input.note || null,
          offline_date: offlineDateOf(input.offline_date),
          is_offline_data: input.is_offline_data ?? input.offline_date != null,
          sales_agent_code: salesAgentCode,
        };
        const kept = payments
          .map((p) => (p.method === 'cash' ? { ...p, amountKobo: 0 } : p))
          .filter((p) => p.method !== 'cash');
        if (summary.cashKeptKobo > 0)
          kept.unshift({ method: 'cash', amountKobo: summary.cashKeptKobo, points: null });
        // The receipt number is given as the transaction commits (migration 0016): the business's
        // counter row is held only while the commit is written.
        await completeSale(
          tx,
          { businessId: b, saleId, userId: auth.userId },
          kept.map((p) => ({ ...p, methodLabel: labels.get(p.method) ?? null })),
          columns,
        );
        if (kept.some((p) => p.method === 'fixed_account'))
          await confirmByLandedTransfers(tx, {
            businessId: b,
            storeId,
            saleId,
            soldAt: columns.offline_date ?? new Date(),
          });
      };

      // A sale without a customer locks no loyalty balance: it is settled before its stock moves, so
      // that in an uploaded batch only the stock statement and the commit run one sale after another.
      // Its cash takes a share lock on the register's session, which other sales share (only a close
      // waits for it). A sale with a customer is settled after its stock: stock rows are locked
      // before loyalty balances in every flow.
      if (!customerId) await settle();

      // Up to here a sale locks nothing another sale waits for (its own new rows, key-share locks of
      // what it names, the register session's share lock, a customer's lock that the batch never takes
      // twice at once): the sales of an uploaded batch run that far side by side, and from here on one
      // after the other, in order.
      await turn?.();

      // 4. Stock leaves the store (overselling allowed: the sale already happened at the counter).
      // Stock rows are locked before loyalty balances and the receipt counter, in every flow, so
      // two sales never wait on each other in opposite orders.
      await moveStock(
        tx,
        { businessId: b, userId: auth.userId, reason: 'sale', referenceType: 'sale', referenceId: saleId },
        lines
          .filter((l) => l.tracksStock)
          .map((l) => ({
            storeId,
            productId: l.productId,
            varietyId: l.varietyId,
            quantity: -l.quantity,
          })),
      );
      // The next sale of an uploaded batch may move its stock now; it commits only after this one.
      turn?.passed();
      if (customerId) await settle();
      await turn?.beforeCommit();
      return { saleId, created: true, ...(dropped ? { notice: dropped } : {}) };
    });
  } catch (error) {
    // The store named does not belong to this business (the sale row's foreign key).
    if (isForeignKeyViolation(error)) throw notFound('Store');
    throw error;
  }
};
