import { describe, expect, it } from 'vitest';
import type { SaleSummary } from '@ms/contracts';
import { sumSales } from './sales';

const row = (total: number, paid: number, refunded = 0) =>
  ({ total, amount_paid: paid, balance: Math.max(0, total - paid), refunded_total: refunded }) as SaleSummary;

describe('sumSales', () => {
  it('adds many sales to the exact kobo and does not count change as paid', () => {
    const rows = Array.from({ length: 10 }, () => row(0.1, 0.1));
    expect(sumSales(rows)).toEqual({ count: 10, total: 1, paid: 1, owed: 0, refunded: 0 });
    expect(sumSales([row(8100, 10000), row(2400, 0), row(500, 500, 200)])).toEqual({
      count: 3,
      total: 11000,
      paid: 8600,
      owed: 2400,
      refunded: 200,
    });
  });
});
