import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { CODES, TOAST_TIMEOUT_MS } from '@ms/contracts';
import { ApiError } from './api-client';

const isOffline = () => typeof navigator !== 'undefined' && !navigator.onLine;

/**
 * Spec 000 §7: any failed call shows the server's message; a screen can opt out with meta.silent.
 * `kind`: a read that fails offline says nothing (the connectivity banner says it, and screens fall
 * back to the data on the device); a write that needs the network says it could not be sent.
 */
const alert = (error: unknown, meta: Record<string, unknown> | undefined, kind: 'read' | 'write') => {
  if (meta?.silent) return;
  if (error instanceof ApiError && error.status === 401) return;
  if (kind === 'read' && error instanceof ApiError && error.status === 0 && isOffline()) return;
  // The unsanctioned-device modal (accounts DeviceGuard) already says it.
  if (error instanceof ApiError && error.code === CODES.deviceNotRecognized) return;
  notifications.show({
    color: 'red',
    title: 'Something went wrong',
    message: error instanceof Error ? error.message : String(error),
    autoClose: TOAST_TIMEOUT_MS,
  });
};

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => alert(error, query.meta, 'read') }),
  mutationCache: new MutationCache({
    onError: (error, _v, _c, mutation) => alert(error, mutation.meta, 'write'),
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) =>
        !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
    /*
     * The one rule for writes (issue 11): a write never waits for the browser's online flag. A
     * write that works offline (a sale, a customer, a parked ticket: anything through the outbox)
     * goes to the device first and answers at once; one that needs the server tries now and says
     * so if the network is not there. TanStack's default ('online') would pause every write while
     * the browser says it is offline: a Confirm button spinning forever and nothing saved.
     */
    mutations: { retry: false, networkMode: 'always' },
  },
});

/*
 * A read with nothing to show yet is tried even while the browser says it is offline, and not tried
 * again until the network is back; one whose data is on the screen waits for the network, as
 * TanStack's default ('online') does. With the default alone, a screen that needs the server (sales
 * history, reports, settings) opened offline showed its skeleton for as long as the network was away;
 * now it fails at once with the offline message and its "Try again" (query-states LoadError), and is
 * asked again by itself when the network is back (refetchOnReconnect). What the screen showed stays
 * shown offline (a refresh of it pauses); a filter, page or period changed offline is a read with
 * nothing to show, so it says it could not load rather than keep the previous figures under the new
 * label. Queries that choose their own networkMode (the device-first reads: till, customers, stock)
 * keep it.
 */
type Retry = boolean | number | ((count: number, error: Error) => boolean) | undefined;
/** TanStack's reading of `retry`: a function's answer, a number of times, true or false; unset, 3 times. */
const mayRetry = (retry: Retry, count: number, error: Error): boolean =>
  typeof retry === 'function'
    ? retry(count, error)
    : typeof retry === 'number'
      ? count < retry
      : (retry ?? count < 3);
const defaults = queryClient.defaultQueryOptions.bind(queryClient);
queryClient.defaultQueryOptions = ((options) => {
  const defaulted = defaults(options);
  if (options._defaulted || defaulted.networkMode !== undefined) return defaulted;
  const shown =
    defaulted.initialData !== undefined ||
    queryClient.getQueryCache().get(defaulted.queryHash!)?.state.data !== undefined;
  if (shown) return { ...defaulted, networkMode: 'online' };
  const retry = defaulted.retry as Retry;
  return {
    ...defaulted,
    networkMode: 'always',
    retry: (count: number, error: Error) =>
      !(error instanceof ApiError && error.status === 0 && isOffline()) && mayRetry(retry, count, error),
  };
}) as typeof queryClient.defaultQueryOptions;

/*
 * TanStack assumes the network is there until the browser says `offline`: a page opened offline (the
 * installed app on a phone without signal) would never hear it come back, and its failed reads would
 * not be asked again. Start from what the browser says now.
 */
onlineManager.setEventListener((setOnline) => {
  if (typeof window === 'undefined' || !window.addEventListener) return;
  const online = () => setOnline(true);
  const offline = () => setOnline(false);
  setOnline(navigator.onLine);
  window.addEventListener('online', online, false);
  window.addEventListener('offline', offline, false);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
});
