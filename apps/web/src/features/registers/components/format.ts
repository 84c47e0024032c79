import { businessToday, formatDateTime, formatTime } from '@/lib/date-time';

/** "22 Nov 2026, 10:05 am" in the business's time zone. */
export { formatDateTime };

/** Today (the business's day): "today 10:05 am"; another day: the date and time. */
export const formatSince = (iso: string) =>
  businessToday(new Date(iso)) === businessToday() ? `today ${formatTime(iso)}` : formatDateTime(iso);
