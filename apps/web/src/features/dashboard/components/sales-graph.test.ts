import { describe, expect, it } from 'vitest';
import { shortNaira } from './sales-graph';

describe('the value over a bar', () => {
  it('is short naira, and a day of more refunds than sales reads negative', () => {
    expect(shortNaira(0)).toBe('₦0');
    expect(shortNaira(950)).toBe('₦950');
    expect(shortNaira(7500)).toBe('₦7.5K');
    expect(shortNaira(2_340_000)).toBe('₦2.3M');
    expect(shortNaira(-1200)).toBe('-₦1.2K');
  });
});
