import { ActionIcon, Badge, Button, Group, Popover, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconCloud, IconCloudCheck, IconCloudX, IconRefresh, IconSettings } from '@tabler/icons-react';
import { TEXT } from '@ms/contracts';
import { useNavigate } from 'react-router';
import { phaseOf, useSyncModules, type SyncModuleProgress } from '@/offline/sync-status';
import { pathOfRoute } from './nav/nav-entries';
import classes from './shell.module.css';

/** Spec 000 §2.4 sync status: "Syncing" with per-module progress, "Synced", or no sync at all. */
export const SyncIndicator = () => {
  const modules = useSyncModules();
  const phase = phaseOf(modules);
  const failed = modules.some((m) => m.error);
  const navigate = useNavigate();
  const syncSettings = pathOfRoute('SyncSettings');

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

  return (
    <Popover position="bottom-end" width={300} shadow="md" withArrow>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color={failed ? 'red' : phase === 'done' ? 'teal' : 'gray'}
          size={40}
          aria-label={`Sync status: ${title}`}
        >
          {icon}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text fw={700}>{title}</Text>
          {modules.length === 0 ? (
            <Text size="sm" c="dimmed">
              Your data is saved straight to the server while you are online.
            </Text>
          ) : (
            modules.map((m) => <ModuleProgress key={m.name} module={m} />)
          )}
          {syncSettings ? (
            <Button
              variant="light"
              leftSection={<IconSettings size={16} />}
              onClick={() => navigate(syncSettings)}
            >
              Sync Settings
            </Button>
          ) : (
            <Tooltip label="Sync settings arrive with offline mode" withinPortal={false}>
              <Button
                variant="light"
                leftSection={<IconSettings size={16} />}
                data-disabled
                aria-disabled
                onClick={(e) => e.preventDefault()}
              >
                Sync Settings
              </Button>
            </Tooltip>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};

const ModuleProgress = ({ module: m }: { module: SyncModuleProgress }) => {
  const pct = m.total > 0 ? Math.min(100, Math.round((m.done / m.total) * 100)) : m.error ? 0 : 100;
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" tt="capitalize">
          {m.name}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Badge size="xs" variant="light" color={m.type === 'offline' ? 'orange' : 'blue'}>
            {m.type === 'offline' ? 'upload' : 'download'}
          </Badge>
          <Text size="xs" c="dimmed">
            {m.done}/{m.total}
          </Text>
        </Group>
      </Group>
      <Progress value={pct} color={m.error ? 'red' : 'teal'} size="sm" aria-label={`${m.name} ${pct}%`} />
      {m.error && (
        <Text size="xs" c="red">
          {m.error}
        </Text>
      )}
    </Stack>
  );
};
