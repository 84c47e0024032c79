import { beforeEach, describe, expect, it } from 'vitest';
import type { Shop } from '../../../../packages/contracts/src/online-store/shop';
import {
  addToCart,
  cartCount,
  describeCart,
  inStock,
  keepSold,
  lineKey,
  maxQuantity,
  orderTotal,
  priceRange,
  removeLine,
  setQuantity,
  stockNote,
  type CartLine,
} from './cart';
import {
  emptyForm,
  finishCheckout,
  loadCart,
  loadCheckout,
  loadOrders,
  MAX_REMEMBERED,
  newOrderId,
  rememberOrder,
  saveCart,
  saveCheckout,
} from './storage';

const shop: Shop = {
  slug: 'demo-shop',
  name: 'Demo',
  about: null,
  logo: null,
  categories: [],
  products: [
    {
      _id: 'rice',
      name: 'Rice 5kg',
      description: null,
      images: [],
      category_id: null,
      price: 8500.5,
      available: 3,
      varieties: [],
    },
    {
      _id: 'shirt',
      name: 'Shirt',
      description: null,
      images: [],
      category_id: null,
      price: 4000,
      available: null,
      varieties: [
        { _id: 's', name: 'Small', price: 4000, available: 0 },
        { _id: 'l', name: 'Large', price: 4500, available: null },
      ],
    },
    {
      _id: 'salt',
      name: 'Salt',
      description: null,
      images: [],
      category_id: null,
      price: 0.1,
      available: null,
      varieties: [],
    },
  ],
  delivery_zones: [{ _id: 'z1', name: 'Lekki', fee: 1500 }],
  pickup: null,
  pay_on_delivery: true,
  phone: null,
  timezone: 'Africa/Lagos',
};

describe('cart arithmetic', () => {
  it('adds, merges lines and never passes the stock', () => {
    let lines: CartLine[] = [];
    lines = addToCart(lines, { product_id: 'rice' }, 2, 3);
    lines = addToCart(lines, { product_id: 'rice' }, 5, 3);
    expect(lines).toEqual([{ product_id: 'rice', quantity: 3 }]);
    lines = addToCart(lines, { product_id: 'shirt', variety_id: 'l' }, 1);
    lines = addToCart(lines, { product_id: 'shirt', variety_id: 'l' }, 2);
    expect(lines[1]).toEqual({ product_id: 'shirt', variety_id: 'l', quantity: 3 });
    expect(cartCount(lines)).toBe(6);
    expect(addToCart(lines, { product_id: 'salt' }, 0)).toHaveLength(2);
  });

  it('sets and removes quantities', () => {
    let lines: CartLine[] = [
      { product_id: 'rice', quantity: 1 },
      { product_id: 'shirt', variety_id: 'l', quantity: 1 },
    ];
    lines = setQuantity(lines, 'shirt:l', 4);
    expect(lines[1]!.quantity).toBe(4);
    lines = setQuantity(lines, 'rice', 0);
    expect(lines.map(lineKey)).toEqual(['shirt:l']);
    expect(removeLine(lines, 'shirt:l')).toEqual([]);
  });

  it('prices the cart from the shop in kobo, dropping what is no longer sold', () => {
    const lines: CartLine[] = [
      { product_id: 'rice', quantity: 2 },
      { product_id: 'shirt', variety_id: 'l', quantity: 1 },
      { product_id: 'salt', quantity: 3 },
      { product_id: 'gone', quantity: 1 },
      { product_id: 'shirt', variety_id: 'gone', quantity: 1 },
      { product_id: 'shirt', quantity: 1 },
    ];
    const cart = describeCart(shop, lines);
    expect(cart.items.map((i) => i.name)).toEqual(['Rice 5kg', 'Shirt (Large)', 'Salt']);
    expect(cart.subtotalKobo).toBe(1700100 + 450000 + 30);
    expect(cart.subtotal).toBe(21501.3);
    expect(cart.count).toBe(6);
    expect(cart.short).toBe(false);
    expect(orderTotal(cart.subtotalKobo, 1500)).toBe(23001.3);
    expect(keepSold(shop, lines)).toEqual(lines.slice(0, 3));
  });

  it('flags a line asking for more than the shop has', () => {
    const cart = describeCart(shop, [
      { product_id: 'rice', quantity: 5 },
      { product_id: 'shirt', variety_id: 's', quantity: 1 },
    ]);
    expect(cart.items.map((i) => i.short)).toEqual([true, true]);
    expect(cart.short).toBe(true);
  });

  it('tells stock and prices', () => {
    expect(stockNote(null)).toBeNull();
    expect(stockNote(0)).toBe('Out of stock');
    expect(stockNote(2)).toBe('Only 2 left');
    expect(stockNote(40)).toBeNull();
    expect(maxQuantity(null)).toBe(999);
    expect(maxQuantity(-1)).toBe(0);
    expect(priceRange(shop.products[1]!)).toEqual({ low: 4000, high: 4500 });
    expect(inStock(shop.products[1]!)).toBe(true);
    expect(inStock({ ...shop.products[0]!, available: 0 })).toBe(false);
  });
});

describe('what the phone keeps', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the cart per shop and survives bad data', () => {
    saveCart('a', [{ product_id: 'rice', quantity: 2 }]);
    expect(loadCart('a')).toEqual([{ product_id: 'rice', quantity: 2 }]);
    expect(loadCart('b')).toEqual([]);
    saveCart('a', []);
    expect(localStorage.getItem('shop.a.cart')).toBeNull();
    localStorage.setItem('shop.a.cart', '{not json');
    expect(loadCart('a')).toEqual([]);
    localStorage.setItem(
      'shop.a.cart',
      JSON.stringify([
        { product_id: 'x', quantity: -1 },
        { quantity: 2 },
        { product_id: 'y', quantity: 1, variety_id: 'v' },
      ]),
    );
    expect(loadCart('a')).toEqual([{ product_id: 'y', quantity: 1, variety_id: 'v' }]);
  });

  it('keeps the checkout id until the order is placed, then the details for next time', () => {
    expect(loadCheckout('a')).toEqual({ _id: null, form: emptyForm() });
    const id = newOrderId();
    const form = { ...emptyForm(), name: 'Ada', phone: '08031234567', note: 'ring twice' };
    saveCheckout('a', { _id: id, form });
    expect(loadCheckout('a')).toEqual({ _id: id, form });
    finishCheckout('a', form);
    expect(loadCheckout('a')).toEqual({ _id: null, form: { ...form, note: '' } });
  });

  it('makes v4 uuids', () => {
    const a = newOrderId();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newOrderId()).not.toBe(a);
  });

  it('remembers the shopper’s orders, newest first', () => {
    for (let n = 1; n <= MAX_REMEMBERED + 2; n++)
      rememberOrder('a', { token: `t${n}`, number: `ORD-${n}`, total: n, created_at: '' });
    rememberOrder('a', { token: 't5', number: 'ORD-5', total: 5, created_at: '' });
    const orders = loadOrders('a');
    expect(orders).toHaveLength(MAX_REMEMBERED);
    expect(orders[0]!.token).toBe('t5');
    expect(orders[1]!.token).toBe(`t${MAX_REMEMBERED + 2}`);
    expect(loadOrders('b')).toEqual([]);
  });
});
