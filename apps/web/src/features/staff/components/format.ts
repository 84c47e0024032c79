const dateTime = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium' });

export const formatDateTime = (iso: string | null, never = 'Never') =>
  iso ? dateTime.format(new Date(iso)) : never;
export const formatDate = (iso: string) => date.format(new Date(iso));

/** "Lekki Store, Yaba Store" or a nudge when none. */
export const storeNames = (stores: { name: string }[]) =>
  stores.length ? stores.map((s) => s.name).join(', ') : 'No store assigned';
