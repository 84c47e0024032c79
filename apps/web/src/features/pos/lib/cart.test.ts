import { describe, expect, it } from 'vitest';
import type { Product } from '@ms/contracts';
import {
  addItem,
  cartLineTotals,
  cartTotals,
  changeQuantity,
  emptyCart,
  itemCount,
  isPriceChanged,
  setLineDiscount,
  setLinePrice,
  setOrderDiscount,
} from './cart';

const product = (over: Partial<Product> = {}) =>
  ({ _id: 'p1', name: 'Indomie', selling_price: 250, varieties: [], ...over }) as Product;

const shirt = product({
  _id: 'p2',
  name: 'Ankara shirt',
  selling_price: 0,
  varieties: [
    { _id: 'v1', name: 'M', selling_price: 7000 },
    { _id: 'v2', name: 'L', selling_price: 7500 },
  ] as Product['varieties'],
});
const gift = { _id: 'm1', name: 'Gift wrap', selling_price: 500 };
const ironing = { _id: 'm2', name: 'Ironing', selling_price: 300.5 };

describe('cart', () => {
  it('merges the same item into one line', () => {
    let c = addItem(emptyCart('s1'), { product: product() });
    c = addItem(c, { product: product(), quantity: 2 });
    expect(c.lines).toHaveLength(1);
    expect(c.lines[0]!.quantity).toBe(3);
    expect(cartTotals(c).total).toBe(750);
  });

  it('keeps different varieties and modifiers on distinct lines, modifier order aside', () => {
    let c = emptyCart('s1');
    c = addItem(c, { product: shirt, variety_id: 'v1' });
    c = addItem(c, { product: shirt, variety_id: 'v2' });
    c = addItem(c, { product: shirt, variety_id: 'v1', modifiers: [gift] });
    c = addItem(c, { product: shirt, variety_id: 'v1', modifiers: [gift, ironing] });
    c = addItem(c, { product: shirt, variety_id: 'v1', modifiers: [ironing, gift] });
    expect(c.lines.map((l) => l.quantity)).toEqual([1, 1, 1, 2]);
    expect(c.lines[1]!.variety_name).toBe('L');
    expect(c.lines[1]!.unit_price).toBe(7500);
    // 7000 + 7500 + 7500 + 2 × 7800.50
    expect(cartTotals(c).total).toBe(37601);
  });

  it('takes a line down to zero and removes it', () => {
    let c = addItem(emptyCart('s1'), { product: product() });
    c = changeQuantity(c, c.lines[0]!.key, -1);
    expect(c.lines).toHaveLength(0);
    expect(itemCount(c)).toBe(0);
  });

  it('applies an amount discount as a flat value and a percentage on price × quantity', () => {
    let c = addItem(emptyCart('s1'), { product: product(), quantity: 4 }); // 1,000
    const key = c.lines[0]!.key;
    c = setLineDiscount(c, key, { discount_type: 'amount', discount: 150 });
    expect(cartLineTotals(c.lines[0]!)).toEqual({ subtotal: 1000, discount: 150, total: 850 });
    c = setLineDiscount(c, key, { discount_type: 'percentage', discount: 12.5 });
    expect(cartLineTotals(c.lines[0]!).discount).toBe(125);
    expect(cartTotals(c).total).toBe(875);
  });

  it('puts the order discount on what is left after line discounts, never below zero', () => {
    let c = addItem(emptyCart('s1'), { product: product(), quantity: 4 }); // 1,000
    c = addItem(c, { product: shirt, variety_id: 'v1', modifiers: [gift] }); // 7,500
    c = setLineDiscount(c, c.lines[1]!.key, { discount_type: 'amount', discount: 500 });
    c = setOrderDiscount(c, { discount_type: 'percentage', discount: 10 });
    expect(cartTotals(c)).toEqual({ subtotal: 8500, line_discounts: 500, order_discount: 800, total: 7200 });
    c = setOrderDiscount(c, { discount_type: 'amount', discount: 99999 });
    expect(cartTotals(c).total).toBe(0);
  });

  it('drops a zero discount', () => {
    let c = addItem(emptyCart('s1'), { product: product() });
    c = setLineDiscount(c, c.lines[0]!.key, { discount_type: 'amount', discount: 0 });
    expect(c.lines[0]!.discount).toBeNull();
  });

  it('sells a line at the price the cashier set, modifiers and discounts on top of it', () => {
    let c = addItem(emptyCart('s1'), { product: shirt, variety_id: 'v1', modifiers: [gift], quantity: 2 });
    const key = c.lines[0]!.key;
    c = setLinePrice(c, key, 6000.255); // rounded to the kobo
    expect(c.lines[0]!.price_override).toBe(6000.26);
    expect(isPriceChanged(c.lines[0]!)).toBe(true);
    // (6,000.26 + 500) × 2
    expect(cartLineTotals(c.lines[0]!)).toEqual({ subtotal: 13000.52, discount: 0, total: 13000.52 });
    c = setLineDiscount(c, key, { discount_type: 'percentage', discount: 10 });
    c = setOrderDiscount(c, { discount_type: 'amount', discount: 0.52 });
    expect(cartTotals(c)).toEqual({
      subtotal: 13000.52,
      line_discounts: 1300.05,
      order_discount: 0.52,
      total: 11699.95,
    });
  });

  it('goes back to the catalogue price when cleared or set to it', () => {
    let c = addItem(emptyCart('s1'), { product: product() });
    const key = c.lines[0]!.key;
    c = setLinePrice(c, key, 200);
    expect(cartTotals(c).total).toBe(200);
    c = setLinePrice(c, key, 250);
    expect(c.lines[0]!.price_override).toBeNull();
    c = setLinePrice(c, key, 100);
    c = setLinePrice(c, key, null);
    expect(isPriceChanged(c.lines[0]!)).toBe(false);
    expect(cartTotals(c).total).toBe(250);
  });

  it('can give a line away at zero, lowering an amount discount that no longer fits', () => {
    let c = addItem(emptyCart('s1'), { product: product(), quantity: 2 }); // 500
    const key = c.lines[0]!.key;
    c = setLineDiscount(c, key, { discount_type: 'amount', discount: 300 });
    c = setLinePrice(c, key, 100); // 200 now
    expect(c.lines[0]!.discount).toEqual({ discount_type: 'amount', discount: 200 });
    expect(cartTotals(c).total).toBe(0);
    c = setLinePrice(c, key, 0);
    expect(c.lines[0]!.discount).toBeNull();
    expect(cartTotals(c)).toEqual({ subtotal: 0, line_discounts: 0, order_discount: 0, total: 0 });
  });

  it('reads a cart saved before prices could change (no price_override) at the catalogue price', () => {
    const c = addItem(emptyCart('s1'), { product: product() });
    const { price_override: _gone, ...old } = c.lines[0]!;
    expect(cartTotals({ ...c, lines: [old] }).total).toBe(250);
  });
});
