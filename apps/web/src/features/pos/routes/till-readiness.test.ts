import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { fakeServer, freshBusiness } from '@/offline/testing/fake-server';
import { useTillReadiness } from './till-readiness';

const emptyList = { data: { items: [], metaData: { lastUpdate: 1, recordsRemoved: [] } } };

describe('till readiness on a first visit', () => {
  afterEach(() => vi.unstubAllGlobals());

  // The periodic sync is not running here: only the till itself can have asked.
  it('asks at once for the catalogue, customers and stores, and says ready when they have landed', async () => {
    const b = freshBusiness();
    const net = fakeServer({
      [`GET /v2/business/${b}/products/sync/list`]: () => emptyList,
      [`GET /v2/customers/businesses/${b}`]: () => emptyList,
      [`GET /v1/stores/businesses/${b}`]: () => emptyList,
    });
    const { result } = renderHook(() => useTillReadiness(b));
    expect(result.current).toBe('preparing');
    await waitFor(() => expect(result.current).toBe('ready'), { timeout: 20_000 });
    const asked = net.calls.map((c) => c.path);
    expect(asked).toContain(`/v2/business/${b}/products/sync/list`);
    expect(asked).toContain(`/v2/customers/businesses/${b}`);
    expect(asked).toContain(`/v1/stores/businesses/${b}`);
  }, 30_000);

  it('asks again a few seconds after the network failed half-way, and gets ready', async () => {
    const b = freshBusiness();
    let productAsks = 0;
    const net = fakeServer({
      // The first ask's products download is cut off; the schedule would try again only in 80 s.
      [`GET /v2/business/${b}/products/sync/list`]: () => (++productAsks === 1 ? 'network-error' : emptyList),
      [`GET /v2/customers/businesses/${b}`]: () => emptyList,
      [`GET /v1/stores/businesses/${b}`]: () => emptyList,
    });
    const { result } = renderHook(() => useTillReadiness(b));
    await waitFor(() => expect(result.current).toBe('ready'), { timeout: 20_000 });
    expect(net.of('GET', `/v2/business/${b}/products/sync/list`).length).toBe(2);
    // Customers and stores landed the first time: asked once each.
    expect(net.of('GET', `/v2/customers/businesses/${b}`).length).toBe(1);
    expect(net.of('GET', `/v1/stores/businesses/${b}`).length).toBe(1);
  }, 30_000);

  it('offline, asks for nothing and does not claim to be ready', async () => {
    const b = freshBusiness();
    const net = fakeServer({});
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const { result, unmount } = renderHook(() => useTillReadiness(b));
    await new Promise((r) => setTimeout(r, 2_500));
    expect(result.current).toBe('preparing');
    expect(net.calls.filter((c) => !c.path.startsWith('/assets'))).toEqual([]);
    unmount();
  }, 30_000);
});
