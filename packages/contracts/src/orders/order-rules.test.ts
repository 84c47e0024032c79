import { describe, expect, it } from 'vitest';
import { nextOrderStatuses, orderMoney, orderStepRefusal, ORDER_STATUSES } from './order-rules.js';

const delivery = { fulfilment: 'delivery' as const, balanceKobo: 0 };
const pickup = { fulfilment: 'pickup' as const, balanceKobo: 0 };

describe('order steps', () => {
  it('lets an order move forward, skipping steps', () => {
    expect(orderStepRefusal('pending', 'confirmed', delivery)).toBeNull();
    expect(orderStepRefusal('confirmed', 'shipped', delivery)).toBeNull();
    expect(orderStepRefusal('pending', 'delivered', pickup)).toBeNull();
    expect(orderStepRefusal('ready', 'cancelled', delivery)).toBeNull();
  });

  it('refuses going back, repeating, and anything after delivered or cancelled', () => {
    expect(orderStepRefusal('ready', 'confirmed', delivery)).toBe(
      'An order cannot go back from ready to confirmed.',
    );
    expect(orderStepRefusal('confirmed', 'confirmed', delivery)).toBe('This order is already confirmed.');
    for (const to of ORDER_STATUSES.filter((s) => s !== 'delivered'))
      expect(orderStepRefusal('delivered', to, delivery)).toMatch(/delivered; its status cannot change/);
    expect(orderStepRefusal('cancelled', 'confirmed', delivery)).toMatch(
      /cancelled; its status cannot change/,
    );
  });

  it('never ships a pickup, never cancels what left the store, delivers only what is paid', () => {
    expect(orderStepRefusal('ready', 'shipped', pickup)).toMatch(/pickup order is not shipped/);
    expect(orderStepRefusal('shipped', 'cancelled', delivery)).toMatch(/shipped order cannot be cancelled/);
    expect(orderStepRefusal('shipped', 'delivered', { fulfilment: 'delivery', balanceKobo: 1 })).toMatch(
      /Record the rest of the payment/,
    );
  });

  it('offers as next steps only steps the rules allow', () => {
    for (const from of ORDER_STATUSES)
      for (const fulfilment of ['delivery', 'pickup'] as const)
        for (const to of nextOrderStatuses(from, fulfilment))
          expect(orderStepRefusal(from, to, { fulfilment, balanceKobo: 0 })).toBeNull();
    expect(nextOrderStatuses('ready', 'pickup')).toEqual(['delivered', 'cancelled']);
    expect(nextOrderStatuses('ready', 'delivery')).toEqual(['shipped', 'cancelled']);
    expect(nextOrderStatuses('delivered', 'delivery')).toEqual([]);
  });
});

describe('order money', () => {
  it('owes lines and fees less what was paid, in kobo', () => {
    expect(
      orderMoney({
        lineTotalsKobo: [150_000, 50_050],
        feesKobo: [1_500],
        paidKobo: 100_000,
        cancelled: false,
      }),
    ).toEqual({
      subtotalKobo: 200_050,
      feeTotalKobo: 1_500,
      totalKobo: 201_550,
      balanceKobo: 101_550,
      refundDueKobo: 0,
      paymentState: 'partially_paid',
    });
  });

  it('keeps money beyond the total, or all of it once cancelled, as refund due', () => {
    expect(
      orderMoney({ lineTotalsKobo: [1_000], feesKobo: [], paidKobo: 1_500, cancelled: false }),
    ).toMatchObject({
      balanceKobo: 0,
      refundDueKobo: 500,
      paymentState: 'paid',
    });
    expect(
      orderMoney({ lineTotalsKobo: [1_000], feesKobo: [], paidKobo: 400, cancelled: true }),
    ).toMatchObject({
      balanceKobo: 0,
      refundDueKobo: 400,
    });
  });
});
