import { useState } from 'react';
import { Alert, Button, Card, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconChecks, IconPackageImport } from '@tabler/icons-react';
import type { TransferDetail } from '@ms/contracts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useReceiveTransfer, useTransfer } from '../api/transfers';
import { PageHeader } from '@/components/ui/page-header';
import { Empty, LoadError, Loading } from '@/components/ui/query-states';
import { QuantityInput } from '../components/quantity-input';
import { TransferStatusBadge } from '../components/status-badges';
import { formatQty, plural } from '../lib/format';
import { inventoryPaths, transferDetailPath } from '../lib/paths';
import { receiveBody, receiveError } from '../lib/receive';
import { transferActions } from '../lib/transfer-actions';
import { useTransferViewer } from '../lib/use-viewer';

const ReceiveForm = ({ transfer }: { transfer: TransferDetail }) => {
  const wide = useMediaQuery('(min-width: 48em)', true);
  const navigate = useNavigate();
  const receive = useReceiveTransfer();
  const open = transfer.items.filter((i) => i.outstanding_quantity > 0);
  const [typed, setTyped] = useState<Map<string, number | null>>(
    () => new Map(open.map((i) => [i.item_id, i.outstanding_quantity])),
  );
  const [tried, setTried] = useState(false);
  const set = (id: string, v: number | null) => setTyped((m) => new Map(m).set(id, v));
  const invalid = open.some((l) => receiveError(l, typed.get(l.item_id) ?? null));
  const body = receiveBody(transfer._id, open, typed);
  const units = open.reduce((n, l) => n + (typed.get(l.item_id) ?? 0), 0);

  const submit = () => {
    setTried(true);
    if (invalid || !body) return;
    receive.mutate(body, {
      onSuccess: (t) => {
        notifications.show({
          color: 'teal',
          message:
            t.status === 'received'
              ? `${t.transfer_id} received in ${t.to_store_name}.`
              : `${plural(units, 'unit')} received. The rest of ${t.transfer_id} is still on the way.`,
        });
        navigate(transferDetailPath(t._id), { replace: true });
      },
    });
  };

  const input = (line: (typeof open)[number]) => (
    <QuantityInput
      aria-label={`Received quantity for ${line.name}`}
      value={typed.get(line.item_id) ?? null}
      onChange={(v) => set(line.item_id, v)}
      min={0}
      max={line.outstanding_quantity}
      clampBehavior="none"
      error={
        tried || (typed.get(line.item_id) ?? 0) > line.outstanding_quantity
          ? receiveError(line, typed.get(line.item_id) ?? null)
          : null
      }
      w={wide ? 120 : '100%'}
    />
  );

  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <Group gap="xs" wrap="nowrap">
          <Text fw={700} truncate>
            {transfer.from_store_name}
          </Text>
          <IconArrowRight size={16} style={{ flexShrink: 0 }} aria-label="to" />
          <Text fw={700} truncate>
            {transfer.to_store_name}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" mt={4}>
          Count what arrived and enter it for each item. If some has not arrived yet, enter what did: the rest
          stays on the way and can be received later.
        </Text>
      </Paper>

      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconChecks size={18} />}
          onClick={() => setTyped(new Map(open.map((i) => [i.item_id, i.outstanding_quantity])))}
        >
          Everything arrived
        </Button>
        <Button variant="subtle" onClick={() => setTyped(new Map(open.map((i) => [i.item_id, 0])))}>
          Clear all
        </Button>
      </Group>

      {wide ? (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Sent</Table.Th>
                <Table.Th ta="right">Already received</Table.Th>
                <Table.Th ta="right">On the way</Table.Th>
                <Table.Th>Received now</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {open.map((l) => (
                <Table.Tr key={l._id} data-testid="receive-line">
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {l.name}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatQty(l.quantity)}</Table.Td>
                  <Table.Td ta="right">{formatQty(l.received_quantity)}</Table.Td>
                  <Table.Td ta="right">{formatQty(l.outstanding_quantity)}</Table.Td>
                  <Table.Td>{input(l)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack gap="xs">
          {open.map((l) => (
            <Card key={l._id} withBorder padding="sm" radius="md" data-testid="receive-line">
              <Text fw={600}>{l.name}</Text>
              <Text size="sm" c="dimmed">
                Sent {formatQty(l.quantity)} · Received {formatQty(l.received_quantity)} · On the way{' '}
                {formatQty(l.outstanding_quantity)}
              </Text>
              <Group mt="xs" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={500} pt={10} style={{ flexShrink: 0 }}>
                  Received now
                </Text>
                <div style={{ flex: 1 }}>{input(l)}</div>
              </Group>
            </Card>
          ))}
        </Stack>
      )}

      {tried && !invalid && !body && (
        <Alert color="red" title="Nothing to receive">
          Enter how many of at least one item arrived.
        </Alert>
      )}
      {receive.error && (
        <Alert color="red" title="Could not receive" role="alert">
          {receive.error.message}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Button component={Link} to={transferDetailPath(transfer._id)} variant="default" size="md">
          Back
        </Button>
        <Button
          size="md"
          leftSection={<IconPackageImport size={18} />}
          loading={receive.isPending}
          onClick={submit}
        >
          Receive {plural(units, 'unit')}
        </Button>
      </Group>
    </Stack>
  );
};

/** Receiving a transfer: what arrived, line by line (partial allowed). */
const TransferOrderPage = () => {
  const [params] = useSearchParams();
  const id = params.get('id');
  const transfer = useTransfer(id);
  const viewer = useTransferViewer();
  const data = transfer.data;
  const canReceive = data ? transferActions(data, viewer).includes('receive') : false;

  return (
    <Stack maw={1000} mx="auto" gap="md" pb="xl">
      <PageHeader
        title={data ? `Receive ${data.transfer_id}` : 'Receive transfer'}
        back={
          data
            ? { to: transferDetailPath(data._id), label: data.transfer_id }
            : { to: inventoryPaths.transfers, label: 'Transfers' }
        }
        actions={data && <TransferStatusBadge status={data.status} />}
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
      ) : !canReceive ? (
        <Alert color="gray" title="Nothing to receive here">
          {data!.status === 'received'
            ? 'Everything in this transfer has been received.'
            : data!.status === 'cancelled'
              ? 'This transfer was cancelled.'
              : data!.status === 'on_hold'
                ? 'This transfer is on hold. It must be released before it can be received.'
                : `Receiving needs the “View and receive transfer” permission and a place in ${data!.to_store_name}.`}{' '}
          <Link to={transferDetailPath(data!._id)}>See the transfer</Link>
        </Alert>
      ) : (
        <ReceiveForm transfer={data!} />
      )}
    </Stack>
  );
};

export default TransferOrderPage;
