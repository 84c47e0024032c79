import { useState } from 'react';
import { Anchor, Button, Card, Group, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowRight, IconArrowsExchange, IconPlus } from '@tabler/icons-react';
import { TRANSFER_STATUS_LABELS, TRANSFER_STATUSES, type Transfer, type TransferStatus } from '@ms/contracts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DebouncedSearch } from '@/components/ui/debounced-search';
import { useSession } from '@/lib/session-store';
import { useTransfers } from '../api/transfers';
import { InventoryTabs } from '../components/inventory-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Empty, LoadError, Loading, NotAllowed } from '@/components/ui/query-states';
import { TransferStatusBadge } from '../components/status-badges';
import { StoreSelect } from '../components/store-select';
import { formatDateTime, formatQty, plural } from '../lib/format';
import { inventoryPaths, transferDetailPath } from '../lib/paths';
import { inventoryRights } from '../lib/permissions';
import { Pager, pageCount } from '@/components/ui/pager';

const PAGE_SIZE = 20;
type Direction = 'any' | 'out' | 'in';

const Route = ({ t }: { t: Transfer }) => (
  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
    <Text size="sm" truncate>
      {t.from_store_name}
    </Text>
    <IconArrowRight size={14} style={{ flexShrink: 0 }} aria-label="to" />
    <Text size="sm" truncate>
      {t.to_store_name}
    </Text>
  </Group>
);

const units = (t: Transfer) =>
  t.status === 'partially_received'
    ? `${formatQty(t.total_received)} of ${formatQty(t.total_quantity)} received`
    : `${plural(t.total_quantity, 'unit')} · ${plural(t.items_count, 'item')}`;

const TransferList = ({ transfers }: { transfers: Transfer[] }) => {
  const wide = useMediaQuery('(min-width: 48em)', true);
  const navigate = useNavigate();
  if (!wide) {
    return (
      <Stack gap="xs">
        {transfers.map((t) => (
          <Card
            key={t._id}
            withBorder
            padding="sm"
            radius="md"
            component={Link}
            to={transferDetailPath(t._id)}
            data-testid="transfer-row"
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={700}>{t.transfer_id}</Text>
              <TransferStatusBadge status={t.status} />
            </Group>
            <Route t={t} />
            <Group justify="space-between" mt={4} gap="xs">
              <Text size="xs" c="dimmed">
                {units(t)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(t.created_at)}
              </Text>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Transfer</Table.Th>
            <Table.Th>From → To</Table.Th>
            <Table.Th>Items</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Sent</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transfers.map((t) => (
            <Table.Tr
              key={t._id}
              data-testid="transfer-row"
              style={{ cursor: 'pointer' }}
              onClick={() => navigate(transferDetailPath(t._id))}
            >
              <Table.Td>
                <Anchor component={Link} to={transferDetailPath(t._id)} fw={700}>
                  {t.transfer_id}
                </Anchor>
              </Table.Td>
              <Table.Td maw={320}>
                <Route t={t} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{units(t)}</Text>
              </Table.Td>
              <Table.Td>
                <TransferStatusBadge status={t.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDateTime(t.sent_at ?? t.created_at)}</Text>
                {t.created_by_name && (
                  <Text size="xs" c="dimmed">
                    by {t.created_by_name}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** Transfers between stores, newest first, with their state. */
const TransfersPage = () => {
  const rights = inventoryRights(useSession());
  const [params, setParams] = useSearchParams();
  const store = params.get('store');
  const [status, setStatus] = useState<TransferStatus | null>(null);
  const [direction, setDirection] = useState<Direction>('any');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const transfers = useTransfers(
    {
      status,
      store,
      direction: direction === 'any' ? null : direction,
      search: search.trim() || undefined,
      page,
      limit: PAGE_SIZE,
    },
    rights.viewTransfers,
  );
  const total = transfers.data?.total ?? 0;
  const pages = pageCount(total, PAGE_SIZE);
  const filtered = !!status || !!store || !!search.trim();

  const newTransfer = rights.initiateTransfer && (
    <Button component={Link} to={inventoryPaths.createTransfer} leftSection={<IconPlus size={18} />}>
      New transfer
    </Button>
  );

  return (
    <Stack maw={1100} mx="auto" gap="md">
      <PageHeader
        title="Stock transfers"
        description="Move stock from one store to another. Stock leaves when sent and arrives when received."
        actions={newTransfer}
      />
      <InventoryTabs>
        {!rights.viewTransfers ? (
          <NotAllowed what="view transfers" />
        ) : (
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <div style={{ flex: '1 1 200px' }}>
                <DebouncedSearch
                  label="Transfer number"
                  placeholder="e.g. TR-0001"
                  onSearch={(v) => {
                    setSearch(v);
                    setPage(1);
                  }}
                />
              </div>
              <Select
                label="Status"
                size="md"
                w={{ base: '100%', xs: 200 }}
                data={[
                  { value: 'any', label: 'Any status' },
                  ...TRANSFER_STATUSES.map((s) => ({ value: s, label: TRANSFER_STATUS_LABELS[s] })),
                ]}
                value={status ?? 'any'}
                onChange={(v) => {
                  setStatus(!v || v === 'any' ? null : (v as TransferStatus));
                  setPage(1);
                }}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
              <StoreSelect
                label="Store"
                withAll
                value={store}
                onChange={(id) => {
                  setParams(id ? { store: id } : {}, { replace: true });
                  setPage(1);
                }}
                w={{ base: '100%', xs: 220 }}
              />
              {store && (
                <SegmentedControl
                  aria-label="Direction"
                  size="md"
                  value={direction}
                  onChange={(v) => {
                    setDirection(v as Direction);
                    setPage(1);
                  }}
                  data={[
                    { value: 'any', label: 'Both' },
                    { value: 'out', label: 'Sent' },
                    { value: 'in', label: 'Incoming' },
                  ]}
                />
              )}
            </Group>

            {transfers.isPending ? (
              <Loading label="Loading transfers…" />
            ) : transfers.isError ? (
              <LoadError what="transfers" error={transfers.error} onRetry={() => void transfers.refetch()} />
            ) : total === 0 ? (
              <Empty
                title={filtered ? 'No transfer matches' : 'No transfers yet'}
                icon={<IconArrowsExchange size={44} color="var(--mantine-color-gray-5)" aria-hidden />}
              >
                <Text c="dimmed" size="sm">
                  {filtered
                    ? 'Try another status, store or number.'
                    : 'When one store has too much of an item and another too little, send stock between them with a transfer.'}
                </Text>
                {!filtered && newTransfer}
              </Empty>
            ) : (
              <>
                <Text size="sm" c="dimmed" aria-live="polite">
                  {plural(total, 'transfer')}
                </Text>
                <TransferList transfers={transfers.data.items} />
                <Pager pages={pages} page={page} onChange={setPage} size="md" />
              </>
            )}
          </Stack>
        )}
      </InventoryTabs>
    </Stack>
  );
};

export default TransfersPage;
