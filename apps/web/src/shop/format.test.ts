import { describe, expect, it } from 'vitest';
import { formatMoney, formatWhen, fromKobo, plural, toKobo } from './format';

describe('storefront money', () => {
  it('shows naira with thousands and two decimals', () => {
    expect(formatMoney(12500)).toBe('₦12,500.00');
    expect(formatMoney(0)).toBe('₦0.00');
    expect(formatMoney(1234567.5)).toBe('₦1,234,567.50');
    expect(formatMoney(0.1 + 0.2)).toBe('₦0.30');
    expect(formatMoney(-500)).toBe('-₦500.00');
  });

  it('adds in kobo without float drift', () => {
    expect(toKobo(0.1) + toKobo(0.2)).toBe(30);
    expect(toKobo(19.99)).toBe(1999);
    expect(fromKobo(toKobo(1050.55) * 3)).toBe(3151.65);
  });

  it('counts items', () => {
    expect(plural(1, 'item')).toBe('1 item');
    expect(plural(3, 'item')).toBe('3 items');
  });

  it("shows a time in the shop's time zone, whatever the phone's", () => {
    // 23:30 UTC is already the next day in Lagos (UTC+1).
    expect(formatWhen('2026-11-28T23:30:00.000Z', 'Africa/Lagos')).toMatch(/29 Nov 2026.*00:30/);
    expect(formatWhen('2026-11-28T23:30:00.000Z', 'UTC')).toMatch(/28 Nov 2026.*23:30/);
    expect(formatWhen('not a date', 'Africa/Lagos')).toBe('not a date');
    // A zone the phone does not know: its own zone rather than an error.
    expect(formatWhen('2026-11-28T23:30:00.000Z', 'Mars/Olympus')).toMatch(/2026/);
  });
});
