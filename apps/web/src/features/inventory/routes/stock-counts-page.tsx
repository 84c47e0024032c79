import { useState } from 'react';
import { Anchor, Button, Card, Group, Progress, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconClipboardList, IconPlus } from '@tabler/icons-react';
import { COUNT_STATUS_LABELS, COUNT_STATUSES, type CountStatus, type StockCount } from '@ms/contracts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '@/lib/session-store';
import { useCounts } from '../api/counts';
import { InventoryTabs } from '../components/inventory-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Empty, LoadError, Loading, NotAllowed } from '@/components/ui/query-states';
import { CountStatusBadge } from '../components/status-badges';
import { StoreSelect } from '../components/store-select';
import { countPath, scopeLabel } from '../lib/count-paths';
import { formatDateTime, formatQty, plural } from '../lib/format';
import { inventoryPaths } from '../lib/paths';
import { inventoryRights } from '../lib/permissions';
import { Pager, pageCount } from '@/components/ui/pager';

const PAGE_SIZE = 20;

const progress = (c: StockCount) => (c.items_count ? Math.round((c.counted_count / c.items_count) * 100) : 0);

const CountProgress = ({ c }: { c: StockCount }) => (
  <div style={{ minWidth: 120 }}>
    <Text size="xs" c="dimmed">
      {formatQty(c.counted_count)} of {plural(c.items_count, 'item')} counted
    </Text>
    <Progress
      value={progress(c)}
      size="sm"
      mt={4}
      color={c.status === 'completed' ? 'teal' : 'blue'}
      aria-hidden
    />
  </div>
);

const CountList = ({ counts }: { counts: StockCount[] }) => {
  const wide = useMediaQuery('(min-width: 48em)', true);
  const navigate = useNavigate();
  if (!wide) {
    return (
      <Stack gap="xs">
        {counts.map((c) => (
          <Card
            key={c._id}
            withBorder
            padding="sm"
            radius="md"
            component={Link}
            to={countPath(c)}
            data-testid="count-row"
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={700}>{c.count_number}</Text>
              <CountStatusBadge status={c.status} />
            </Group>
            <Text size="sm">
              {c.store_name} · {scopeLabel(c)}
            </Text>
            <Group justify="space-between" mt={6} align="flex-end" gap="xs">
              <CountProgress c={c} />
              <Text size="xs" c="dimmed">
                {formatDateTime(c.created_at)}
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
            <Table.Th>Count</Table.Th>
            <Table.Th>Store</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Progress</Table.Th>
            <Table.Th ta="right">Differences</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Started</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {counts.map((c) => (
            <Table.Tr
              key={c._id}
              style={{ cursor: 'pointer' }}
              onClick={() => navigate(countPath(c))}
              data-testid="count-row"
            >
              <Table.Td>
                <Anchor component={Link} to={countPath(c)} fw={700}>
                  {c.count_number}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{c.store_name}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{scopeLabel(c)}</Text>
              </Table.Td>
              <Table.Td>
                <CountProgress c={c} />
              </Table.Td>
              <Table.Td ta="right">{formatQty(c.difference_count)}</Table.Td>
              <Table.Td>
                <CountStatusBadge status={c.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDateTime(c.created_at)}</Text>
                {c.created_by_name && (
                  <Text size="xs" c="dimmed">
                    by {c.created_by_name}
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

/** Stock counts: start one, continue counting, review and accept, or look back at finished ones. */
const StockCountsPage = () => {
  const rights = inventoryRights(useSession());
  const [params, setParams] = useSearchParams();
  const store = params.get('store');
  const [status, setStatus] = useState<CountStatus | null>(null);
  const [page, setPage] = useState(1);
  const counts = useCounts({ status, store, page, limit: PAGE_SIZE }, rights.counts);
  const total = counts.data?.total ?? 0;
  const pages = pageCount(total, PAGE_SIZE);
  const filtered = !!status || !!store;
  const newCount = rights.counts && (
    <Button component={Link} to={inventoryPaths.newCount} leftSection={<IconPlus size={18} />}>
      New count
    </Button>
  );

  return (
    <Stack maw={1100} mx="auto" gap="md">
      <PageHeader
        title="Stock counts"
        description="Count what is on the shelves and correct the stock. Differences become adjustments when you accept."
        actions={newCount}
      />
      <InventoryTabs>
        {!rights.counts ? (
          <NotAllowed what="start or view stock counts" />
        ) : (
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Select
                label="Status"
                size="md"
                w={{ base: '100%', xs: 200 }}
                data={[
                  { value: 'any', label: 'Any status' },
                  ...COUNT_STATUSES.map((s) => ({ value: s, label: COUNT_STATUS_LABELS[s] })),
                ]}
                value={status ?? 'any'}
                onChange={(v) => {
                  setStatus(!v || v === 'any' ? null : (v as CountStatus));
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
                w={{ base: '100%', xs: 240 }}
              />
            </Group>
            {counts.isPending ? (
              <Loading label="Loading stock counts…" />
            ) : counts.isError ? (
              <LoadError what="stock counts" error={counts.error} onRetry={() => void counts.refetch()} />
            ) : total === 0 ? (
              <Empty
                title={filtered ? 'No count matches' : 'No stock counts yet'}
                icon={<IconClipboardList size={44} color="var(--mantine-color-gray-5)" aria-hidden />}
              >
                <Text c="dimmed" size="sm">
                  {filtered
                    ? 'Try another status or store.'
                    : 'Start a count of a whole store or one category, enter what you find on the shelves, then accept to correct the stock.'}
                </Text>
                {!filtered && newCount}
              </Empty>
            ) : (
              <>
                <Text size="sm" c="dimmed" aria-live="polite">
                  {plural(total, 'count')}
                </Text>
                <CountList counts={counts.data.items} />
                <Pager pages={pages} page={page} onChange={setPage} size="md" />
              </>
            )}
          </Stack>
        )}
      </InventoryTabs>
    </Stack>
  );
};

export default StockCountsPage;
