import { describe, expect, it } from 'vitest';
import type { Shop } from '../../../../packages/contracts/src/online-store/shop';
import { deliveryFee, normalizePhone, orderBody, validateCheckout } from './checkout';
import { isSettled, owesTransfer, timeline } from './order-view';
import { parseRoute, paths } from './route';
import { emptyForm } from './storage';

const shop = {
  delivery_zones: [{ _id: 'z1', name: 'Lekki', fee: 1500 }],
} as Shop;

describe('checkout', () => {
  it('reads Nigerian phone numbers', () => {
    expect(normalizePhone('0803 123 4567')).toBe('08031234567');
    expect(normalizePhone('+234 803-123-4567')).toBe('+2348031234567');
    expect(normalizePhone('2348031234567')).toBe('+2348031234567');
    expect(normalizePhone('8031234567')).toBe('08031234567');
  });

  it('names what is missing', () => {
    expect(Object.keys(validateCheckout(emptyForm(), shop))).toEqual(['name', 'phone', 'address', 'zone_id']);
    const ok = { ...emptyForm(), name: 'Ada', phone: '08031234567', address: '1 Road', zone_id: 'z1' };
    expect(validateCheckout(ok, shop)).toEqual({});
    expect(validateCheckout({ ...ok, phone: '12345' }, shop).phone).toMatch(/Nigerian/);
    expect(validateCheckout({ ...ok, email: 'nope' }, shop).email).toBeTruthy();
    expect(validateCheckout({ ...ok, fulfilment: 'pickup', address: '', zone_id: '' }, shop)).toEqual({});
  });

  it('adds the area fee for a delivery only and builds the body', () => {
    const form = {
      ...emptyForm(),
      name: ' Ada ',
      phone: '0803 123 4567',
      address: '1 Road',
      zone_id: 'z1',
      note: ' ',
    };
    expect(deliveryFee(form, shop)).toBe(1500);
    expect(deliveryFee({ ...form, fulfilment: 'pickup' }, shop)).toBe(0);
    expect(
      orderBody('id-1', form, [
        { product_id: 'p', quantity: 2 },
        { product_id: 'q', variety_id: 'v', quantity: 1 },
      ]),
    ).toEqual({
      _id: 'id-1',
      name: 'Ada',
      phone: '08031234567',
      fulfilment: 'delivery',
      payment_method: 'transfer',
      address: '1 Road',
      zone_id: 'z1',
      items: [
        { product_id: 'p', quantity: 2 },
        { product_id: 'q', variety_id: 'v', quantity: 1 },
      ],
    });
    const pickup = orderBody('id-2', { ...form, fulfilment: 'pickup', email: 'a@b.ng' }, []);
    expect(pickup.address).toBeUndefined();
    expect(pickup.zone_id).toBeUndefined();
    expect(pickup.email).toBe('a@b.ng');
  });
});

describe('follow page', () => {
  const at = (s: string) => `2026-03-0${s}T10:00:00Z`;
  it('draws the timeline, skipping Shipped for a pickup', () => {
    const steps = timeline({
      status: 'ready',
      fulfilment: 'delivery',
      created_at: at('1'),
      history: [
        { status: 'pending', note: null, at: at('1') },
        { status: 'ready', note: 'Packed', at: at('2') },
      ],
    });
    expect(steps.map((s) => `${s.label}:${s.state}`)).toEqual([
      'Pending:done',
      'Confirmed:done',
      'Ready:current',
      'Shipped:todo',
      'Delivered:todo',
    ]);
    expect(steps[2]!.note).toBe('Packed');
    expect(steps[1]!.at).toBeNull();
    const pickup = timeline({ status: 'pending', fulfilment: 'pickup', created_at: at('1'), history: [] });
    expect(pickup.map((s) => s.status)).toEqual(['pending', 'confirmed', 'ready', 'delivered']);
    expect(pickup[0]!.at).toBe(at('1'));
  });

  it('ends a cancelled order with Cancelled', () => {
    const steps = timeline({
      status: 'cancelled',
      fulfilment: 'delivery',
      created_at: at('1'),
      history: [
        { status: 'pending', note: null, at: at('1') },
        { status: 'confirmed', note: null, at: at('2') },
        { status: 'cancelled', note: 'Out of stock', at: at('3') },
      ],
    });
    expect(steps.map((s) => s.status)).toEqual(['pending', 'confirmed', 'cancelled']);
    expect(steps[2]).toMatchObject({ state: 'current', note: 'Out of stock' });
  });

  it('knows when to offer the transfer and when to stop asking', () => {
    expect(owesTransfer({ payment_method: 'transfer', balance: 10, status: 'pending' })).toBe(true);
    expect(owesTransfer({ payment_method: 'on_delivery', balance: 10, status: 'pending' })).toBe(false);
    expect(owesTransfer({ payment_method: 'transfer', balance: 10, status: 'cancelled' })).toBe(false);
    expect(owesTransfer({ payment_method: 'transfer', balance: 0, status: 'pending' })).toBe(false);
    expect(isSettled({ status: 'delivered', balance: 0 })).toBe(true);
    expect(isSettled({ status: 'shipped', balance: 0 })).toBe(false);
  });
});

describe('routes', () => {
  it('reads the four screens from the path', () => {
    expect(parseRoute('/shop/demo-shop')).toEqual({ name: 'shop', slug: 'demo-shop' });
    expect(parseRoute('/shop/demo-shop/')).toEqual({ name: 'shop', slug: 'demo-shop' });
    expect(parseRoute('/shop/demo-shop/p/abc')).toEqual({ name: 'product', slug: 'demo-shop', id: 'abc' });
    expect(parseRoute('/shop/demo-shop/cart')).toEqual({ name: 'cart', slug: 'demo-shop' });
    expect(parseRoute('/shop/demo-shop/order/tok%20en')).toEqual({
      name: 'order',
      slug: 'demo-shop',
      token: 'tok en',
    });
    expect(parseRoute('/shop/demo-shop/nope')).toEqual({ name: 'unknown', slug: 'demo-shop' });
    expect(parseRoute('/login').slug).toBe('');
    expect(paths.order('a b', 't/1')).toBe('/shop/a%20b/order/t%2F1');
  });
});
