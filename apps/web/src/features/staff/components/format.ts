import { formatDate as date, formatDateTime as dateTime } from '@/lib/date-time';

/** In the business's time zone. */
export const formatDateTime = (iso: string | null, never = 'Never') => dateTime(iso, never);
export const formatDate = (iso: string) => date(iso);

/** "Lekki Store, Yaba Store" or a nudge when none. */
export const storeNames = (stores: { name: string }[]) =>
  stores.length ? stores.map((s) => s.name).join(', ') : 'No store assigned';
