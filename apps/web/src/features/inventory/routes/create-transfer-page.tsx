import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { openConfirm } from '@/components/ui/confirm-dialog';
import { useSession } from '@/lib/session-store';
import { useCreateTransfer } from '../api/transfers';
import { ItemPicker } from '../components/item-picker';
import { LinesEditor } from '../components/lines-editor';
import { PageHeader } from '@/components/ui/page-header';
import { NotAllowed } from '@/components/ui/query-states';
import { StoreSelect } from '../components/store-select';
import { plural } from '../lib/format';
import { addLine, lineError, totalUnits, type ItemLine } from '../lib/items';
import { inventoryPaths, transferDetailPath } from '../lib/paths';
import { inventoryRights } from '../lib/permissions';

/** New transfer: from one store to another, the items and quantities, optionally received at once. */
const CreateTransferPage = () => {
  const rights = inventoryRights(useSession());
  const navigate = useNavigate();
  const create = useCreateTransfer();
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [receiveNow, setReceiveNow] = useState(false);
  const [lines, setLines] = useState<ItemLine[]>([]);
  const [tried, setTried] = useState(false);
  const excludeFrom = useMemo(() => (from ? [from] : []), [from]);

  const back = { to: inventoryPaths.transfers, label: 'Transfers' };
  if (!rights.initiateTransfer) {
    return (
      <Stack maw={900} mx="auto">
        <PageHeader title="New transfer" back={back} />
        <NotAllowed what="start transfers" />
      </Stack>
    );
  }

  const changeFrom = async (id: string | null) => {
    if (id === from) return;
    if (lines.length > 0 && from) {
      const ok = await openConfirm({
        title: 'Send from another store?',
        message: 'Stock differs from store to store, so the items you picked will be cleared.',
        confirmLabel: 'Change store',
      });
      if (!ok) return;
      setLines([]);
    }
    setFrom(id);
    if (id && id === to) setTo(null);
  };

  const problems = [
    !from && 'Choose the store the stock leaves from.',
    !to && 'Choose the store receiving the stock.',
    lines.length === 0 && 'Add at least one item.',
    lines.some((l) => lineError(l, true)) && 'Fix the quantities marked in red.',
  ].filter((p): p is string => !!p);

  const send = () => {
    setTried(true);
    if (problems.length > 0) return;
    create.mutate(
      {
        receiveNow,
        body: {
          from_store_id: from!,
          to_store_id: to!,
          note: note.trim() || undefined,
          items: lines.map((l) => ({
            product_id: l.product_id,
            variety_id: l.variety_id,
            quantity: l.quantity!,
          })),
        },
      },
      {
        onSuccess: (transfer) => {
          notifications.show({
            color: 'teal',
            message: `${transfer.transfer_id} ${transfer.status === 'received' ? 'sent and received' : 'sent'}.`,
          });
          navigate(transferDetailPath(transfer._id), { replace: true });
        },
      },
    );
  };

  return (
    <Stack maw={900} mx="auto" gap="md" pb="xl">
      <PageHeader
        title="New transfer"
        description="The stock leaves the first store when you send, and is added to the second when it is received."
        back={back}
      />

      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <StoreSelect
              label="From store"
              withAsterisk
              value={from}
              onChange={(id) => void changeFrom(id)}
              autoPick={!from}
              error={tried && !from ? 'Choose the store' : undefined}
            />
            <StoreSelect
              label="To store"
              withAsterisk
              anyStore
              exclude={excludeFrom}
              value={to}
              onChange={setTo}
              error={tried && !to ? 'Choose the store' : undefined}
              nothingFoundMessage="No other store. Add a store first."
            />
          </SimpleGrid>
          <Textarea
            label="Note"
            description="Optional, e.g. who is carrying it."
            size="md"
            autosize
            minRows={1}
            maxRows={4}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          {rights.receiveTransfer && (
            <Switch
              size="md"
              checked={receiveNow}
              onChange={(e) => setReceiveNow(e.currentTarget.checked)}
              label="Send and receive now"
              description="The stock arrives at once (e.g. you are moving it yourself). The transfer is marked received."
            />
          )}
        </Stack>
      </Paper>

      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <ItemPicker
          storeId={from}
          lines={lines}
          leaving
          onAdd={(item) => setLines((ls) => addLine(ls, item))}
        />
      </Paper>

      <Stack gap="xs">
        <Title order={2} size="h4">
          Items to send ({lines.length})
        </Title>
        {lines.length === 0 ? (
          <Text c="dimmed" size="sm">
            No items yet. Search above and tap Add on each product to send; you can send up to what the store
            holds.
          </Text>
        ) : (
          <LinesEditor lines={lines} onChange={setLines} leaving quantityLabel="Send" showErrors={tried} />
        )}
      </Stack>

      {tried && problems.length > 0 && (
        <Alert color="red" title="Before you send">
          {problems.map((p) => (
            <Text key={p} size="sm">
              {p}
            </Text>
          ))}
        </Alert>
      )}
      {create.error && (
        <Alert color="red" title="Could not send the transfer" role="alert">
          {create.error.message}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {plural(totalUnits(lines), 'unit')} in {plural(lines.length, 'item')}
        </Text>
        <Button size="md" leftSection={<IconSend size={18} />} loading={create.isPending} onClick={send}>
          {receiveNow ? 'Send and receive' : 'Send transfer'}
        </Button>
      </Group>
    </Stack>
  );
};

export default CreateTransferPage;
