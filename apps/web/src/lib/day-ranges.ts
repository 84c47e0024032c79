import { businessToday, shiftDay } from '@/lib/date-time';

/**
 * Date range presets of the sales history and the sales report (the business's days, YYYY-MM-DD as the API
 * takes them).
 */
export const RANGE_PRESETS = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'custom', label: 'Custom' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];
export type DayRange = { from: string; to: string };

/**
 * The days a preset covers, counted from `now`: "7 days" is today and the six days before it.
 * Custom answers `custom` (or today when none is set yet); a custom range given backwards is put in order.
 */
export const rangeFor = (preset: RangePreset, now: Date, custom?: Partial<DayRange>): DayRange => {
  const today = businessToday(now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const y = shiftDay(today, -1);
      return { from: y, to: y };
    }
    case '7d':
      return { from: shiftDay(today, -6), to: today };
    case '30d':
      return { from: shiftDay(today, -29), to: today };
    case 'custom': {
      const from = custom?.from || custom?.to || today;
      const to = custom?.to || custom?.from || today;
      return from <= to ? { from, to } : { from: to, to: from };
    }
  }
};
