const dateTime = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium' });

export const formatDateTime = (iso: string | null | undefined, none = '—') =>
  iso ? dateTime.format(new Date(iso)) : none;
export const formatDate = (iso: string | null | undefined, none = '—') =>
  iso ? date.format(new Date(iso)) : none;

const whole = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });
/** 1,250 units. */
export const formatQty = (n: number) => whole.format(n);
/** +5 / -3 / 0 for a change in stock. */
export const formatChange = (n: number) => (n > 0 ? `+${whole.format(n)}` : whole.format(n));
/** "1 item", "3 items". */
export const plural = (n: number, one: string, many = `${one}s`) => `${formatQty(n)} ${n === 1 ? one : many}`;
