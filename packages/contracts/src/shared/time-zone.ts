/**
 * The business's time zone (an IANA name, default Africa/Lagos): every date shown and every "today"
 * and day boundary uses it, whatever zone the device or the server runs in.
 */
export const DEFAULT_TIME_ZONE = 'Africa/Lagos';

const known = new Map<string, boolean>();

/**
 * Whether the runtime knows this IANA zone name. Asked on every date the app formats, so the answer
 * is kept: making an Intl.DateTimeFormat to find out costs far more than the formatting itself.
 */
export const isTimeZone = (zone: string): boolean => {
  let answer = known.get(zone);
  if (answer === undefined) {
    try {
      new Intl.DateTimeFormat('en-CA', { timeZone: zone });
      answer = true;
    } catch {
      answer = false;
    }
    if (known.size < 1_000) known.set(zone, answer);
  }
  return answer;
};

// The request schema lives apart (time-zone-field.ts) so a screen that only shows dates does not load zod.
export { timeZoneField } from './time-zone-field.js';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) it is in `zone` at `now`. */
export const todayIn = (zone: string, now: Date = new Date()): string => {
  let f = dayFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dayFormats.size < 1_000) dayFormats.set(zone, f);
  }
  return f.format(now);
};

/**
 * When a sale was made: the device's offline_date, never later than its upload (a device clock
 * ahead counts as the upload time). The server's `sales.sold_at` is the same rule.
 */
export const saleMadeAt = (sale: { created_at: string; offline_date?: string | null }): string =>
  sale.offline_date && Date.parse(sale.offline_date) < Date.parse(sale.created_at)
    ? sale.offline_date
    : sale.created_at;
