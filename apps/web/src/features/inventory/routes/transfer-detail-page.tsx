import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArrowRight,
  IconPackageImport,
  IconPlayerPause,
  IconPlayerPlay,
  IconX,
} from '@tabler/icons-react';
import type { TransferDetail, TransferItem } from '@ms/contracts';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCancelTransfer, useHoldTransfer, useReleaseTransfer, useTransfer } from '../api/transfers';
import { PageHeader } from '@/components/ui/page-header';
import { Empty, LoadError, Loading } from '@/components/ui/query-states';
import { TransferStatusBadge } from '../components/status-badges';
import { formatDateTime, formatQty, plural } from '../lib/format';
import { inventoryPaths, transferOrderPath } from '../lib/paths';
import { transferActions } from '../lib/transfer-actions';
import { useTransferViewer } from '../lib/use-viewer';

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div style={{ minWidth: 0 }}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </div>
);

export const TransferItems = ({ items }: { items: TransferItem[] }) => {
  const wide = useMediaQuery('(min-width: 48em)', true);
  const returned = items.some((i) => i.returned_quantity > 0);
  if (!wide) {
    return (
      <Stack gap="xs">
        {items.map((i) => (
          <Card key={i._id} withBorder padding="sm" radius="md" data-testid="transfer-line">
            <Text fw={600}>{i.name}</Text>
            <Group gap="md" mt={4}>
              <Text size="sm">Sent {formatQty(i.quantity)}</Text>
              <Text size="sm" c={i.received_quantity ? 'teal.9' : 'dimmed'}>
                Received {formatQty(i.received_quantity)}
              </Text>
              {i.returned_quantity > 0 && <Text size="sm">Returned {formatQty(i.returned_quantity)}</Text>}
              {i.outstanding_quantity > 0 && (
                <Text size="sm" fw={700}>
                  On the way {formatQty(i.outstanding_quantity)}
                </Text>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Sent</Table.Th>
            <Table.Th ta="right">Received</Table.Th>
            {returned && <Table.Th ta="right">Returned</Table.Th>}
            <Table.Th ta="right">On the way</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i._id} data-testid="transfer-line">
              <Table.Td>
                <Text size="sm" fw={500}>
                  {i.name}
                </Text>
                {i.sku && (
                  <Text size="xs" c="dimmed">
                    SKU {i.sku}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{formatQty(i.quantity)}</Table.Td>
              <Table.Td ta="right">{formatQty(i.received_quantity)}</Table.Td>
              {returned && <Table.Td ta="right">{formatQty(i.returned_quantity)}</Table.Td>}
              <Table.Td ta="right" fw={i.outstanding_quantity > 0 ? 700 : undefined}>
                {formatQty(i.outstanding_quantity)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

type Pending = 'hold' | 'release' | 'cancel' | null;

const TransferView = ({ transfer }: { transfer: TransferDetail }) => {
  const viewer = useTransferViewer();
  const actions = transferActions(transfer, viewer);
  const hold = useHoldTransfer();
  const release = useReleaseTransfer();
  const cancel = useCancelTransfer();
  const [asking, setAsking] = useState<Pending>(null);
  const busy = hold.isPending || release.isPending || cancel.isPending;
  const error = hold.error ?? release.error ?? cancel.error;
  const outstanding = transfer.items.reduce((n, i) => n + i.outstanding_quantity, 0);

  const run = (step: Exclude<Pending, null>) => {
    const mutation = step === 'hold' ? hold : step === 'release' ? release : cancel;
    const done = { hold: 'put on hold', release: 'released', cancel: 'cancelled' }[step];
    hold.reset();
    release.reset();
    cancel.reset();
    mutation.mutate(transfer._id, {
      onSuccess: (t) => notifications.show({ color: 'teal', message: `${t.transfer_id} ${done}.` }),
      onSettled: () => setAsking(null),
    });
  };

  const questions = {
    hold: {
      title: `Put ${transfer.transfer_id} on hold?`,
      message: 'Nobody can receive it until it is released. The stock stays out of the sending store.',
      confirmLabel: 'Put on hold',
      color: undefined,
    },
    release: {
      title: `Release ${transfer.transfer_id}?`,
      message: `${transfer.to_store_name} can then receive it.`,
      confirmLabel: 'Release',
      color: undefined,
    },
    cancel: {
      title: `Cancel ${transfer.transfer_id}?`,
      message: `${plural(outstanding, 'unit')} not received yet will go back to ${transfer.from_store_name}. This cannot be undone.`,
      confirmLabel: 'Cancel transfer',
      color: 'red',
    },
  };
  const q = asking ? questions[asking] : null;

  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <Group gap="xs" mb="sm" wrap="nowrap">
          <Text fw={700} size="lg" truncate>
            {transfer.from_store_name}
          </Text>
          <IconArrowRight size={18} style={{ flexShrink: 0 }} aria-label="to" />
          <Text fw={700} size="lg" truncate>
            {transfer.to_store_name}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Field label="Sent">{formatDateTime(transfer.sent_at ?? transfer.created_at)}</Field>
          <Field label="Sent by">{transfer.created_by_name ?? '—'}</Field>
          <Field label="Received">
            {transfer.received_at
              ? formatDateTime(transfer.received_at)
              : transfer.total_received > 0
                ? 'In part'
                : transfer.cancelled_at
                  ? '—'
                  : 'Not yet'}
          </Field>
          <Field label="Received by">{transfer.received_by_name ?? '—'}</Field>
          <Field label="Units">
            {formatQty(transfer.total_received)} of {formatQty(transfer.total_quantity)} received
          </Field>
          {transfer.cancelled_at && <Field label="Cancelled">{formatDateTime(transfer.cancelled_at)}</Field>}
        </SimpleGrid>
        {transfer.send_and_recieve && (
          <Text size="sm" c="dimmed" mt="sm">
            Sent and received in one step.
          </Text>
        )}
        {transfer.note && (
          <Text size="sm" mt="sm">
            <Text span size="sm" c="dimmed">
              Note:{' '}
            </Text>
            {transfer.note}
          </Text>
        )}
      </Paper>

      {actions.length > 0 && (
        <Group gap="sm">
          {actions.includes('receive') && (
            <Button
              component={Link}
              to={transferOrderPath(transfer._id)}
              size="md"
              leftSection={<IconPackageImport size={18} />}
            >
              Receive
            </Button>
          )}
          {actions.includes('release') && (
            <Button
              size="md"
              leftSection={<IconPlayerPlay size={18} />}
              onClick={() => setAsking('release')}
              disabled={busy}
            >
              Release
            </Button>
          )}
          {actions.includes('hold') && (
            <Button
              size="md"
              variant="default"
              leftSection={<IconPlayerPause size={18} />}
              onClick={() => setAsking('hold')}
              disabled={busy}
            >
              Put on hold
            </Button>
          )}
          {actions.includes('cancel') && (
            <Button
              size="md"
              variant="light"
              color="red"
              leftSection={<IconX size={18} />}
              onClick={() => setAsking('cancel')}
              disabled={busy}
            >
              Cancel transfer
            </Button>
          )}
        </Group>
      )}
      {transfer.status === 'on_hold' && !actions.includes('release') && (
        <Text size="sm" c="dimmed">
          This transfer is on hold. The sending store must release it before it can be received.
        </Text>
      )}
      {error && (
        <Alert color="red" title="That did not work" role="alert">
          {error.message}
        </Alert>
      )}

      <TransferItems items={transfer.items} />

      <ConfirmDialog
        opened={!!q}
        title={q?.title ?? ''}
        message={q?.message}
        confirmLabel={q?.confirmLabel}
        cancelLabel="Keep it"
        color={q?.color}
        loading={busy}
        onConfirm={() => asking && run(asking)}
        onCancel={() => setAsking(null)}
      />
    </Stack>
  );
};

/** One transfer: its lines (sent, received, on the way) and the steps its state allows. */
const TransferDetailPage = () => {
  const [params] = useSearchParams();
  const id = params.get('id');
  const transfer = useTransfer(id);
  const back = { to: inventoryPaths.transfers, label: 'Transfers' };

  return (
    <Stack maw={1000} mx="auto" gap="md">
      <PageHeader
        title={transfer.data ? `Transfer ${transfer.data.transfer_id}` : 'Transfer'}
        back={back}
        actions={transfer.data && <TransferStatusBadge status={transfer.data.status} />}
      />
      {!id ? (
        <Empty title="No transfer chosen">
          <Button component={Link} to={inventoryPaths.transfers}>
            See all transfers
          </Button>
        </Empty>
      ) : transfer.isPending ? (
        <Loading label="Loading the transfer…" />
      ) : transfer.isError ? (
        <LoadError what="this transfer" error={transfer.error} onRetry={() => void transfer.refetch()} />
      ) : (
        <TransferView transfer={transfer.data} />
      )}
    </Stack>
  );
};

export default TransferDetailPage;
