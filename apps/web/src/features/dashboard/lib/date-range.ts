import { businessToday } from '@/lib/date-time';

/** The dashboard's periods: the business's days, YYYY-MM-DD, both ends included. */
export type RangePreset = 'today' | '7d' | '30d' | 'custom';
export type DayRange = { start: string; end: string };

export const RANGE_PRESETS: { value: RangePreset; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'custom', label: 'Custom' },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today in the business's time zone (the shop's day, whatever the device's clock zone). */
export const shopToday = (now = new Date()): string => businessToday(now);

export const shiftDay = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The days a preset covers, ending today. A custom range is used once both days are filled and in
 * order (else null: the page asks for them); a reversed one is swapped.
 */
export const rangeFor = (
  preset: RangePreset,
  today: string,
  custom: Partial<DayRange> = {},
): DayRange | null => {
  if (preset === 'today') return { start: today, end: today };
  if (preset === '7d') return { start: shiftDay(today, -6), end: today };
  if (preset === '30d') return { start: shiftDay(today, -29), end: today };
  const { start, end } = custom;
  if (!start || !end || !DAY.test(start) || !DAY.test(end)) return null;
  return start <= end ? { start, end } : { start: end, end: start };
};

/** "vs previous period" line under a figure: "+25% vs previous 7 days", "New this period", ... */
export const comparison = (current: number, previous: number, period: string): string => {
  if (previous === 0)
    return current === 0
      ? `No sales in the previous ${period} either`
      : `Up from none in the previous ${period}`;
  const change = Math.round(((current - previous) / previous) * 100);
  if (change === 0) return `Same as the previous ${period}`;
  return `${change > 0 ? '+' : ''}${change}% vs previous ${period}`;
};

/** How a period reads in the comparison line. */
export const periodName = (range: DayRange): string => {
  const days =
    Math.round((Date.parse(`${range.end}T00:00:00Z`) - Date.parse(`${range.start}T00:00:00Z`)) / 86_400_000) +
    1;
  return days === 1 ? 'day' : `${days} days`;
};

/** Short day label for the graph: "Mon 3". */
const dayFormat = new Intl.DateTimeFormat('en-NG', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
export const dayLabel = (day: string): string => dayFormat.format(new Date(`${day}T00:00:00Z`));
/** The same, in two parts, for a label on two lines under a narrow bar: "Mon", "3". */
export const dayLabelParts = (day: string): { weekday: string; day: string } => {
  const parts = dayFormat.formatToParts(new Date(`${day}T00:00:00Z`));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: part('weekday'), day: part('day') };
};
