import { describe, expect, it } from 'vitest';
import { offlineSaleRecord, type Product } from '@ms/contracts';
import { addItem, emptyCart, setLineDiscount, setLinePrice, setOrderDiscount, type Cart } from './cart';
import { localReceiptNumber, localSale, queuedSale } from './offline-sale';
import { saleBody } from './sale-body';

const ID = '019a0000-0000-7000-8000-0000000000a1';
const STORE = '019a0000-0000-7000-8000-000000000002';
const P = '019a0000-0000-7000-8000-000000000003';
const V = '019a0000-0000-7000-8000-000000000004';
const M = '019a0000-0000-7000-8000-000000000005';
const RICE = '019a0000-0000-7000-8000-000000000006';
const MADE = Date.UTC(2026, 10, 22, 9, 30);

const shirt = {
  _id: P,
  name: 'Shirt',
  selling_price: 7000,
  varieties: [{ _id: V, name: 'L', selling_price: 7500 }],
} as Product;
const rice = { _id: RICE, name: 'Rice 5kg', selling_price: 9000, varieties: [] } as unknown as Product;

const cartOf = (): Cart => {
  let cart = addItem(emptyCart(STORE), {
    product: shirt,
    variety_id: V,
    modifiers: [{ _id: M, name: 'Gift wrap', selling_price: 500 }],
  });
  cart = addItem(cart, { product: rice, quantity: 2 });
  cart = setLineDiscount(cart, cart.lines[0]!.key, { discount_type: 'percentage', discount: 10 });
  cart = setLinePrice(cart, cart.lines[1]!.key, 8500);
  return setOrderDiscount(cart, { discount_type: 'amount', discount: 200 });
};

describe('a sale queued on this device', () => {
  it('carries what the device charged and its catalogue price, and when it was made', () => {
    const cart = cartOf();
    const record = queuedSale(saleBody(ID, cart, [{ method: 'cash', amount: 30000 }], false), cart, {
      madeAt: MADE,
      offline: true,
    });
    expect(record.items).toEqual([
      expect.objectContaining({ _id: P, variety_id: V, quantity: 1, price: 7500, list_price: 7500 }),
      expect.objectContaining({ _id: RICE, variety_id: null, quantity: 2, price: 8500, list_price: 9000 }),
    ]);
    expect(record.items[0]!.modifiers).toEqual([{ _id: M, selling_price: 500 }]);
    expect(record).toMatchObject({
      offline_date: MADE,
      is_offline_data: true,
      created_at: '2026-11-22T09:30:00.000Z',
    });
    // The upload endpoint's own schema accepts it.
    expect(offlineSaleRecord.safeParse(record).success).toBe(true);
  });

  it('made online, it is not flagged as offline data', () => {
    const cart = cartOf();
    const record = queuedSale(saleBody(ID, cart, [], false), cart, { madeAt: MADE, offline: false });
    expect(record.is_offline_data).toBe(false);
  });
});

describe('the receipt of a sale waiting to upload', () => {
  it('has the totals, change and balance the server will record', () => {
    const cart = { ...cartOf(), customer: null };
    const payments = [
      { method: 'fixed_account', amount: 10000 },
      { method: 'cash', amount: 20000 },
    ];
    const record = queuedSale(saleBody(ID, cart, payments, false), cart, { madeAt: MADE, offline: true });
    const sale = localSale(record, cart, {
      businessId: 'b',
      storeName: 'Wuse',
      userId: 'u',
      cashierName: 'Ada',
    });
    // (7,500 + 500) − 10 % = 7,200; 2 × 8,500 = 17,000; 24,200 − 200 = 24,000.
    expect(sale).toMatchObject({
      receipt_number: localReceiptNumber(ID),
      store_name: 'Wuse',
      cashier_name: 'Ada',
      subtotal: 25000,
      discount_total: 1000,
      order_discount_amount: 200,
      total: 24000,
      amount_paid: 24000,
      change_due: 6000,
      balance: 0,
      status: 'completed',
      items_count: 3,
    });
    expect(sale.items.map((l) => [l.name, l.price, l.total])).toEqual([
      ['Shirt (L)', 7500, 7200],
      ['Rice 5kg', 8500, 17000],
    ]);
    expect(sale.payments.map((p) => [p.method_label, p.amount])).toEqual([
      ['bank transfer (fixed)', 10000],
      ['Cash', 14000],
    ]);
    expect(sale.receipt_number).toBe('OFF-000000A1');
  });

  it('pay later leaves the balance to the customer', () => {
    const cart = cartOf();
    const record = queuedSale(saleBody(ID, cart, [{ method: 'cash', amount: 4000 }], true), cart, {
      madeAt: MADE,
      offline: true,
    });
    const sale = localSale(record, cart, { businessId: 'b', storeName: '', userId: null, cashierName: null });
    expect(sale).toMatchObject({
      status: 'partially_paid',
      amount_paid: 4000,
      balance: 20000,
      change_due: 0,
    });
  });
});
