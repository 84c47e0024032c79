import { useMemo, useState, type ReactNode } from 'react';
import { SummaryStat } from '@/components/ui/summary-stat';
import { Alert, Button, Select, SimpleGrid, Skeleton, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChartBar, IconReceipt, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMoney, SALE_STATUS_LABELS, SALE_STATUSES, type SaleStatus } from '@ms/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { Empty as SharedEmpty, LoadError } from '@/components/ui/query-states';
import { hasPermission, useSession } from '@/lib/session-store';
import { useMyStores } from '@/features/stores';
import { useSalesPage, useUnpaidSales, type SaleFilters } from '../api/sales';
import { SalesList } from '../components/sales-list';
import { rangeFor, type RangePreset } from '@/lib/day-ranges';
import { DayRangeFilter } from '@/components/ui/day-range-filter';
import { Pager, pageCount } from '@/components/ui/pager';

const PAGE_SIZE = 20;

/** "Sun, 22 Nov 2026" for a YYYY-MM-DD day. */
const dayLabel = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, (m ?? 1) - 1, d ?? 1).toLocaleDateString('en-NG', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
};

const Loading = () => (
  <Stack gap="xs">
    {[1, 2, 3, 4].map((i) => (
      <Skeleton key={i} h={56} radius="md" />
    ))}
  </Stack>
);

const Empty = ({ children }: { children: ReactNode }) => (
  <SharedEmpty icon={<IconReceipt size={44} color="var(--mantine-color-gray-5)" aria-hidden />}>
    {children}
  </SharedEmpty>
);

