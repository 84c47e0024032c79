import { useState } from 'react';
import { SyncDialog, type SyncDialogState } from '@/components/ui/sync-dialog';
import { syncNow, syncStatus } from '@/offline';
import { useSession } from '@/lib/session-store';
import { moduleLabel } from '../lib/labels';

/**
 * "Sync now" / "Try again" with the sync dialog of spec 000 §2.7: "Syncing is ongoing", then
 * "Syncing is done", "Syncing failed. You can try again" (a module reported an error) or
 * "A sync error occured" (the sync itself broke), both with Try again.
 */
export const useSyncNowDialog = () => {
  const businessId = useSession()?.business._id;
  const [state, setState] = useState<SyncDialogState | null>(null);
  const [message, setMessage] = useState<string | undefined>();

  const start = async () => {
    if (!businessId) return;
    setState('ongoing');
    setMessage(undefined);
    try {
      await syncNow(businessId);
      const failed = syncStatus.get().filter((m) => m.error);
      setState(failed.length ? 'failed' : 'done');
      if (failed.length) setMessage(failed.map((m) => `${moduleLabel(m.name)}: ${m.error}`).join(' · '));
    } catch (error) {
      setState('error');
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };

  const dialog = (
    <SyncDialog
      opened={state !== null}
      state={state ?? 'done'}
      message={message}
      onRetry={() => void start()}
      onClose={() => setState(null)}
    />
  );
  return { start: () => void start(), running: state === 'ongoing', dialog };
};
