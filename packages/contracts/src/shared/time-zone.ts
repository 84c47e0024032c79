import { z } from 'zod';

/**
 * The business's time zone (an IANA name, default Africa/Lagos): every date shown and every "today"
 * and day boundary uses it, whatever zone the device or the server runs in.
 */
export const DEFAULT_TIME_ZONE = 'Africa/Lagos';

/** Whether the runtime knows this IANA zone name. */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const timeZoneField = z
  .string({ error: 'timezone should be string' })
  .trim()
  .max(64, 'timezone is not a time zone like Africa/Lagos')
  .refine((v) => v !== '' && isTimeZone(v), 'timezone is not a time zone like Africa/Lagos');

/** The calendar day (YYYY-MM-DD) it is in `zone` at `now`. */
export const todayIn = (zone: string, now: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/**
 * When a sale was made: the device's offline_date, never later than its upload (a device clock
 * ahead counts as the upload time). The server's `sales.sold_at` is the same rule.
 */
export const saleMadeAt = (sale: { created_at: string; offline_date?: string | null }): string =>
  sale.offline_date && Date.parse(sale.offline_date) < Date.parse(sale.created_at)
    ? sale.offline_date
    : sale.created_at;
