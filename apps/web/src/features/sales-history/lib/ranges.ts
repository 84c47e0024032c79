/** Date range presets of the sales history (the device's days, YYYY-MM-DD as the API takes them). */
export const RANGE_PRESETS = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'custom', label: 'Custom' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];
export type DayRange = { from: string; to: string };

export const dayOf = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const daysBefore = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() - n);

/**
 * The days a preset covers, counted from `now`: "7 days" is today and the six days before it.
 * Custom answers `custom` (or today when none is set yet); a custom range given backwards is put in order.
 */
export const rangeFor = (preset: RangePreset, now: Date, custom?: Partial<DayRange>): DayRange => {
  const today = dayOf(now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const y = dayOf(daysBefore(now, 1));
      return { from: y, to: y };
    }
    case '7d':
      return { from: dayOf(daysBefore(now, 6)), to: today };
    case '30d':
      return { from: dayOf(daysBefore(now, 29)), to: today };
    case 'custom': {
      const from = custom?.from || custom?.to || today;
      const to = custom?.to || custom?.from || today;
      return from <= to ? { from, to } : { from: to, to: from };
    }
  }
};
