import { describe, expect, it } from 'vitest';
import { splitOf } from './payment';

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
