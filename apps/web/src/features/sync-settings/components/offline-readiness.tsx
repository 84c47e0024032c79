import { useEffect, useState } from 'react';
import { Group, Text } from '@mantine/core';
import { IconCircleCheck, IconCloudDownload } from '@tabler/icons-react';
import { requestCacheManifest, type CacheManifest } from '@/offline';

const ASK_AGAIN_MS = 3_000;

const isReady = (m: CacheManifest | null) => !!m && m.urls.length > 0 && m.cached >= m.urls.length;

/**
 * Whether this device has the whole app saved (the service worker's precache, asked with
 * REQUEST_CACHE_MANIFEST), so it opens offline. Asks again every few seconds until it is.
 */
export const OfflineReadiness = () => {
  const [manifest, setManifest] = useState<CacheManifest | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const m = await requestCacheManifest();
      if (!live) return;
      setManifest(m);
      if (!isReady(m)) timer = setTimeout(() => void ask(), ASK_AGAIN_MS);
    };
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  if (manifest === undefined) return null;
  const ready = isReady(manifest);
  const supported = typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
  return (
    <Group gap="xs" wrap="nowrap" data-testid="offline-readiness">
      {ready ? (
        <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
      ) : (
        <IconCloudDownload size={18} color="var(--mantine-color-gray-6)" aria-hidden />
      )}
      <Text size="sm" c={ready ? undefined : 'dimmed'}>
        {ready
          ? 'This device can open the app without internet.'
          : manifest
            ? `Saving the app on this device for offline use (${manifest.cached} of ${manifest.urls.length} files)…`
            : supported
              ? 'Saving the app on this device for offline use…'
              : 'This browser cannot keep the app for offline use.'}
      </Text>
    </Group>
  );
};
