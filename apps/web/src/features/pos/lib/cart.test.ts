import { describe, expect, it } from 'vitest';
import type { Product } from '@ms/contracts';
import {
  addItem,
  cartLineTotals,
  cartTotals,
  changeQuantity,
  emptyCart,
  itemCount,
  setLineDiscount,
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
});
