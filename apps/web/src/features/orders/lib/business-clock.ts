/**
 * Wall-clock times in the business's time zone for a `datetime-local` input ("2026-11-20T14:05"),
 * whatever zone the phone is set to: what the owner types is the shop's time.
 */

const partsIn = (zone: string, at: Date) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
  };
};

/** `at` as the business's wall clock, "YYYY-MM-DDTHH:mm". */
export const wallClockIn = (zone: string, at: Date = new Date()): string => {
  const p = partsIn(zone, at);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
};

/** The instant a business wall-clock time ("YYYY-MM-DDTHH:mm") is, or null when it is not one. */
export const instantOfWallClock = (zone: string, wall: string): Date | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!m) return null;
  const asUtc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  // The zone's offset at that moment (twice: once more in case the first guess crossed a change).
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const p = partsIn(zone, new Date(guess));
    const shown = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute);
    guess = asUtc - (shown - guess);
  }
  return new Date(guess);
};
