import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEqual, IconX } from '@tabler/icons-react';
import type { StockCountDetail, StockCountItem } from '@ms/contracts';
import { Link, Navigate, useBlocker, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DebouncedSearch } from '@/components/ui/debounced-search';
import { useSession } from '@/lib/session-store';
import {
  useCancelCount,
  useCount,
  useEnterCounts,
  useSubmitCount,
  type CountItemsParams,
} from '../api/counts';
import { ActionBar } from '../components/action-bar';
import { CountSummary, Difference } from '../components/count-parts';
import { PageHeader } from '@/components/ui/page-header';
import { Empty, LoadError, Loading, NotAllowed } from '@/components/ui/query-states';
import { QuantityInput } from '../components/quantity-input';
import { CountStatusBadge } from '../components/status-badges';
import { countDifference, pendingEntries } from '../lib/count-math';
import { countPath } from '../lib/count-paths';
import { formatQty, plural } from '../lib/format';
import { acceptCountPath, countCompletedPath, inventoryPaths } from '../lib/paths';
import { inventoryRights } from '../lib/permissions';
import { Pager, pageCount } from '@/components/ui/pager';

const PAGE_SIZE = 100;
type Filter = NonNullable<CountItemsParams['filter']>;

/** Enter moves to the next count box, so a long list can be typed without reaching for the mouse. */
const focusNext = (e: KeyboardEvent<HTMLInputElement>) => {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  const boxes = [...document.querySelectorAll<HTMLInputElement>('input[data-count-input]')];
  boxes[boxes.indexOf(e.currentTarget) + 1]?.focus();
};

type BoxProps = {
  item: StockCountItem;
  value: number | null;
  onChange: (value: number | null) => void;
  wide: boolean;
};

const CountBox = ({ item, value, onChange, wide }: BoxProps) => (
  <Group gap={4} wrap="nowrap">
    <QuantityInput
      aria-label={`Counted quantity for ${item.name}`}
      value={value}
      onChange={onChange}
      min={0}
      placeholder="Count"
      onKeyDown={focusNext}
      data-count-input
      w={wide ? 110 : '100%'}
      style={wide ? undefined : { flex: 1 }}
    />
    <Tooltip label="Same as expected">
      <ActionIcon
        variant="light"
        size="lg"
        aria-label={`${item.name}: same as expected (${item.expected})`}
        onClick={() => onChange(Math.max(0, item.expected))}
      >
        <IconEqual size={18} />
      </ActionIcon>
    </Tooltip>
  </Group>
);

