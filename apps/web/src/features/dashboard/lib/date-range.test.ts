import { describe, expect, it } from 'vitest';
import { comparison, dayLabel, dayLabelParts, shopToday, periodName, rangeFor, shiftDay } from './date-range';

describe('dashboard date ranges', () => {
  it('takes today in Lagos, not in the device zone', () => {
    // 23:30 UTC on 31 Jan is already 1 Feb in Lagos (UTC+1).
    expect(shopToday(new Date('2025-01-31T23:30:00Z'))).toBe('2025-02-01');
    expect(shopToday(new Date('2025-01-31T22:30:00Z'))).toBe('2025-01-31');
  });

  it('turns presets into inclusive day ranges across month ends', () => {
    expect(rangeFor('today', '2025-03-02')).toEqual({ start: '2025-03-02', end: '2025-03-02' });
    expect(rangeFor('7d', '2025-03-02')).toEqual({ start: '2025-02-24', end: '2025-03-02' });
    expect(rangeFor('30d', '2025-03-02')).toEqual({ start: '2025-02-01', end: '2025-03-02' });
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('needs both custom days, and swaps a reversed range', () => {
    expect(rangeFor('custom', '2025-03-02', { start: '2025-02-01' })).toBeNull();
    expect(rangeFor('custom', '2025-03-02', { start: '2025-02-10', end: '2025-02-01' })).toEqual({
      start: '2025-02-01',
      end: '2025-02-10',
    });
  });

  it('words the comparison with the previous period', () => {
    expect(comparison(1500, 1000, '7 days')).toBe('+50% vs previous 7 days');
    expect(comparison(500, 1000, 'day')).toBe('-50% vs previous day');
    expect(comparison(1000, 1000, 'day')).toBe('Same as the previous day');
    expect(comparison(1000, 0, 'day')).toBe('Up from none in the previous day');
    expect(comparison(0, 0, 'day')).toBe('No sales in the previous day either');
    expect(periodName({ start: '2025-02-24', end: '2025-03-02' })).toBe('7 days');
    expect(dayLabel('2025-03-03')).toMatch(/Mon/);
    // The day of the date itself, whatever zone the device is in.
    expect(dayLabelParts('2025-03-03')).toEqual({ weekday: 'Mon', day: '3' });
  });
});
