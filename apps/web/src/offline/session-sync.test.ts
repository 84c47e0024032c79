import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { LoginData } from '@ms/contracts';
import { sessionStore } from '@/lib/session-store';
import { businessDb } from './db';
import { useOfflineSync } from './session-sync';
import { fakeServer, freshBusiness } from './testing/fake-server';

const settle = async () => {
  for (let i = 0; i < 200; i++) await new Promise((r) => setImmediate(r));
};

const login = (userId: string, businessId: string) =>
  sessionStore.loginWith({
    token: `token-${userId}`,
    user: { _id: userId, role: 'Admin', permissions: [] },
    business: { _id: businessId },
  } as unknown as LoginData);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStore.clearAll();
});

describe('sync follows the session', () => {
  it('starts when a business signs in and stops, closing its database, on logout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const b = freshBusiness();
    const customers = `/v2/customers/businesses/${b}`;
    const net = fakeServer({
      [`GET ${customers}`]: () => ({ data: { items: [], metaData: { lastUpdate: 1, recordsRemoved: [] } } }),
    });
    login('u1', b);
    renderHook(() => useOfflineSync());
    const db = businessDb(b);
    await vi.advanceTimersByTimeAsync(7_000);
    await settle();
    expect(net.of('GET', customers)).toHaveLength(1);
    act(() => sessionStore.forget('u1'));
    expect(db.isOpen()).toBe(false);
    await vi.advanceTimersByTimeAsync(600_000);
    await settle();
    expect(net.of('GET', customers)).toHaveLength(1);
  });

  it("switching business stops the first one's sync and starts the other's", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const [b1, b2] = [freshBusiness(), freshBusiness()];
    const empty = () => ({ data: { items: [], metaData: { lastUpdate: 1, recordsRemoved: [] } } });
    const net = fakeServer({
      [`GET /v2/customers/businesses/${b1}`]: empty,
      [`GET /v2/customers/businesses/${b2}`]: empty,
    });
    login('u1', b1);
    renderHook(() => useOfflineSync());
    act(() => login('u2', b2));
    await vi.advanceTimersByTimeAsync(7_000);
    await settle();
    expect(net.calls.map((c) => c.path)).toEqual([`/v2/customers/businesses/${b2}`]);
  });
});