/** /sales-history: the business's sales for a range of days, by store and status, found by receipt number. */
const SalesHistoryPage = () => {
  const session = useSession();
  const canView = hasPermission(session, 'sales_history.view');
  const canSell = hasPermission(session, 'pos.make_sale');
  const stores = useMyStores();
  const [tab, setTab] = useState<string>(canView ? 'all' : 'unpaid');
  const [preset, setPreset] = useState<RangePreset>('today');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const [store, setStore] = useState<string | null>(null);
  const [status, setStatus] = useState<SaleStatus | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [unpaidStore, setUnpaidStore] = useState<string | null>(null);

  const range = rangeFor(preset, new Date(), custom);
  const filters: SaleFilters = useMemo(
    () => ({ store, from: range.from, to: range.to, status, search: debounced }),
    [store, range.from, range.to, status, debounced],
  );
  const list = useSalesPage(filters, page, PAGE_SIZE);
  const storeOptions = (stores.data ?? []).map((s) => ({ value: s._id, label: s.name }));
  const chosenUnpaidStore = unpaidStore ?? storeOptions[0]?.value ?? null;
  const unpaid = useUnpaidSales(chosenUnpaidStore, tab === 'unpaid' && canSell);

  if (!canView && !canSell)
    return (
      <Stack maw={720} mx="auto">
        <PageHeader title="Sales history" />
        <Alert color="yellow" title="You cannot see sales">
          Your role does not include the sales history. Ask your admin for the “View sales history”
          permission.
        </Alert>
      </Stack>
    );

  const reset = () => setPage(1);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const totals = list.data?.totals;
  const pages = pageCount(total, PAGE_SIZE);
  const filtered = !!(store || status || debounced.trim());

  return (
    <Stack maw={1200} mx="auto" gap="md">
      <PageHeader
        title="Sales history"
        description="Every sale, its receipt, refunds and what is still owed."
        actions={
          canView && (
            <Button
              component={Link}
              to="/sales-report"
              variant="default"
              leftSection={<IconChartBar size={18} />}
            >
              Sales reports
            </Button>
          )
        }
      />
      <Tabs value={tab} onChange={(v) => setTab(v ?? 'all')}>
        <Tabs.List>
          {canView && <Tabs.Tab value="all">All sales</Tabs.Tab>}
          {canSell && <Tabs.Tab value="unpaid">Unpaid</Tabs.Tab>}
        </Tabs.List>
      </Tabs>

      {tab === 'all' && canView && (
        <>
          <Stack gap="xs">
            <DayRangeFilter
              preset={preset}
              onPreset={(p) => {
                setPreset(p);
                reset();
              }}
              custom={custom}
              onCustom={(c) => {
                setCustom(c);
                reset();
              }}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <Select
                label="Store"
                placeholder="All my stores"
                clearable
                data={storeOptions}
                value={store}
                onChange={(v) => {
                  setStore(v);
                  reset();
                }}
              />
              <Select
                label="Status"
                placeholder="Any status"
                clearable
                data={SALE_STATUSES.map((s) => ({ value: s, label: SALE_STATUS_LABELS[s] }))}
                value={status}
                onChange={(v) => {
                  setStatus(v as SaleStatus | null);
                  reset();
                }}
              />
              <TextInput
                type="search"
                label="Receipt number"
                placeholder="e.g. RC-0012"
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  reset();
                }}
              />
            </SimpleGrid>
          </Stack>

          <Text size="sm" c="dimmed">
            {range.from === range.to
              ? dayLabel(range.from)
              : `${dayLabel(range.from)} to ${dayLabel(range.to)}`}
          </Text>
          {!list.isError && (
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" aria-label="Totals for the range">
              <SummaryStat label="Sales" value={totals ? String(totals.count) : '…'} testId="total-count" />
              <SummaryStat
                label="Sold"
                value={totals ? formatMoney(totals.total) : '…'}
                testId="total-sold"
              />
              <SummaryStat label="Owed" value={totals ? formatMoney(totals.owed) : '…'} testId="total-owed" />
              <SummaryStat
                label="Refunded"
                value={totals ? formatMoney(totals.refunded) : '…'}
                testId="total-refunded"
              />
            </SimpleGrid>
          )}
          {totals && totals.by_method.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="total-by-method">
              Paid {formatMoney(totals.amount_paid)}:{' '}
              {totals.by_method.map((m) => `${m.method_label} ${formatMoney(m.amount)}`).join(' · ')}
            </Text>
          )}

          {list.isPending ? (
            <Loading />
          ) : list.isError ? (
            <LoadError what="your sales" error={list.error} onRetry={() => void list.refetch()} />
          ) : items.length === 0 ? (
            <Empty>
              {filtered ? (
                <Text>
                  No sale matches these filters. Clear the store, status or receipt number, or pick another
                  range.
                </Text>
              ) : (
                <>
                  <Text fw={600}>No sales in this range</Text>
                  <Text c="dimmed" size="sm">
                    Sales made at the till show here. Pick a longer range, or make a sale.
                  </Text>
                  {canSell && (
                    <Button component={Link} to="/pos">
                      Go to the till
                    </Button>
                  )}
                </>
              )}
            </Empty>
          ) : (
            <>
              <Text size="sm" c="dimmed" aria-live="polite">
                {total} {total === 1 ? 'sale' : 'sales'}
              </Text>
              <SalesList sales={items} />
              <Pager pages={pages} page={page} onChange={setPage} size="md" />
            </>
          )}
        </>
      )}

      {tab === 'unpaid' && canSell && (
        <>
          <Select
            label="Store"
            data={storeOptions}
            value={chosenUnpaidStore}
            onChange={setUnpaidStore}
            allowDeselect={false}
            maw={360}
          />
          {stores.isError ? (
            <LoadError what="your stores" error={stores.error} onRetry={() => void stores.refetch()} />
          ) : unpaid.isPending ? (
            <Loading />
          ) : unpaid.isError ? (
            <LoadError what="unpaid sales" error={unpaid.error} onRetry={() => void unpaid.refetch()} />
          ) : unpaid.data.length === 0 ? (
            <Empty>
              <Text fw={600}>Nothing owed in this store</Text>
              <Text c="dimmed" size="sm">
                Sales left to pay later show here until they are paid in full.
              </Text>
            </Empty>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {unpaid.data.length} unpaid {unpaid.data.length === 1 ? 'sale' : 'sales'}, owing{' '}
                {formatMoney(unpaid.data.reduce((n, s) => n + Math.round(s.balance * 100), 0) / 100)}
              </Text>
              <SalesList sales={unpaid.data} />
            </>
          )}
        </>
      )}
    </Stack>
  );
};

export default SalesHistoryPage;
