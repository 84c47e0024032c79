import { memo, useMemo, useState, type ReactNode } from 'react';
import {
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formatMoney } from '@ms/contracts';
import { allStoresLabel, useMyStores } from '@/features/stores';
import { isAdmin, useSession } from '@/lib/session-store';
import { useCustomerAnalytics, useInventoryRevenue, useSalesGraph, useSalesRevenue } from '../api/dashboard';
import { dashboardAccess } from '../lib/access';
import {
  comparison,
  shopToday,
  periodName,
  RANGE_PRESETS,
  rangeFor,
  shiftDay,
  type RangePreset,
} from '../lib/date-range';
import { NoSalesYet, RecentSales } from './recent-sales';
import { SalesGraph } from './sales-graph';

type FigureProps = { title: string; value?: string; detail?: string; loading: boolean; failed: boolean };

// Memoised: each figure's query answers on its own, and redraws its card only.
const Figure = memo(({ title, value, detail, loading, failed }: FigureProps) => (
  <Card withBorder radius="md" padding="md" aria-label={title}>
    <Text size="sm" c="dimmed" fw={600}>
      {title}
    </Text>
    {loading ? (
      // Shaped like a loaded figure (a value, two lines of detail), so nothing moves when it arrives.
      <>
        <Skeleton w={100}>
          <Text fw={800} size="xl" lh={1.3}>
            &nbsp;
          </Text>
        </Skeleton>
        <Skeleton mt={2}>
          <Text size="xs">
            &nbsp;
            <br />
            &nbsp;
          </Text>
        </Skeleton>
      </>
    ) : failed ? (
      <Text size="sm">Could not load</Text>
    ) : (
      <>
        <Text fw={800} size="xl" lh={1.3} data-testid="figure-value">
          {value}
        </Text>
        {detail && (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        )}
      </>
    )}
  </Card>
));

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card withBorder radius="md" padding="md">
    <Title order={2} size="h4" mb="sm">
      {title}
    </Title>
    {children}
  </Card>
);

/** Home figures (spec 000 §7.3): a period and a store, the cards, the 7-day graph, recent sales. */
export const SalesFigures = () => {
  const session = useSession();
  const can = dashboardAccess(session);
  const today = shopToday();
  const [preset, setPreset] = useState<RangePreset>('today');
  const [custom, setCustom] = useState({ start: shiftDay(today, -6), end: today });
  const [store, setStore] = useState('all');
  const range = useMemo(() => rangeFor(preset, today, custom), [preset, today, custom]);
  const stores = useMyStores();

  const sales = useSalesRevenue(range, store, can.sales);
  const inventory = useInventoryRevenue(range, store, can.inventory);
  const customers = useCustomerAnalytics(range, store, can.customers);
  const graph = useSalesGraph(can.sales);

  if (!Object.values(can).some(Boolean)) return null;
  const s = sales.data;
  const period = range ? periodName(range) : 'period';
  const noSalesEver =
    !!graph.data &&
    graph.data.every((p) => p.totalSales === 0) &&
    s?.numberOfSales === 0 &&
    s.previous.numberOfSales === 0;
  // Until the list arrives, the stores the session came with: the store choice is there from the
  // first frame instead of appearing later and pushing the figures down.
  const storeList = stores.data ?? (isAdmin(session) ? session?.business.stores : session?.user.stores) ?? [];
  const storeOptions = [
    { value: 'all', label: allStoresLabel(isAdmin(session), storeList.length) ?? 'All stores' },
    ...storeList.map((st) => ({ value: st._id, label: st.name })),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SegmentedControl
          aria-label="Period"
          value={preset}
          onChange={(v) => setPreset(v as RangePreset)}
          data={RANGE_PRESETS}
        />
        {storeOptions.length > 2 && (
          <NativeSelect
            aria-label="Store"
            value={store}
            onChange={(e) => setStore(e.currentTarget.value)}
            data={storeOptions}
            miw={180}
          />
        )}
      </Group>
      {preset === 'custom' && (
        <Group gap="sm" grow>
          <TextInput
            type="date"
            label="From"
            value={custom.start}
            max={today}
            onChange={(e) => setCustom((c) => ({ ...c, start: e.currentTarget.value }))}
          />
          <TextInput
            type="date"
            label="To"
            value={custom.end}
            max={today}
            onChange={(e) => setCustom((c) => ({ ...c, end: e.currentTarget.value }))}
          />
        </Group>
      )}
      {!range ? (
        <Text c="dimmed">Choose the first and last day of the period.</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
          {can.sales && (
            <Figure
              title="Sales"
              loading={sales.isPending}
              failed={sales.isError}
              value={s && formatMoney(s.totalSales)}
              detail={
                s &&
                `${s.numberOfSales} ${s.numberOfSales === 1 ? 'sale' : 'sales'}${s.refunds ? ` · ${formatMoney(s.refunds)} refunded` : ''} · ${comparison(s.totalSales, s.previous.totalSales, period)}`
              }
            />
          )}
          {can.items && (
            <Figure
              title="Items sold"
              loading={sales.isPending}
              failed={sales.isError}
              value={s && String(s.itemsSold)}
              detail={s && comparison(s.itemsSold, s.previous.itemsSold, period).replace('No sales', 'None')}
            />
          )}
          {can.sales && (
            <Figure
              title="Average sale"
              loading={sales.isPending}
              failed={sales.isError}
              value={s && formatMoney(s.averageSale)}
              detail={s && `Previous ${period}: ${formatMoney(s.previous.averageSale)}`}
            />
          )}
          {can.inventory && (
            <Figure
              title="Inventory value"
              loading={inventory.isPending}
              failed={inventory.isError}
              value={inventory.data && formatMoney(inventory.data.stockValueAtRetail)}
              detail={
                inventory.data &&
                `${formatMoney(inventory.data.stockValueAtCost)} at cost · ${inventory.data.unitsInStock} in stock`
              }
            />
          )}
          {can.customers && (
            <Figure
              title="Customers who bought"
              loading={customers.isPending}
              failed={customers.isError}
              value={customers.data && String(customers.data.customersWhoBought)}
              detail={
                customers.data &&
                `${customers.data.newCustomers} new · ${formatMoney(customers.data.revenueFromWalkIns)} from walk-ins`
              }
            />
          )}
        </SimpleGrid>
      )}
      {noSalesEver && !can.recent && <NoSalesYet />}
      <SimpleGrid cols={{ base: 1, md: can.sales && can.recent ? 2 : 1 }} spacing="md">
        {can.sales && (
          <Section title="Sales, last 7 days">
            {graph.isPending ? (
              <Skeleton h={220} />
            ) : graph.isError ? (
              <Text c="dimmed">Could not load the graph. Check your connection and reload the page.</Text>
            ) : (
              <SalesGraph points={graph.data} />
            )}
          </Section>
        )}
        {can.recent && <RecentSales store={store} />}
      </SimpleGrid>
    </Stack>
  );
};
