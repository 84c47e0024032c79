import { afterEach, describe, expect, it } from 'vitest';
import type { LoginData } from '@ms/contracts';
import { presetRange } from '@/components/ui/filter-widget';
import { businessToday, formatDateTime, saleTime } from './date-time';
import { sessionStore } from './session-store';

const signIn = (timezone?: string) =>
  sessionStore.loginWith({
    token: 't',
    token_expires_at: '',
    user: { _id: 'u1' },
    business: { _id: 'b1', name: 'Shop', stores: [], ...(timezone ? { timezone } : {}) },
  } as unknown as LoginData);

afterEach(() => sessionStore.clearAll());

describe("dates in the business's time zone, not the device's", () => {
  // 23:30 UTC on 31 January: 1 February in Lagos, still 31 January in New York.
  const late = '2025-01-31T23:30:00.000Z';

  it('Africa/Lagos by default (a session saved before the zone existed too)', () => {
    signIn();
    expect(formatDateTime(late)).toMatch(/1 Feb 2025/);
    expect(businessToday(new Date(late))).toBe('2025-02-01');
    // The reports' presets count the shop's days, not the device's (UTC here).
    expect(presetRange('Today', new Date(late))).toMatchObject({ start: '2025-02-01', end: '2025-02-01' });
  });

  it("the business's own zone for every date and every today", () => {
    signIn('America/New_York');
    expect(formatDateTime(late)).toMatch(/31 Jan 2025/);
    expect(formatDateTime(late)).toMatch(/18:30|6:30/);
    expect(businessToday(new Date(late))).toBe('2025-01-31');
    expect(presetRange('Yesterday', new Date(late))).toMatchObject({
      start: '2025-01-30',
      end: '2025-01-30',
    });
  });

  it('a sale shows when it was made: offline, on the device; a clock ahead, at its upload', () => {
    signIn();
    const made = saleTime({
      created_at: '2025-03-02T08:00:00.000Z',
      offline_date: '2025-03-01T19:00:00.000Z',
    });
    expect(made).toMatch(/1 Mar 2025/);
    expect(made).toMatch(/20:00|8:00/);
    const ahead = saleTime({
      created_at: '2025-03-02T08:00:00.000Z',
      offline_date: '2025-03-05T08:00:00.000Z',
    });
    expect(ahead).toMatch(/2 Mar 2025/);
  });
});
