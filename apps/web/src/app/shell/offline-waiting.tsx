import { Text } from '@mantine/core';
import { pendingSummary } from '@/features/sync-settings';
import { usePendingUploads } from '@/offline';

/** The offline banner's "N sales waiting to upload" line (its own chunk: it reads the local database). */
const OfflineWaiting = () => {
  const waiting = pendingSummary(usePendingUploads());
  if (!waiting) return null;
  return (
    <Text size="sm" ta="center" data-testid="offline-waiting">
      {waiting}.
    </Text>
  );
};

export default OfflineWaiting;
