import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MODULES } from './modules';
import { countPending, enqueue } from './outbox';
import { ENQUEUE_FLUSH_MS, startSync, syncNow } from './sync-engine';
import { fakeServer, freshBusiness, type FakeRequest } from './testing/fake-server';
import { businessDb } from './db';
import { DEFAULT_ROLE_PERMISSIONS, type LoginData } from '@ms/contracts';
import { sessionStore } from '@/lib/session-store';

/** Let fake-indexeddb (which schedules with setImmediate, left real) finish its work. */
const settle = async () => {
  for (let i = 0; i < 200; i++) await new Promise((r) => setImmediate(r));
};

const emptyList = { data: { items: [], metaData: { lastUpdate: 1, recordsRemoved: [] } } };

const anyGet = (b: string) => ({
  [`GET /v2/customers/businesses/${b}`]: () => emptyList,
  [`GET /v2/business/${b}/products/sync/list`]: () => emptyList,
  [`GET /v2/businesses/${b}/collections`]: () => emptyList,
  [`GET /v1/stores/businesses/${b}`]: () => emptyList,
  [`GET /v1/payments/single/businesses/${b}`]: () => emptyList,
  'GET /v2/checkout/options': () => emptyList,
  [`GET /v2/business/${b}/tickets`]: () => ({ data: { tickets: [] } }),
  [`GET /v1/sales/businesses/${b}/all`]: () => ({
    data: { sales: [], metaData: { lastUpdate: 1, recordsRemoved: [], hasMore: false } },
  }),
  [`GET /v1/businesses/${b}/employees`]: () => ({ data: [] }),
});

const modulesAsked = (calls: FakeRequest[]) => calls.map((c) => c.path);

describe('sync engine timings (spec 000 §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts 7 s after the session, staggers modules 3 s apart, then repeats customers every 60 s', async () => {
    const b = freshBusiness();
    const net = fakeServer(anyGet(b));
    const stop = startSync({ businessId: b, token: 't' });
    await vi.advanceTimersByTimeAsync(6_999);
    await settle();
    expect(net.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(modulesAsked(net.calls)).toEqual([`/v2/customers/businesses/${b}`]);
    await vi.advanceTimersByTimeAsync(3_000);
    await settle();
    expect(modulesAsked(net.calls)).toEqual([
      `/v2/customers/businesses/${b}`,
      `/v2/business/${b}/products/sync/list`,
    ]);
    await vi.advanceTimersByTimeAsync(3_000 * (MODULES.length - 2));
    await settle();
    expect(net.calls).toHaveLength(MODULES.filter((m) => m.download).length);
    const customersCalls = () => net.of('GET', `/v2/customers/businesses/${b}`).length;
    await vi.advanceTimersByTimeAsync(60_000 - 3_000 * (MODULES.length - 1) - 1);
    await settle();
    expect(customersCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(customersCalls()).toBe(2);
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    await settle();
    expect(customersCalls()).toBe(2);
  });

  it('makes no periodic call while the browser is offline, and syncs again once it is back', async () => {
    const b = freshBusiness();
    const net = fakeServer(anyGet(b));
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const stop = startSync({ businessId: b, token: 't' });
    await vi.advanceTimersByTimeAsync(7_000 + 3_000 * MODULES.length);
    await settle();
    expect(net.calls).toHaveLength(0);
    vi.stubGlobal('navigator', { ...navigator, onLine: true });
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();
    expect(net.of('GET', `/v2/customers/businesses/${b}`)).toHaveLength(1);
    stop();
  });

  it('uploads soon after a sale is queued, and again when the connection comes back', async () => {
    const b = freshBusiness();
    let online = false;
    const net = fakeServer({
      ...anyGet(b),
      [`POST /v2/business/${b}/sales/offline/sync`]: (req) =>
        online
          ? {
              data: {
                results: (req.body as { sales: { _id: string }[] }).sales.map((s) => ({
                  _id: s._id,
                  outcome: 'accepted',
                })),
              },
            }
          : 'network-error',
    });
    const stop = startSync({ businessId: b, token: 't' });
    await enqueue(b, 'pos', { _id: 'sale-1', created_at: '2026-11-22T08:00:00.000Z' });
    await vi.advanceTimersByTimeAsync(ENQUEUE_FLUSH_MS);
    await settle();
    expect(net.of('POST', `/v2/business/${b}/sales/offline/sync`)).toHaveLength(1);
    expect(await countPending(b)).toMatchObject({ pos: 1 });
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    await settle();
    expect(net.of('POST', `/v2/business/${b}/sales/offline/sync`)).toHaveLength(2);
    expect(await countPending(b)).toMatchObject({ pos: 0 });
    stop();
  });

  it('syncs now on request, one module after the other', async () => {
    const b = freshBusiness();
    const net = fakeServer(anyGet(b));
    await syncNow(b, ['stores', 'categories']);
    expect(modulesAsked(net.calls)).toEqual([
      `/v2/businesses/${b}/collections`,
      `/v1/stores/businesses/${b}`,
    ]);
    expect(await businessDb(b).meta('stores').get('stores')).toMatchObject({ syncStatus: 'synced' });
  });
});

describe('downloads a role may not make', () => {
  const signIn = (businessId: string, role: string, permissions: readonly string[]) =>
    sessionStore.loginWith({
      token: 't',
      user: { _id: `u-${role}`, role, permissions },
      business: { _id: businessId },
    } as unknown as LoginData);
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clearAll();
  });

  it('are never attempted: a cashier does not ask for the employees (403 for them)', async () => {
    const b = freshBusiness();
    const net = fakeServer(anyGet(b));
    signIn(b, 'Cashier', DEFAULT_ROLE_PERMISSIONS.cashier!);
    await syncNow(b);
    expect(net.of('GET', `/v1/businesses/${b}/employees`)).toHaveLength(0);
    expect(net.of('GET', `/v2/business/${b}/products/sync/list`)).toHaveLength(1);
    expect(net.of('GET', `/v2/business/${b}/tickets`)).toHaveLength(1);
  });

  it('a stock keeper asks only for what any signed-in user may read; an admin asks for all', async () => {
    const b = freshBusiness();
    const net = fakeServer(anyGet(b));
    signIn(b, 'Stock keeper', ['inventory.adjust_stock']);
    await syncNow(b);
    expect(modulesAsked(net.calls).sort()).toEqual(
      ['/v2/checkout/options', `/v1/stores/businesses/${b}`].sort(),
    );
    const c = freshBusiness();
    const all = fakeServer(anyGet(c));
    signIn(c, 'Admin', []);
    await syncNow(c);
    expect(all.calls).toHaveLength(MODULES.filter((m) => m.download).length);
  });
});
