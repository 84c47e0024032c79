import { describe, expect, it } from 'vitest';
import type { SaleLine } from '@ms/contracts';
import { canRefund, refundLines, refundTotal, refundableQuantity } from './refund';

const line = (id: string, quantity: number, total: number, refunded = 0): SaleLine => ({
  _id: id,
  product_id: 'p',
  variety_id: null,
  name: id,
  quantity,
  price: total / quantity,
  modifiers: [],
  discount_type: null,
  discount: null,
  discount_amount: 0,
  total,
  refunded_quantity: refunded,
});

describe('refunds', () => {
  it('only what is left on a line can be refunded', () => {
    expect(refundableQuantity(line('a', 3, 300, 1))).toBe(2);
    expect(refundableQuantity(line('a', 3, 300, 3))).toBe(0);
  });

  it('shares a discounted line out by units so every unit back returns the net exactly', () => {
    const l = line('a', 3, 100); // ₦100 for 3 units: 33.33, 33.34, 33.33
    const one = refundTotal([l], { a: 1 });
    expect(one).toBe(33.33);
    expect(refundTotal([{ ...l, refunded_quantity: 1 }], { a: 2 }) + one).toBe(100);
  });

  it('clamps picks to what is left and drops empty lines from the body', () => {
    const items = [line('a', 2, 1000, 1), line('b', 1, 500)];
    expect(refundTotal(items, { a: 5, b: 0 })).toBe(500);
    expect(refundLines(items, { a: 5, b: 0 })).toEqual([{ line_id: 'a', quantity: 1 }]);
  });

  it('refunds only paid sales with units left', () => {
    expect(canRefund({ status: 'completed', items: [line('a', 1, 10)] })).toBe(true);
    expect(canRefund({ status: 'unpaid', items: [line('a', 1, 10)] })).toBe(false);
    expect(canRefund({ status: 'partially_refunded', items: [line('a', 1, 10, 1)] })).toBe(false);
  });
});
