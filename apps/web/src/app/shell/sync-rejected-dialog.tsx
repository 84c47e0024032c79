import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { formatMoney } from '@ms/contracts';
import { moduleLabel } from '@/features/sync-settings';
import { useSession } from '@/lib/session-store';
import { dismissRejected, type LocalRecord, type RejectedUpload } from '@/offline';
import { formatDateTime } from '@/lib/date-time';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** One line that lets the person recognise the record: the customer's name, the sale's amount. */
export const describeRecord = (module: string, r: LocalRecord): string => {
  if (module === 'customers') {
    const name = [text(r.first_name), text(r.last_name)].filter(Boolean).join(' ') || text(r.name);
    return name ?? text(r.phone) ?? text(r.email) ?? 'A customer';
  }
  if (module === 'pos') {
    const when = text(r.created_at);
    const day = when ? formatDateTime(when) : null;
    const amount = typeof r.total === 'number' ? formatMoney(r.total) : null;
    return ['Sale', amount && `of ${amount}`, day && `on ${day}`].filter(Boolean).join(' ');
  }
  return text(r.name) ?? `${moduleLabel(module)} record`;
};

/** The records the server refused (never uploaded), each with its reason, until the person dismisses it. */
export const SyncRejectedDialog = ({
  opened,
  onClose,
  rejected,
}: {
  opened: boolean;
  onClose: () => void;
  rejected: readonly RejectedUpload[];
}) => {
  const businessId = useSession()?.business._id;
  return (
    <Modal opened={opened} onClose={onClose} title="Records the server refused" centered>
      <Stack gap="sm">
        {rejected.length === 0 ? (
          <Text c="dimmed">Nothing was refused.</Text>
        ) : (
          <Text size="sm" c="dimmed">
            These were made on this device but not recorded in your account. Make them again if they are still
            needed, then dismiss them here.
          </Text>
        )}
        {rejected.map((r) => (
          <Paper key={r._id} withBorder p="sm" radius="md" data-testid="rejected-upload">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {moduleLabel(r.module)}: {describeRecord(r.module, r.record)}
                </Text>
                <Text size="sm" c="red">
                  {r.reason}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="default"
                aria-label={`Dismiss ${describeRecord(r.module, r.record)}`}
                onClick={() => businessId && void dismissRejected(businessId, r._id)}
              >
                Dismiss
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Modal>
  );
};
