import { ActionIcon } from '@mantine/core';
import { IconCloud, IconCloudCheck, IconCloudX, IconRefresh } from '@tabler/icons-react';
import { TEXT } from '@ms/contracts';
import { phaseOf, useSyncModules } from '@/offline/sync-status';
import { useDeferredDropdown } from './deferred-dropdown';
import classes from './shell.module.css';

const load = () => import('./sync-popover').then((m) => m.SyncPopover);

/**
 * Spec 000 §2.4 sync status: "Syncing" with per-module progress, "Synced", or no sync at all.
 * The icon is always there; the popover with the details loads on first click.
 */
export const SyncIndicator = () => {
  const modules = useSyncModules();
  const phase = phaseOf(modules);
  const failed = modules.some((m) => m.error);
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

  const target = (
    <ActionIcon
      variant="subtle"
      color={failed ? 'red' : phase === 'done' ? 'teal' : 'gray'}
      size={40}
      aria-label={`Sync status: ${title}`}
      {...targetProps}
    >
      {icon}
    </ActionIcon>
  );
  return Dropdown ? (
    <Dropdown target={target} focusOnMount={focusOnMount} title={title} modules={modules} />
  ) : (
    target
  );
};
