import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { queryClient } from './query-client';

describe('the one rule for writes (issue 11)', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('runs a write at once while the browser says it is offline, instead of pausing it', async () => {
    onlineManager.setOnline(false);
    const saved: string[] = [];
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: async (id: string) => {
        saved.push(id); // what a device-first write does: the outbox, on this device
        return id;
      },
    });
    await expect(mutation.execute('sale-1')).resolves.toBe('sale-1');
    expect(saved).toEqual(['sale-1']);
    expect(mutation.state.isPaused).toBe(false);
  });
});

describe('reads while the browser says it is offline', () => {
  const setNavigatorOnline = (online: boolean) => {
    Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
    onlineManager.setOnline(online);
  };
  // As the app's QueryClientProvider does: the client hears the network come back.
  beforeEach(() => queryClient.mount());
  afterEach(() => {
    setNavigatorOnline(true);
    queryClient.clear();
    queryClient.unmount();
  });
  const offlineError = () => new ApiError('You are offline or the network is too slow.', 0);

  it('a read with nothing to show yet fails at once with the offline message, instead of waiting', async () => {
    setNavigatorOnline(false);
    let asked = 0;
    const read = queryClient.fetchQuery({
      queryKey: ['offline-test', 'empty'],
      queryFn: async () => {
        asked += 1;
        throw offlineError();
      },
      meta: { silent: true },
    });
    await expect(read).rejects.toMatchObject({ status: 0 });
    expect(asked).toBe(1); // not asked again while offline
  });

  it('is asked again by itself when the network is back, and shows its data', async () => {
    setNavigatorOnline(false);
    let online = false;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['offline-test', 'comes-back'],
      queryFn: async () => {
        if (!online) throw offlineError();
        return ['sale 1'];
      },
      meta: { silent: true },
    });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    online = true;
    setNavigatorOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['sale 1']));
    stop();
  });

  it('a read whose data is shown waits for the network, and the data stays', async () => {
    queryClient.setQueryData(['offline-test', 'shown'], ['sale 1']);
    setNavigatorOnline(false);
    let asked = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['offline-test', 'shown'],
      queryFn: async () => {
        asked += 1;
        return ['sale 1', 'sale 2'];
      },
      staleTime: 0,
    });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('paused'));
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: ['sale 1'] });
    expect(asked).toBe(0);
    setNavigatorOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['sale 1', 'sale 2']));
    stop();
  });
  it('a refresh under way when the network drops waits for it, and the data stays', async () => {
    queryClient.setQueryData(['offline-test', 'dropped'], ['sale 1']);
    let calls = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['offline-test', 'dropped'],
      queryFn: async () => {
        calls += 1;
        if (calls === 1) {
          setNavigatorOnline(false); // the network goes while the request is out
          throw offlineError();
        }
        return ['sale 1', 'sale 2'];
      },
      staleTime: 0,
      meta: { silent: true },
    });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('paused'), { timeout: 3000 });
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: ['sale 1'] });
    setNavigatorOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['sale 1', 'sale 2']));
    stop();
  });
});

describe('a page opened while the browser says it is offline', () => {
  afterEach(() => {
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    vi.resetModules();
  });

  it('starts offline, and hears the network come back', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    vi.resetModules();
    const { onlineManager: manager } = await import('@tanstack/react-query');
    await import('./query-client');
    // TanStack alone would say online here, and the 'online' event below would change nothing.
    expect(manager.isOnline()).toBe(false);
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    window.dispatchEvent(new Event('online'));
    expect(manager.isOnline()).toBe(true);
  });
});
