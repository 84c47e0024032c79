import { Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { PageHeader } from '@/components/ui/page-header';
import { setSyncFrequency, useSyncModules, useSyncSettings, type SyncModuleProgress } from '@/offline';
import { useSession } from '@/lib/session-store';
import { OfflineReadiness } from '../components/offline-readiness';
import { useSyncNowDialog } from '../components/sync-now';
import { frequencyLabel, frequencyOptions } from '../lib/frequency';
import { moduleLabel } from '../lib/labels';

/** /syncsettings (spec 000 §2.7 "Sync Settings screen"): each module's name and how often it syncs. */
const SyncSettingsPage = () => {
  const businessId = useSession()?.business._id;
  const settings = useSyncSettings();
  const progress = useSyncModules();
  const syncNow = useSyncNowDialog();

  const change = (name: string, value: string | null) => {
    if (!value || !businessId) return;
    const ms = Number(value);
    try {
      setSyncFrequency(name, ms, businessId);
      notifications.show({
        color: 'teal',
        message: `${moduleLabel(name)}: ${frequencyLabel(ms).toLowerCase()}`,
      });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <Stack maw={760} mx="auto">
      <PageHeader
        title="Sync Settings"
        description="How often this device brings each kind of record up to date with your account."
        actions={
          <Button leftSection={<IconRefresh size={18} />} loading={syncNow.running} onClick={syncNow.start}>
            Sync now
          </Button>
        }
      />
      <OfflineReadiness />
      <Stack gap="xs">
        {settings.map((s) => (
          <Paper key={s.name} withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 160px' }}>
                <Text fw={600}>{moduleLabel(s.name)}</Text>
                <ModuleState
                  reports={progress.filter((p) => p.name === s.name || p.name === `${s.name}_unsynced`)}
                />
              </Stack>
              <Select
                aria-label={`${moduleLabel(s.name)} frequency`}
                data={frequencyOptions(s.frequency)}
                value={String(s.frequency)}
                onChange={(value) => change(s.name, value)}
                allowDeselect={false}
                w={{ base: '100%', xs: 220 }}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
          </Paper>
        ))}
      </Stack>
      {syncNow.dialog}
    </Stack>
  );
};

/** What the module's download and upload (its `_unsynced` twin) last reported. */
const ModuleState = ({ reports }: { reports: readonly SyncModuleProgress[] }) => {
  if (reports.length === 0)
    return (
      <Text size="xs" c="dimmed">
        Not synced since the app opened
      </Text>
    );
  const failed = reports.find((r) => r.error);
  if (failed)
    return (
      <Text size="xs" c="red">
        {failed.error}
      </Text>
    );
  const running = reports.find((r) => r.done < r.total);
  return running ? (
    <Badge variant="light" color="blue" w="fit-content">
      Syncing {running.done}/{running.total}
    </Badge>
  ) : (
    <Badge variant="light" color="teal" w="fit-content">
      Synced
    </Badge>
  );
};

export default SyncSettingsPage;
