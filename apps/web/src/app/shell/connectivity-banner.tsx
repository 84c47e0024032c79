import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { ONLINE_BANNER_HIDE_MS, TEXT } from '@ms/contracts';

// The count reads the local database (Dexie): it loads only when the banner says "offline".
const OfflineWaiting = lazy(() => import('./offline-waiting'));

export const OFFLINE_TEXT = 'You are offline. Sales and customers you record are kept on this device.';

type Banner = 'offline' | 'online' | null;

/**
 * Spec 000 §2.4: offline shows at once and stays; back online shows "You are online!" for 4 s.
 * While offline it also says how many records wait to upload.
 */
export const ConnectivityBanner = () => {
  const [banner, setBanner] = useState<Banner>(() => (navigator.onLine ? null : 'offline'));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const offline = () => {
      clearTimeout(timer.current);
      setBanner('offline');
    };
    const online = () => {
      clearTimeout(timer.current);
      setBanner('online');
      timer.current = setTimeout(() => setBanner(null), ONLINE_BANNER_HIDE_MS);
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      clearTimeout(timer.current);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);

  if (!banner) return null;
  const isOffline = banner === 'offline';
  return (
    <Paper
      role="status"
      aria-live="polite"
      radius={0}
      px="md"
      py={8}
      bg={isOffline ? 'yellow.1' : 'teal.1'}
      c={isOffline ? 'yellow.9' : 'teal.9'}
      style={{
        position: 'sticky',
        top: 'var(--app-shell-header-height, 0px)',
        zIndex: 50,
        // Full width of the content area, over the shell's padding.
        margin:
          'calc(var(--app-shell-padding, 0px) * -1) calc(var(--app-shell-padding, 0px) * -1) var(--mantine-spacing-sm)',
      }}
      data-testid="connectivity-banner"
    >
      <Group gap="xs" wrap="nowrap" justify="center">
        {isOffline ? <IconWifiOff size={18} aria-hidden /> : <IconWifi size={18} aria-hidden />}
        <Text size="sm" fw={600}>
          {isOffline ? OFFLINE_TEXT : TEXT.youAreOnline}
        </Text>
      </Group>
      {isOffline && (
        <Suspense fallback={null}>
          <OfflineWaiting />
        </Suspense>
      )}
    </Paper>
  );
};
