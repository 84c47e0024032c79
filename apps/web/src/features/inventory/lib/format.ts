/** Dates and times in the business's time zone. */
export { formatDate, formatDateTime } from '@/lib/date-time';

const whole = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });
/** 1,250 units. */
export const formatQty = (n: number) => whole.format(n);
/** +5 / -3 / 0 for a change in stock. */
export const formatChange = (n: number) => (n > 0 ? `+${whole.format(n)}` : whole.format(n));
/** "1 item", "3 items". */
export const plural = (n: number, one: string, many = `${one}s`) => `${formatQty(n)} ${n === 1 ? one : many}`;
