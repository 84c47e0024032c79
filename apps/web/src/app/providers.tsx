import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session-store';
import { TOAST_LIMIT, TOAST_POSITION } from './toast-options';

const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9: white on teal buttons and teal links on white reach WCAG AA contrast (4.5:1).
  primaryShade: 9,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
});

// Mantine's default dimmed grey, error red and light teal fall short of 4.5:1 on white.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f6770',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)',
  },
  dark: {},
});

// Most visits never show a toast: the toast list (with its transition and scroll-bar code) loads
// when `notifications.show` first queues one in Mantine's store, and then stays mounted.
const ToastList = lazy(() => import('./toasts'));
// What the mounted list tells the store (toasts.tsx), so toasts queued before it loads are limited alike.
notificationsStore.updateState((state) => ({
  ...state,
  limit: TOAST_LIMIT,
  defaultPosition: TOAST_POSITION,
}));
const hasToasts = () => {
  const state = notificationsStore.getState();
  return state.notifications.length + state.queue.length > 0;
};

const Toasts = () => {
  const [wanted, setWanted] = useState(hasToasts);
  useEffect(() => {
    if (wanted) return;
    const unsubscribe = notificationsStore.subscribe(() => {
      if (hasToasts()) setWanted(true);
    });
    if (hasToasts()) setWanted(true);
    return unsubscribe;
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
};

// Local database sync while a business is signed in (started on login, stopped on logout or
// switch); the engine (Dexie and all) loads only once someone is signed in, and only after the
// first screen has drawn (afterFirstPaint), so it does not compete with what the user waits for.
const OfflineSyncEngine = lazy(() => import('@/offline').then((m) => ({ default: m.OfflineSync })));
const OfflineSync = () => {
  const session = useSession();
  const ready = useAfterFirstPaint();
  return session && ready ? (
    <Suspense fallback={null}>
      <OfflineSyncEngine />
    </Suspense>
  ) : null;
};

export const Providers = ({ children }: { children: ReactNode }) => (
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
    <Toasts />
    <OfflineSync />
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  </MantineProvider>
);
