const dateTime = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat('en-NG', { hour: 'numeric', minute: '2-digit', hour12: true });

/** "22 Nov 2026, 10:05 am". */
export const formatDateTime = (iso: string | null | undefined, none = '—') =>
  iso ? dateTime.format(new Date(iso)) : none;

/** Today: "10:05 am"; another day: the date and time. */
export const formatSince = (iso: string) => {
  const d = new Date(iso);
  return d.toDateString() === new Date().toDateString() ? `today ${time.format(d)}` : dateTime.format(d);
};
