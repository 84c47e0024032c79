import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { CODES, TOAST_TIMEOUT_MS } from '@ms/contracts';
import { ApiError } from './api-client';

/** Spec 000 §7: any failed call shows the server's message; a screen can opt out with meta.silent. */
const alert = (error: unknown, meta?: Record<string, unknown>) => {
  if (meta?.silent) return;
  if (error instanceof ApiError && error.status === 401) return;
  // Offline: the connectivity banner already says so; screens fall back to the data on the device.
  if (
    error instanceof ApiError &&
    error.status === 0 &&
    typeof navigator !== 'undefined' &&
    !navigator.onLine
  )
    return;
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
  queryCache: new QueryCache({ onError: (error, query) => alert(error, query.meta) }),
  mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => alert(error, mutation.meta) }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) =>
        !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
