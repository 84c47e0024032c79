import { cloneElement, useState, useSyncExternalStore, type ReactElement } from 'react';
import { Alert, Badge, Button, Group, Popover, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload, IconSettings } from '@tabler/icons-react';
import { TEXT } from '@ms/contracts';
import { moduleLabel, useSyncNowDialog } from '@/features/sync-settings';
import { appNavigate } from '@/lib/app-navigation';
import { phaseOf, workerSync, type RejectedUpload, type SyncModuleProgress } from '@/offline';
import { useOpenOnMount, type DeferredDropdownProps } from './deferred-dropdown';
import { pathOfRoute } from './nav/nav-entries';
import { SyncRejectedDialog } from './sync-rejected-dialog';

type Props = DeferredDropdownProps & {
  title: string;
  modules: readonly SyncModuleProgress[];
  /** "2 sales and 1 customer waiting to upload", or null. */
  waiting: string | null;
  rejected: readonly RejectedUpload[];
};

/** The sync dialog's line (spec 000 §2.7) for what the modules report now; null before any sync. */
export const syncStateText = (modules: readonly SyncModuleProgress[]): string | null => {
  const phase = phaseOf(modules);
  if (phase === 'none') return null;
  if (phase === 'syncing') return TEXT.syncOngoing;
  return modules.some((m) => m.error) ? TEXT.syncFailed : TEXT.syncDone;
};

/**
 * The sync status popover (see sync-indicator.tsx): how the sync went, progress per module, what
 * waits to upload, what the server refused, Try again and the way to Sync Settings.
 */
export const SyncPopover = ({ title, modules, waiting, rejected, ...deferred }: Props) => {
  const { opened, setOpened, target } = useOpenOnMount(deferred);
  const [showRejected, setShowRejected] = useState(false);
  const syncNow = useSyncNowDialog();
  const worker = useSyncExternalStore(workerSync.subscribe, workerSync.get, workerSync.get);
  const syncSettings = pathOfRoute('SyncSettings');
  const stateText = syncStateText(modules);
  const failed = modules.filter((m) => m.error);

  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" withArrow>
        <Popover.Target>
          {/* A controlled Popover leaves the target's clicks to us (Menu handles its own). */}
          {cloneElement(target as ReactElement<{ onClick?: () => void }>, {
            onClick: () => setOpened((current) => !current),
          })}
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm" aria-live="polite">
            <Text fw={700}>{title}</Text>
            {failed.length > 0 ? (
              <Alert color="red" p="xs" title={TEXT.syncError} icon={<IconAlertTriangle size={18} />}>
                <Stack gap={6}>
                  <Text size="sm">{stateText}</Text>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    w="fit-content"
                    loading={syncNow.running}
                    onClick={syncNow.start}
                  >
                    Try again
                  </Button>
                </Stack>
              </Alert>
            ) : stateText ? (
              <Text size="sm" c="dimmed">
                {stateText}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                Your records sync with your account in the background while you are online.
              </Text>
            )}
            {modules
              // An upload with nothing waiting is "Synced" on Sync Settings; here it is only noise.
              .filter((m) => !(m.type === 'offline' && m.total === 0 && !m.error))
              .map((m) => (
                <ModuleProgress key={m.name} module={m} />
              ))}
            {waiting && (
              <Group gap={6} wrap="nowrap" data-testid="sync-waiting">
                <IconCloudUpload size={18} color="var(--mantine-color-orange-6)" aria-hidden />
                <Text size="sm">{waiting}</Text>
              </Group>
            )}
            {worker?.running && (
              <Text size="xs" c="dimmed">
                Uploading in the background…
              </Text>
            )}
            {rejected.length > 0 && (
              <Button variant="light" color="red" onClick={() => setShowRejected(true)}>
                {rejected.length === 1 ? '1 record was refused' : `${rejected.length} records were refused`}
              </Button>
            )}
            {syncSettings && (
              <Button
                variant="light"
                leftSection={<IconSettings size={16} />}
                onClick={() => {
                  setOpened(false);
                  void appNavigate(syncSettings);
                }}
              >
                Sync Settings
              </Button>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <SyncRejectedDialog opened={showRejected} onClose={() => setShowRejected(false)} rejected={rejected} />
      {syncNow.dialog}
    </>
  );
};

const ModuleProgress = ({ module: m }: { module: SyncModuleProgress }) => {
  const pct = m.total > 0 ? Math.min(100, Math.round((m.done / m.total) * 100)) : m.error ? 0 : 100;
  const label = moduleLabel(m.name);
  return (
    <Stack gap={4} data-testid="sync-module">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{label}</Text>
        <Group gap={6} wrap="nowrap">
          <Badge
            size="xs"
            variant="light"
            color={m.type === 'offline' ? 'orange' : 'blue'}
            c={m.type === 'offline' ? 'orange.9' : 'blue.9'}
          >
            {m.type === 'offline' ? 'upload' : 'download'}
          </Badge>
          <Text size="xs" c="dimmed">
            {m.done}/{m.total}
          </Text>
        </Group>
      </Group>
      <Progress value={pct} color={m.error ? 'red' : 'teal'} size="sm" aria-label={`${label} ${pct}%`} />
      {m.error && (
        <Text size="xs" c="red">
          {m.error}
        </Text>
      )}
    </Stack>
  );
};
