import { describe, expect, it } from 'vitest';
import type { CheckoutOption } from '@ms/contracts';
import { FALLBACK_CHECKOUT_OPTIONS, methodLabel, offeredMethods, splitOf } from './payment';

describe('payment split', () => {
  it('shows what remains until the payments cover the amount due', () => {
    expect(splitOf(4500, []).remainder).toBe(4500);
    const s = splitOf(4500, [{ method: 'fixed_account', amount: 3000 }]);
    expect(s).toMatchObject({ paid: 3000, remainder: 1500, change: 0 });
  });

  it('gives change from the cash only', () => {
    const s = splitOf(4500, [
      { method: 'fixed_account', amount: 3000 },
      { method: 'cash', amount: 2000 },
    ]);
    expect(s).toMatchObject({
      paid: 5000,
      remainder: 0,
      change: 500,
      applied: 4500,
      overpaidWithoutCash: false,
    });
  });

  it('works in kobo: no float drift', () => {
    const s = splitOf(0.3, [
      { method: 'cash', amount: 0.1 },
      { method: 'cash', amount: 0.2 },
    ]);
    expect(s.remainder).toBe(0);
    expect(s.change).toBe(0);
  });

  it('flags a transfer larger than the amount due', () => {
    const s = splitOf(1000, [{ method: 'fixed_account', amount: 1200 }]);
    expect(s.overpaidWithoutCash).toBe(true);
    expect(s.change).toBe(0);
  });
});

describe('methods offered at the till', () => {
  const opt = (method: string, label: string, extra: Partial<CheckoutOption> = {}): CheckoutOption => ({
    method,
    label,
    kind: 'built_in',
    instructions: null,
    needs_customer: false,
    updated_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  });
  const terminal = opt('0190a0b0-0000-7000-8000-000000000001', 'POS terminal (Moniepoint)', {
    kind: 'custom',
    instructions: 'Use the terminal',
  });
  const options = [
    opt('cash', 'Cash'),
    opt('fixed_account', 'bank transfer (fixed)'),
    opt('store_credit', 'Store credit', { needs_customer: true }),
    opt('loyalty_points', 'Loyalty points', { needs_customer: true }),
    terminal,
  ];

  it('shows custom options next to the built-ins, customer methods only with a customer', () => {
    const none = offeredMethods(options, { hasCustomer: false, creditOn: true, pointsOn: true });
    expect(none.map((o) => o.label)).toEqual(['Cash', 'bank transfer (fixed)', 'POS terminal (Moniepoint)']);
    const withCustomer = offeredMethods(options, { hasCustomer: true, creditOn: true, pointsOn: false });
    expect(withCustomer.map((o) => o.method)).toEqual([
      'cash',
      'fixed_account',
      'store_credit',
      terminal.method,
    ]);
  });

  it('names a custom option by its name, and still knows built-ins it was not told about', () => {
    expect(methodLabel(terminal.method, options)).toBe('POS terminal (Moniepoint)');
    expect(methodLabel('card', FALLBACK_CHECKOUT_OPTIONS)).toBe('Card');
  });
});