const CountRows = ({
  items,
  valueOf,
  isEdited,
  set,
}: {
  items: StockCountItem[];
  valueOf: (i: StockCountItem) => number | null;
  isEdited: (i: StockCountItem) => boolean;
  set: (i: StockCountItem, v: number | null) => void;
}) => {
  const wide = useMediaQuery('(min-width: 48em)', true);
  if (!wide) {
    return (
      <Stack gap="xs">
        {items.map((i) => {
          const value = valueOf(i);
          return (
            <Card key={i._id} withBorder padding="sm" radius="md" data-testid="count-item">
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>{i.name}</Text>
                  <Text size="sm" c="dimmed">
                    Expected {formatQty(i.expected)}
                    {i.sku ? ` · SKU ${i.sku}` : ''}
                  </Text>
                </div>
                <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                  <Difference value={countDifference({ expected: i.expected, counted: value })} />
                  {isEdited(i) && (
                    <Badge size="xs" variant="filled" color="yellow" autoContrast>
                      Not saved
                    </Badge>
                  )}
                </Stack>
              </Group>
              <div style={{ marginTop: 8 }}>
                <CountBox item={i} value={value} onChange={(v) => set(i, v)} wide={false} />
              </div>
            </Card>
          );
        })}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Expected</Table.Th>
            <Table.Th>Counted</Table.Th>
            <Table.Th ta="right">Difference</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => {
            const value = valueOf(i);
            return (
              <Table.Tr key={i._id} data-testid="count-item" bg={isEdited(i) ? 'yellow.0' : undefined}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {i.name}
                  </Text>
                  {(i.sku || i.barcode) && (
                    <Text size="xs" c="dimmed">
                      {[i.sku && `SKU ${i.sku}`, i.barcode].filter(Boolean).join(' · ')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatQty(i.expected)}</Table.Td>
                <Table.Td>
                  <CountBox item={i} value={value} onChange={(v) => set(i, v)} wide />
                </Table.Td>
                <Table.Td ta="right">
                  <Difference value={countDifference({ expected: i.expected, counted: value })} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

const Counting = ({
  count,
  params,
  setParams,
}: {
  count: StockCountDetail;
  params: CountItemsParams;
  setParams: (p: CountItemsParams) => void;
}) => {
  const navigate = useNavigate();
  const roomy = useMediaQuery('(min-width: 30em)', true);
  const enter = useEnterCounts(count._id);
  const submit = useSubmitCount();
  const cancel = useCancelCount();
  const [typed, setTyped] = useState<Map<string, number | null>>(new Map());
  const [asking, setAsking] = useState<'submit' | 'cancel' | null>(null);
  const pending = pendingEntries(count.items, typed);
  const dirty = pending.length > 0;

  // Leaving with typed counts asks first; leaving after submit or cancel does not.
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const valueOf = (i: StockCountItem) => (typed.has(i.item_id) ? (typed.get(i.item_id) ?? null) : i.counted);
  const isEdited = (i: StockCountItem) => typed.has(i.item_id) && typed.get(i.item_id) !== i.counted;
  const set = (i: StockCountItem, v: number | null) => setTyped((m) => new Map(m).set(i.item_id, v));

  const save = async () => {
    if (!dirty) return;
    await enter.mutateAsync({ items: pending });
    setTyped(new Map());
  };

  const saveNow = () =>
    void save().then(
      () => notifications.show({ color: 'teal', message: `Saved ${plural(pending.length, 'count')}.` }),
      () => undefined,
    );

  const submitNow = async () => {
    try {
      await save();
      leaving.current = true;
      await submit.mutateAsync(count._id);
      setAsking(null);
      navigate(acceptCountPath(count._id), { replace: true });
    } catch {
      leaving.current = false;
      setAsking(null);
    }
  };

  // The cancelled count opens read-only (the same screen the page itself redirects to once the
  // refreshed count says cancelled), so the two never race.
  const cancelNow = () => {
    leaving.current = true;
    cancel.mutate(count._id, {
      onSuccess: () => {
        notifications.show({ message: `${count.count_number} cancelled. Stock was not changed.` });
        navigate(countCompletedPath(count._id), { replace: true });
      },
      onError: () => {
        leaving.current = false;
      },
      onSettled: () => setAsking(null),
    });
  };

  const error = enter.error ?? submit.error ?? cancel.error;
  const pages = pageCount(count.items_total, params.limit ?? PAGE_SIZE);
  const uncounted = count.items_count - count.counted_count;

  return (
    <Stack gap="md">
      <CountSummary
        count={count}
        extra={
          dirty && (
            <Badge color="yellow" variant="filled" autoContrast>
              {plural(pending.length, 'change')} not saved
            </Badge>
          )
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <div style={{ flex: '1 1 240px' }}>
          <DebouncedSearch
            label="Find an item in this count"
            placeholder="Name, SKU or barcode"
            onSearch={(search) => setParams({ ...params, search, page: 1 })}
            delayMs={400}
          />
        </div>
        <SegmentedControl
          aria-label="Show"
          size="sm"
          w={{ base: '100%', sm: 'auto' }}
          value={params.filter ?? 'all'}
          onChange={(f) => setParams({ ...params, filter: f as Filter, page: 1 })}
          data={[
            { value: 'all', label: 'All' },
            { value: 'uncounted', label: 'To count' },
            { value: 'counted', label: 'Counted' },
            { value: 'difference', label: 'Differences' },
          ]}
        />
      </Group>

      {count.items.length === 0 ? (
        <Empty title="No item here">
          <Text c="dimmed" size="sm">
            {params.search
              ? `Nothing in this count matches “${params.search}”.`
              : 'No item matches this view.'}
          </Text>
        </Empty>
      ) : (
        <CountRows items={count.items} valueOf={valueOf} isEdited={isEdited} set={set} />
      )}
      <Pager
        pages={pages}
        page={params.page ?? 1}
        onChange={(page) => setParams({ ...params, page })}
        size="md"
      />

      {error && (
        <Alert color="red" title="That did not work" role="alert">
          {error.message}
        </Alert>
      )}
      <Group>
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconX size={18} />}
          onClick={() => setAsking('cancel')}
          disabled={cancel.isPending}
        >
          Cancel count
        </Button>
      </Group>
      <ActionBar>
        <Button
          variant="default"
          size="md"
          onClick={saveNow}
          disabled={!dirty}
          loading={enter.isPending && !asking}
        >
          {roomy ? 'Save progress' : 'Save'}
        </Button>
        <Button size="md" onClick={() => setAsking('submit')}>
          Submit count
        </Button>
      </ActionBar>

      <ConfirmDialog
        opened={asking === 'submit'}
        title={`Submit ${count.count_number}?`}
        message={
          uncounted > 0 && !dirty
            ? `${plural(uncounted, 'item')} not counted will keep their stock. You can review the differences before they change any stock.`
            : 'You can review the differences before they change any stock. Counting stops once submitted.'
        }
        confirmLabel="Submit"
        loading={enter.isPending || submit.isPending}
        onConfirm={() => void submitNow()}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        opened={asking === 'cancel'}
        title={`Cancel ${count.count_number}?`}
        message="What was counted is thrown away and no stock changes."
        confirmLabel="Cancel count"
        cancelLabel="Keep counting"
        color="red"
        loading={cancel.isPending}
        onConfirm={cancelNow}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title="Leave without saving?"
        message={`${plural(pending.length, 'count')} you typed will be lost. Save progress first to keep them.`}
        confirmLabel="Leave"
        cancelLabel="Stay"
        color="red"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </Stack>
  );
};

/** Counting: enter what is on the shelf for each item, save as you go, then submit for review. */
const SubmitCountPage = () => {
  const rights = inventoryRights(useSession());
  const [search] = useSearchParams();
  const id = search.get('id');
  const [params, setParams] = useState<CountItemsParams>({ filter: 'all', page: 1, limit: PAGE_SIZE });
  const count = useCount(rights.counts ? id : null, params);
  const data = count.data;
  const back = { to: inventoryPaths.counts, label: 'Stock counts' };

  if (data && data.status !== 'in_progress') return <Navigate to={countPath(data)} replace />;
  return (
    <Stack maw={1000} mx="auto" gap="md" pb="xl">
      <PageHeader
        title={data ? `Count ${data.count_number}` : 'Stock count'}
        description="Enter what you find on the shelf for each item. Save as you go; nothing changes until the count is accepted."
        back={back}
        actions={data && <CountStatusBadge status={data.status} />}
      />
      {!rights.counts ? (
        <NotAllowed what="do stock counts" />
      ) : !id ? (
        <Empty title="No count chosen">
          <Button component={Link} to={inventoryPaths.counts}>
            See stock counts
          </Button>
        </Empty>
      ) : count.isPending ? (
        <Loading label="Loading the count…" />
      ) : count.isError ? (
        <LoadError what="this count" error={count.error} onRetry={() => void count.refetch()} />
      ) : (
        <Counting count={count.data} params={params} setParams={setParams} />
      )}
    </Stack>
  );
};

export default SubmitCountPage;
