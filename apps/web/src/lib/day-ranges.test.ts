import { afterEach, describe, expect, it } from 'vitest';
import type { LoginData } from '@ms/contracts';
import { sessionStore } from '@/lib/session-store';
import { rangeFor } from './day-ranges';

const now = new Date(2026, 2, 1, 9, 30); // 1 March 2026, morning

describe('rangeFor', () => {
  it('today and yesterday cross the month boundary', () => {
    expect(rangeFor('today', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(rangeFor('yesterday', now)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });
  it('7 and 30 days include today', () => {
    expect(rangeFor('7d', now)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(rangeFor('30d', now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });
  it('custom puts a backwards range in order and fills a missing end', () => {
    expect(rangeFor('custom', now, { from: '2026-02-10', to: '2026-02-01' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-10',
    });
    expect(rangeFor('custom', now, { from: '2026-02-10' })).toEqual({ from: '2026-02-10', to: '2026-02-10' });
    expect(rangeFor('custom', now, {})).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });
});

describe("the business's days, not the device's", () => {
  afterEach(() => sessionStore.clearAll());
  const signIn = (timezone: string) =>
    sessionStore.loginWith({
      token: 't',
      token_expires_at: '',
      user: { _id: 'u1' },
      business: { _id: 'b1', name: 'Shop', stores: [], timezone },
    } as unknown as LoginData);

  it('today is the day in the business zone (23:30 UTC: tomorrow in Lagos, today in New York)', () => {
    const late = new Date('2025-01-31T23:30:00Z');
    signIn('Africa/Lagos');
    expect(rangeFor('today', late)).toEqual({ from: '2025-02-01', to: '2025-02-01' });
    signIn('America/New_York');
    expect(rangeFor('yesterday', late)).toEqual({ from: '2025-01-30', to: '2025-01-30' });
  });
});
