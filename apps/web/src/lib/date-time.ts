import { DEFAULT_TIME_ZONE, isTimeZone, saleMadeAt, todayIn } from '@ms/contracts';
import { sessionStore } from './session-store';

/**
 * Every date and time the app shows, and every "today", is in the business's time zone (Settings >
 * Business information; default Africa/Lagos), whatever zone the device's clock is set to: a shop's
 * figures do not move with the phone that reads them. Use these, never toLocaleString.
 */

/** The zone of the signed-in business. */
export const businessTimeZone = (): string => {
  const zone = sessionStore.get()?.business.timezone;
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const zone = businessTimeZone();
  const key = `${zone}|${style}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-NG', { ...options, timeZone: zone });
    formatters.set(key, f);
  }
  return f;
};

const STYLES = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  time: { hour: 'numeric', minute: '2-digit', hour12: true },
  dayMonth: { day: 'numeric', month: 'short', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type Style = keyof typeof STYLES;

const valid = (at: string | number | Date | null | undefined): Date | null => {
  if (at === null || at === undefined || at === '') return null;
  const d = at instanceof Date ? at : new Date(at);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** A date and time in the business's zone ("12 Mar 2025, 3:04 pm"); `none` when missing. */
export const formatDateTime = (at: string | number | Date | null | undefined, none = '—'): string =>
  format(at, 'dateTime', none);
/** A date in the business's zone ("12 Mar 2025"). */
export const formatDate = (at: string | number | Date | null | undefined, none = '—'): string =>
  format(at, 'date', none);
/** A time of day in the business's zone ("3:04 pm"). */
export const formatTime = (at: string | number | Date | null | undefined, none = '—'): string =>
  format(at, 'time', none);

export const format = (at: string | number | Date | null | undefined, style: Style, none = '—'): string => {
  const d = valid(at);
  return d ? formatter(style, STYLES[style]).format(d) : none;
};

/** Today in the business's zone, YYYY-MM-DD. */
export const businessToday = (now: Date = new Date()): string => todayIn(businessTimeZone(), now);

/** When a sale was made (an offline sale: on the device, never after its upload). */
export const saleTime = (sale: { created_at: string; offline_date?: string | null }): string =>
  formatDateTime(saleMadeAt(sale));

/** The calendar day `days` days after (before, when negative) a YYYY-MM-DD day. */
export const shiftDay = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The zone as people say it: "Lagos" for Africa/Lagos, "New York" for America/New_York. */
export const zoneName = (): string => (businessTimeZone().split('/').pop() ?? '').replaceAll('_', ' ');
