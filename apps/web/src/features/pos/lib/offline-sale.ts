import {
  computeSaleTotals,
  fromKobo,
  SALE_PAYMENT_METHOD_LABELS,
  summarisePayments,
  toKobo,
  type CreateSaleBody,
  type OfflineSaleRecord,
  type Sale,
  type SaleStatus,
} from '@ms/contracts';
import { linePrice, type Cart } from './cart';
import { toDiscountInput } from './totals';

/**
 * A sale as it goes through the outbox (issue 5; contracts `offlineSaleRecord`): the create-sale
 * body with what this device charged — each line's `price` (one unit, without modifiers) and
 * `list_price` (its catalogue price here), each modifier's price — and when it was made. The
 * server honours a stale catalogue price; a price the cashier changed still needs pos.discounts.
 * `created_at` orders the queue (oldest first).
 */
export type QueuedSale = OfflineSaleRecord & { _id: string; created_at: string };

export const queuedSale = (
  body: CreateSaleBody,
  cart: Cart,
  { madeAt, offline }: { madeAt: number; offline: boolean },
): QueuedSale => ({
  ...body,
  items: body.items.map((item, i) => {
    const line = cart.lines[i];
    if (!line) return item;
    return {
      ...item,
      price: linePrice(line),
      list_price: line.unit_price,
      modifiers: line.modifiers.map((m) => ({ _id: m._id, selling_price: m.selling_price })),
    };
  }),
  offline_date: madeAt,
  is_offline_data: offline,
  created_at: new Date(madeAt).toISOString(),
});

/** The receipt reference of a sale not on the server yet: "OFF-" and the end of its device id. */
export const localReceiptNumber = (saleId: string) =>
  `OFF-${saleId.replace(/-/g, '').slice(-8).toUpperCase()}`;

export type LocalSaleContext = {
  businessId: string;
  storeName: string;
  userId: string | null;
  cashierName: string | null;
  /** The name a cashier reads for a custom payment option (built-in ones are known here). */
  methodLabel?: (method: string) => string | undefined;
};

/**
 * The sale as the server will record it, worked out on the device (the same kobo arithmetic):
 * what the receipt shows while the sale waits to upload.
 */
export const localSale = (record: QueuedSale, cart: Cart, ctx: LocalSaleContext): Sale => {
  const totals = computeSaleTotals(
    cart.lines.map((l) => ({
      unitPriceKobo: toKobo(linePrice(l)),
      modifierPricesKobo: l.modifiers.map((m) => toKobo(m.selling_price)),
      quantity: l.quantity,
      discount: toDiscountInput(l.discount?.discount_type, l.discount?.discount ?? 0),
    })),
    toDiscountInput(cart.discount?.discount_type, cart.discount?.discount ?? 0),
  );
  const payments = record.payments ?? [];
  const paid = summarisePayments(
    totals.totalKobo,
    payments.map((p) => ({ method: p.method, amountKobo: toKobo(p.amount) })),
  );
  const status: SaleStatus =
    paid.balanceKobo === 0 ? 'completed' : paid.amountPaidKobo > 0 ? 'partially_paid' : 'unpaid';
  const at = record.created_at;
  const lastCash = payments.map((p) => p.method).lastIndexOf('cash');
  const label = (method: string) =>
    SALE_PAYMENT_METHOD_LABELS[method as keyof typeof SALE_PAYMENT_METHOD_LABELS] ??
    ctx.methodLabel?.(method) ??
    method;
  return {
    _id: record._id,
    id: record._id,
    business_id: ctx.businessId,
    receipt_number: localReceiptNumber(record._id),
    store_id: record.store_id,
    store_name: ctx.storeName,
    register_id: null,
    user_id: ctx.userId,
    cashier_name: ctx.cashierName,
    customer_id: record.customer_id ?? null,
    customer_name: cart.customer?.name ?? null,
    status,
    subtotal: fromKobo(totals.subtotalKobo + totals.lineDiscountsKobo),
    discount_total: fromKobo(totals.discountTotalKobo),
    total: fromKobo(totals.totalKobo),
    amount_paid: fromKobo(paid.amountPaidKobo),
    balance: fromKobo(paid.balanceKobo),
    change_due: fromKobo(paid.changeDueKobo),
    refunded_total: 0,
    items_count: cart.lines.reduce((n, l) => n + l.quantity, 0),
    note: record.note ?? null,
    offline_date: at,
    is_offline_data: record.is_offline_data ?? true,
    sales_agent_code: record.sales_agent_code ?? null,
    created_at: at,
    updated_at: at,
    order_discount_type: cart.discount?.discount_type ?? null,
    order_discount: cart.discount?.discount ?? null,
    order_discount_amount: fromKobo(totals.orderDiscountKobo),
    points_earned: 0,
    items: cart.lines.map((l, i) => ({
      _id: `${record._id}-${i}`,
      product_id: l.product_id,
      variety_id: l.variety_id,
      name: l.variety_name ? `${l.name} (${l.variety_name})` : l.name,
      quantity: l.quantity,
      price: linePrice(l),
      modifiers: l.modifiers.map((m) => ({ _id: m._id, name: m.name, selling_price: m.selling_price })),
      discount_type: l.discount?.discount_type ?? null,
      discount: l.discount?.discount ?? null,
      discount_amount: fromKobo(totals.lines[i]!.discountKobo),
      total: fromKobo(totals.lines[i]!.totalKobo),
      net: fromKobo(totals.lines[i]!.netKobo),
      refunded_quantity: 0,
    })),
    payments: payments.map((p, i) => ({
      _id: `${record._id}-p${i}`,
      method: p.method,
      method_label: label(p.method),
      // Cash kept in the drawer: what was tendered less the change (as the server records it).
      amount: i === lastCash ? fromKobo(toKobo(p.amount) - paid.changeDueKobo) : p.amount,
      points: p.points ?? null,
      user_id: ctx.userId,
      created_at: at,
    })),
    refunds: [],
  };
};
