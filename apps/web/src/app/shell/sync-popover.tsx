import { cloneElement, type ReactElement } from 'react';
import { Badge, Button, Group, Popover, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { SyncModuleProgress } from '@/offline/sync-status';
import { useOpenOnMount, type DeferredDropdownProps } from './deferred-dropdown';
import { pathOfRoute } from './nav/nav-entries';

/** The sync status popover (see sync-indicator.tsx): progress per module and the way to Sync Settings. */
export const SyncPopover = ({
  title,
  modules,
  ...deferred
}: DeferredDropdownProps & { title: string; modules: readonly SyncModuleProgress[] }) => {
  const navigate = useNavigate();
  const { opened, setOpened, target } = useOpenOnMount(deferred);
  const syncSettings = pathOfRoute('SyncSettings');

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={300} shadow="md" withArrow>
      <Popover.Target>
        {/* A controlled Popover leaves the target's clicks to us (Menu handles its own). */}
        {cloneElement(target as ReactElement<{ onClick?: () => void }>, {
          onClick: () => setOpened((current) => !current),
        })}
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
