/** Money and dates as a Nigerian shopper reads them: ₦12,500.00; 3 Mar 2026, 14:05. */

const naira = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Naira (up to 2 decimals) as `₦12,500.00`; a negative amount as `-₦500.00`. */
export const formatMoney = (amount: number): string =>
  amount < 0 ? `-₦${naira.format(-amount)}` : `₦${naira.format(amount)}`;

/** Naira to whole kobo: sums of naira floats drift, sums of kobo do not. */
export const toKobo = (naira: number): number => Math.round(naira * 100);

export const fromKobo = (kobo: number): number => kobo / 100;

const formats = new Map<string, Intl.DateTimeFormat>();
const whenIn = (timeZone: string | undefined) => {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    const options = {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    } as const;
    try {
      format = new Intl.DateTimeFormat('en-NG', { ...options, ...(timeZone ? { timeZone } : {}) });
    } catch {
      // A zone this phone does not know: its own.
      format = new Intl.DateTimeFormat('en-NG', options);
    }
    formats.set(key, format);
  }
  return format;
};

/**
 * An ISO time as `3 Mar 2026, 14:05` in the shop's time zone (the phone's when none is given); the text
 * itself when it is not a date.
 */
export const formatWhen = (iso: string, timeZone?: string): string => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : whenIn(timeZone).format(t);
};

/** "1 item", "3 items". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
