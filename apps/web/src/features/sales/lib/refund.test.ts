import { describe, expect, it } from 'vitest';
import { computeSaleTotals, fromKobo, type SaleLine } from '@ms/contracts';
import { canRefund, refundLines, refundTotal, refundableQuantity } from './refund';

const line = (id: string, quantity: number, total: number, refunded = 0, net = total): SaleLine => ({
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
  net,
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

  it('gives back what the server records: the line after its share of an order discount', () => {
    // ₦350 and ₦700 lines, 10 % off the order: the server keeps each line's net and refunds from it.
    const t = computeSaleTotals(
      [
        { unitPriceKobo: 35_000, modifierPricesKobo: [], quantity: 1, discount: null },
        { unitPriceKobo: 35_000, modifierPricesKobo: [], quantity: 2, discount: null },
      ],
      { type: 'percentage', value: 10 },
    );
    const items = t.lines.map((l, i) =>
      line(`l${i}`, i === 0 ? 1 : 2, fromKobo(l.totalKobo), 0, fromKobo(l.netKobo)),
    );
    expect(refundTotal(items, { l0: 1 })).toBe(315);
    expect(refundTotal(items, { l1: 1 })).toBe(315);
    expect(refundTotal(items, { l0: 1, l1: 2 })).toBe(945);
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
