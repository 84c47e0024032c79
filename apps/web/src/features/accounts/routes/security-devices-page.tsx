import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDevicesOff,
  IconDeviceTablet,
  IconTrash,
} from '@tabler/icons-react';
import type { Device } from '@ms/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDevices, useRemoveDeviceMutation } from '../api/security';
import { SecurityHeader } from '../components/security-header';
import { formatDateTime } from '@/lib/date-time';
import { LoadError } from '@/components/ui/query-states';

const TYPE_LABEL: Record<Device['deviceType'], string> = {
  browser: 'Computer or browser',
  Mobile: 'Phone',
  Terminal: 'POS terminal',
};

const DeviceIcon = ({ type }: { type: Device['deviceType'] }) => {
  const Icon =
    type === 'Mobile' ? IconDeviceMobile : type === 'Terminal' ? IconDeviceTablet : IconDeviceDesktop;
  return (
    <ThemeIcon size={40} radius="md" variant="light" color="gray" style={{ flex: 'none' }}>
      <Icon size={22} />
    </ThemeIcon>
  );
};

const browserOf = (d: Device) =>
  [d.browserName, d.browserVersion].filter(Boolean).join(' ') || 'Unknown browser';
const nameOf = (d: Device) => d.deviceModel || 'Unknown device';
/** "Just now", "12 min ago", "5 h ago", then the date and time. */
const lastSeen = (iso: string | null, now = Date.now()): string => {
  if (!iso) return 'Never';
  const minutes = Math.round((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return formatDateTime(iso);
};

const Badges = ({ d }: { d: Device }) => (
  <Group gap={6}>
    {d.whitelisted ? (
      <Badge color="teal" variant="light">
        Approved
      </Badge>
    ) : (
      <Badge color="yellow" variant="light">
        Waiting for code
      </Badge>
    )}
    {d.current ? (
      <Badge color="blue" variant="filled">
        This device
      </Badge>
    ) : null}
  </Group>
);

const RemoveButton = ({ d, onRemove }: { d: Device; onRemove: (d: Device) => void }) => (
  <Button
    variant="light"
    color="red"
    leftSection={<IconTrash size={16} />}
    onClick={() => onRemove(d)}
    aria-label={`Remove ${nameOf(d)} (${browserOf(d)})`}
  >
    Remove
  </Button>
);

/** /security/devices (admin): the business's devices; removing one ends its sessions. */
const SecurityDevicesPage = () => {
  const devices = useDevices();
  const remove = useRemoveDeviceMutation();
  const [target, setTarget] = useState<Device | null>(null);

  const confirmRemove = () => {
    if (!target) return;
    const removed = target;
    remove.mutate(removed._id, {
      onSuccess: () => {
        setTarget(null);
        notifications.show({ color: 'teal', message: `${nameOf(removed)} was removed.` });
      },
      onError: () => setTarget(null),
    });
  };

  const list = devices.data ?? [];

  return (
    <>
      <SecurityHeader
        title="Devices"
        description="Phones and computers that have logged in to your business. Remove any you do not recognise: it is logged out and needs a new code to come back."
      />

      {devices.isPending ? (
        <Stack gap="sm" maw={1000}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={72} radius="md" />
          ))}
        </Stack>
      ) : devices.isError ? (
        <LoadError
          what="devices"
          error={devices.error}
          onRetry={() => void devices.refetch()}
          icon={<IconAlertCircle size={18} />}
          maw={640}
        />
      ) : list.length === 0 ? (
        <Card withBorder padding="xl" radius="md" maw={640}>
          <Stack align="center" ta="center" gap="xs">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray">
              <IconDevicesOff size={26} />
            </ThemeIcon>
            <Text fw={700}>No devices yet</Text>
            <Text c="dimmed" size="sm">
              Devices show up here after someone logs in from them.
            </Text>
          </Stack>
        </Card>
      ) : (
        <>
          <Card withBorder padding={0} radius="md" visibleFrom="sm" maw={1100}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Device</Table.Th>
                  <Table.Th>Browser</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Last seen</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((d) => (
                  <Table.Tr key={d._id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <DeviceIcon type={d.deviceType} />
                        <div>
                          <Text fw={600}>{nameOf(d)}</Text>
                          <Text size="xs" c="dimmed">
                            {TYPE_LABEL[d.deviceType]}
                            {d.user_name ? ` · ${d.user_name}` : ''}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td>{browserOf(d)}</Table.Td>
                    <Table.Td>
                      <Badges d={d} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{d.current ? 'Now' : lastSeen(d.last_seen_at)}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <RemoveButton d={d} onRemove={setTarget} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>

          <Stack gap="sm" hiddenFrom="sm">
            {list.map((d) => (
              <Card key={d._id} withBorder padding="md" radius="md">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <DeviceIcon type={d.deviceType} />
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600}>{nameOf(d)}</Text>
                    <Text size="sm" c="dimmed">
                      {browserOf(d)} · {TYPE_LABEL[d.deviceType]}
                    </Text>
                    {d.user_name ? (
                      <Text size="sm" c="dimmed">
                        Last used by {d.user_name}
                      </Text>
                    ) : null}
                    <Text size="sm" c="dimmed">
                      Last seen: {d.current ? 'Now' : lastSeen(d.last_seen_at)}
                    </Text>
                    <Badges d={d} />
                  </Stack>
                </Group>
                <Group justify="flex-end" mt="sm">
                  <RemoveButton d={d} onRemove={setTarget} />
                </Group>
              </Card>
            ))}
          </Stack>
        </>
      )}

      <ConfirmDialog
        opened={!!target}
        title="Remove this device?"
        message={
          target?.current
            ? 'This is the device you are using now. You will be logged out of it and need a code from your e-mail to log in again.'
            : `${target ? `${nameOf(target)} (${browserOf(target)})` : 'The device'} will be logged out. It needs a new code from the e-mail to log in again.`
        }
        confirmLabel="Remove"
        color="red"
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setTarget(null)}
      />
    </>
  );
};

export default SecurityDevicesPage;
