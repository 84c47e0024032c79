import { describe, expect, it } from 'vitest';
import { formatKobo, formatMoney, fromKobo, naira, toKobo } from './money.js';

describe('money format of spec 000 §9', () => {
  it('shows the naira sign, 2 decimals and thousands separators', () => {
    expect(formatMoney(1234567.5)).toBe('₦1,234,567.50');
    expect(formatMoney(12)).toBe('₦12.00');
    expect(formatMoney(0.5)).toBe('₦0.50');
  });
  it('shows NGN when the sign flag is off', () => {
    expect(formatMoney(2500, { sign: false })).toBe('NGN 2,500.00');
  });
  it('shows zero as 0.0', () => {
    expect(formatMoney(0)).toBe('₦0.0');
    expect(formatMoney(null)).toBe('₦0.0');
    expect(formatMoney(0, { sign: false })).toBe('NGN 0.0');
  });
  it('shows negatives with a leading minus', () => {
    expect(formatMoney(-150)).toBe('-₦150.00');
  });
  it('converts naira and kobo exactly', () => {
    expect(toKobo(19.99)).toBe(1999);
    expect(toKobo(0.1 + 0.2)).toBe(30);
    expect(fromKobo(1999)).toBe(19.99);
    expect(formatKobo(123456)).toBe('₦1,234.56');
  });
  it('accepts at most 2 decimals in requests', () => {
    expect(naira.safeParse(10.25).success).toBe(true);
    expect(naira.safeParse(10.255).success).toBe(false);
  });
});
