import { ActionIcon, Badge } from '@mantine/core';
import { IconCloud, IconCloudCheck, IconCloudX, IconRefresh } from '@tabler/icons-react';
import { TEXT } from '@ms/contracts';
import { pendingSummary } from '@/features/sync-settings';
import { phaseOf, usePendingUploads, useRejectedUploads, useSyncModules } from '@/offline';
import { useDeferredDropdown } from './deferred-dropdown';
import classes from './shell.module.css';

const load = () => import('./sync-popover').then((m) => m.SyncPopover);

/**
 * Spec 000 §2.4 sync status: "Syncing" with per-module progress, "Synced", or no sync at all. The
 * icon is always there, with the number of records waiting to upload (online or not); the popover
 * with the details loads on first click.
 */
export const SyncIndicator = () => {
  const modules = useSyncModules();
  const pending = usePendingUploads();
  const rejected = useRejectedUploads();
  const phase = phaseOf(modules);
  const failed = modules.some((m) => m.error) || rejected.length > 0;
  const { Dropdown, focusOnMount, targetProps } = useDeferredDropdown(load, 'dialog');

  const icon =
    phase === 'syncing' ? (
      <IconRefresh size={22} className={classes.spin} />
    ) : failed ? (
      <IconCloudX size={22} />
    ) : phase === 'done' ? (
      <IconCloudCheck size={22} />
    ) : (
      <IconCloud size={22} />
    );
  const title = phase === 'syncing' ? TEXT.syncing : phase === 'done' ? TEXT.synced : TEXT.noSync;
  const waiting = pendingSummary(pending);

  const target = (
    <ActionIcon
      variant="subtle"
      color={failed ? 'red' : phase === 'done' ? 'teal' : 'gray'}
      size={40}
      pos="relative"
      aria-label={`Sync status: ${title}${waiting ? `, ${waiting}` : ''}`}
      {...targetProps}
    >
      {icon}
      {pending.total > 0 && (
        <Badge
          size="xs"
          circle={pending.total < 10}
          color="orange"
          pos="absolute"
          top={0}
          right={0}
          px={pending.total < 10 ? 0 : 4}
          data-testid="pending-uploads-count"
          aria-hidden
        >
          {pending.total > 99 ? '99+' : pending.total}
        </Badge>
      )}
    </ActionIcon>
  );
  return Dropdown ? (
    <Dropdown
      target={target}
      focusOnMount={focusOnMount}
      title={title}
      modules={modules}
      waiting={waiting}
      rejected={rejected}
    />
  ) : (
    target
  );
};
