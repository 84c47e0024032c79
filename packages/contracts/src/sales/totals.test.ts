import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocateKobo,
  computeCartTotals,
  computeSaleTotals,
  discountExceeds,
  paidStatus,
  percentOfKobo,
  refundAmountKobo,
  summarisePayments,
} from './totals.js';

describe('sale totals (spec 001 §5 discounts, integer kobo)', () => {
  it('takes an amount discount as the flat value', () => {
    const t = computeSaleTotals([
      { unitPriceKobo: 50_000, quantity: 3, discount: { type: 'amount', value: 10_000 } },
    ]);
    expect(t.lines[0]).toMatchObject({ grossKobo: 150_000, discountKobo: 10_000, totalKobo: 140_000 });
    expect(t.totalKobo).toBe(140_000);
  });

  it('takes a percentage discount as the percent of price times quantity, modifiers included', () => {
    // (₦500 + ₦50 modifier) × 2 = ₦1,100; 10 % = ₦110.
    const t = computeSaleTotals([
      {
        unitPriceKobo: 50_000,
        modifierPricesKobo: [5_000],
        quantity: 2,
        discount: { type: 'percentage', value: 10 },
      },
    ]);
    expect(t.lines[0]).toMatchObject({
      unitWithModifiersKobo: 55_000,
      grossKobo: 110_000,
      discountKobo: 11_000,
    });
    expect(t.totalKobo).toBe(99_000);
  });

  it('rounds percentages half-up to the kobo', () => {
    expect(percentOfKobo(333, 50)).toBe(167); // 166.5 → 167
    expect(percentOfKobo(1_001, 12.5)).toBe(125); // 125.125 → 125
    expect(percentOfKobo(101, 7.5)).toBe(8); // 7.575 → 8
    expect(percentOfKobo(10, 5)).toBe(1); // 0.5 → 1
  });

  it('applies the order discount on the subtotal, after the line discounts', () => {
    const t = computeSaleTotals(
      [
        { unitPriceKobo: 100_000, quantity: 1, discount: { type: 'amount', value: 20_000 } },
        { unitPriceKobo: 20_000, quantity: 1 },
      ],
      { type: 'percentage', value: 10 },
    );
    expect(t.subtotalKobo).toBe(100_000);
    expect(t.orderDiscountKobo).toBe(10_000);
    expect(t.discountTotalKobo).toBe(30_000);
    expect(t.totalKobo).toBe(90_000);
    expect(t.lines.map((l) => l.netKobo)).toEqual([72_000, 18_000]);
  });

  it('never takes a line below zero and flags discounts that are too large', () => {
    const t = computeSaleTotals([
      { unitPriceKobo: 1_000, quantity: 1, discount: { type: 'amount', value: 5_000 } },
    ]);
    expect(t.totalKobo).toBe(0);
    expect(discountExceeds(1_000, { type: 'amount', value: 5_000 })).toBe(true);
    expect(discountExceeds(1_000, { type: 'percentage', value: 100 })).toBe(false);
    expect(discountExceeds(1_000, { type: 'percentage', value: 100.5 })).toBe(true);
  });

  it('order discount shares always add up to the order discount', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (weights, amount) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const shares = allocateKobo(Math.min(amount, sum), weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : Math.min(amount, sum));
          shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(weights[i] ?? 0));
        },
      ),
    );
  });
});

describe('payments', () => {
  it('gives change from cash only, and counts what is still owed', () => {
    expect(
      summarisePayments(150_000, [
        { method: 'fixed_account', amountKobo: 50_000 },
        { method: 'cash', amountKobo: 200_000 },
      ]),
    ).toEqual({
      cashTenderedKobo: 200_000,
      nonCashKobo: 50_000,
      changeDueKobo: 100_000,
      cashKeptKobo: 100_000,
      amountPaidKobo: 150_000,
      balanceKobo: 0,
    });
    expect(summarisePayments(150_000, [{ method: 'card', amountKobo: 50_000 }])).toMatchObject({
      amountPaidKobo: 50_000,
      balanceKobo: 100_000,
      changeDueKobo: 0,
    });
  });
});

describe('refund amounts', () => {
  it('refunding every unit, in any steps, returns exactly the line net', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 10 }),
        (net, steps) => {
          const sold = steps.reduce((a, b) => a + b, 0);
          let done = 0;
          let back = 0;
          for (const q of steps) {
            back += refundAmountKobo(net, sold, done, q);
            done += q;
          }
          expect(back).toBe(net);
        },
      ),
    );
  });
});

describe('cart totals in naira (what the POS shows)', () => {
  it('converts like the server: naira amounts to kobo, percentages as they are', () => {
    const t = computeCartTotals(
      [
        { price: 1000, quantity: 3, discount_type: 'percentage', discount: 12.5 },
        {
          price: 333.33,
          modifiers: [{ selling_price: 0.5 }],
          quantity: 1,
          discount_type: 'amount',
          discount: 33.83,
        },
      ],
      { discount_type: 'percentage', discount: 10 },
    );
    expect(t.lines.map((l) => l.totalKobo)).toEqual([262_500, 30_000]);
    expect(t.subtotalKobo).toBe(292_500);
    expect(t.orderDiscountKobo).toBe(29_250);
    expect(t.totalKobo).toBe(263_250);
  });
});

describe('paidStatus', () => {
  it('is completed when the total is paid, unpaid when nothing is, else partially paid', () => {
    expect(paidStatus(10_000, 10_000)).toBe('completed');
    expect(paidStatus(10_000, 12_000)).toBe('completed');
    expect(paidStatus(0, 0)).toBe('completed');
    expect(paidStatus(10_000, 0)).toBe('unpaid');
    expect(paidStatus(10_000, 1)).toBe('partially_paid');
  });
});
