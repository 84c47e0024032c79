import { describe, expect, it } from 'vitest';
import { transferInFee } from './fee-schedule.js';

const schedule = { bps: 100, capKobo: 30_000 };

describe('transferInFee', () => {
  it('takes 1 % rounded down to the kobo, capped at ₦300', () => {
    expect(transferInFee(1_000_000, schedule)).toBe(10_000);
    expect(transferInFee(199, schedule)).toBe(1);
    expect(transferInFee(99, schedule)).toBe(0);
    expect(transferInFee(2_500_000, schedule)).toBe(25_000);
    expect(transferInFee(3_000_000, schedule)).toBe(30_000);
    expect(transferInFee(900_000_000_000, schedule)).toBe(30_000);
  });

  it('never takes the whole amount', () => {
    expect(transferInFee(1, { bps: 9_999, capKobo: 1e12 })).toBe(0);
    expect(transferInFee(10_000, { bps: 9_999, capKobo: 1e12 })).toBe(9_999);
  });

  it('stays exact where amount × basis points passes 2^53', () => {
    expect(transferInFee(1_000_000_000_000, { bps: 9_999, capKobo: 1e12 })).toBe(999_900_000_000);
    expect(transferInFee(999_999_999_999, { bps: 9_999, capKobo: 1e12 })).toBe(999_899_999_999);
  });
});
