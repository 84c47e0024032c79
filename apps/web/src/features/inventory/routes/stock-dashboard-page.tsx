import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconBox,
  IconCash,
  IconCircleMinus,
  IconCirclePlus,
  IconTag,
} from '@tabler/icons-react';
import { formatMoney, type StockAlertItem, type StockSummary } from '@ms/contracts';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '@/lib/session-store';
import { useStockSummary } from '../api/stock';
import { InventoryTabs } from '../components/inventory-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Empty, LoadError, NotAllowed } from '@/components/ui/query-states';
import { StoreSelect } from '../components/store-select';
import { formatQty, plural } from '../lib/format';
import { inventoryPaths } from '../lib/paths';
import { inventoryRights } from '../lib/permissions';

const Stat = ({
  label,
  value,
  hint,
  icon,
  color,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: ReactNode;
  color: string;
}) => (
  <Paper withBorder p="md" radius="md" data-testid="stat">
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text
          fw={700}
          fz={{ base: 'lg', sm: 'xl' }}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="stat-value"
        >
          {value}
        </Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </div>
      <ThemeIcon variant="light" color={color} size="lg" radius="md" aria-hidden visibleFrom="sm">
        {icon}
      </ThemeIcon>
    </Group>
  </Paper>
);

const AlertList = ({
  title,
  items,
  count,
  color,
  empty,
}: {
  title: string;
  items: StockAlertItem[];
  count: number;
  color: string;
  empty: string;
}) => (
  <Card withBorder radius="md" padding="md">
    <Group justify="space-between" mb="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      <Badge
        color={count > 0 ? color : 'gray'}
        variant={count > 0 && color !== 'red' ? 'filled' : 'light'}
        autoContrast
        size="lg"
      >
        {formatQty(count)}
      </Badge>
    </Group>
    {items.length === 0 ? (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    ) : (
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={title}>
        {items.map((item, i) => (
          <Group
            component="li"
            key={item.variety_id ?? item.product_id}
            justify="space-between"
            wrap="nowrap"
            py={8}
            style={{ borderTop: i ? '1px solid var(--mantine-color-gray-2)' : undefined }}
          >
            <Text size="sm" lineClamp={2} style={{ minWidth: 0 }}>
              {item.name}
            </Text>
            <Text size="sm" fw={600} c={item.quantity <= 0 ? 'red.9' : undefined} style={{ flexShrink: 0 }}>
              {formatQty(item.quantity)} left
            </Text>
          </Group>
        ))}
        {count > items.length && (
          <Text size="xs" c="dimmed" pt={6}>
            and {formatQty(count - items.length)} more
          </Text>
        )}
      </Stack>
    )}
  </Card>
);

const ByStore = ({ summary, onPick }: { summary: StockSummary; onPick: (storeId: string) => void }) => {
  const wide = useMediaQuery('(min-width: 48em)', true);
  if (!wide) {
    return (
      <Stack gap="xs">
        {summary.stores.map((s) => (
          <UnstyledButton
            key={s.store_id}
            onClick={() => onPick(s.store_id)}
            aria-label={`Show ${s.store_name}`}
          >
            <Card withBorder radius="md" padding="sm">
              <Text fw={600}>{s.store_name}</Text>
              <Text size="sm" c="dimmed">
                {plural(s.units_in_stock, 'unit')} · {plural(s.items_in_stock, 'item')}
              </Text>
              <Group justify="space-between" mt={4}>
                <Text size="sm">Cost {formatMoney(s.stock_value_cost)}</Text>
                <Text size="sm">Retail {formatMoney(s.stock_value_retail)}</Text>
              </Group>
            </Card>
          </UnstyledButton>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Store</Table.Th>
            <Table.Th ta="right">Items in stock</Table.Th>
            <Table.Th ta="right">Units</Table.Th>
            <Table.Th ta="right">Value at cost</Table.Th>
            <Table.Th ta="right">Value at retail</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summary.stores.map((s) => (
            <Table.Tr key={s.store_id} style={{ cursor: 'pointer' }} onClick={() => onPick(s.store_id)}>
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => onPick(s.store_id)} fw={600}>
                  {s.store_name}
                </Anchor>
              </Table.Td>
              <Table.Td ta="right">{formatQty(s.items_in_stock)}</Table.Td>
              <Table.Td ta="right">{formatQty(s.units_in_stock)}</Table.Td>
              <Table.Td ta="right">{formatMoney(s.stock_value_cost)}</Table.Td>
              <Table.Td ta="right">{formatMoney(s.stock_value_retail)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** Stock dashboard: what the stock is worth, what runs low or out, store by store. */
const StockDashboardPage = () => {
  const session = useSession();
  const rights = inventoryRights(session);
  const [params, setParams] = useSearchParams();
  const store = params.get('store');
  const summary = useStockSummary(store, rights.viewStock);
  const pick = (id: string | null) =>
    setParams(id ? { store: id } : {}, { replace: true, preventScrollReset: true });
  const data = summary.data;

  return (
    <Stack maw={1100} mx="auto" gap="md">
      <PageHeader
        title="Inventory"
        description="What your stock is worth and what needs restocking, in every store."
        actions={
          rights.adjust && (
            <>
              <Button
                component={Link}
                to={inventoryPaths.addStock}
                leftSection={<IconCirclePlus size={18} />}
              >
                Add stock
              </Button>
              <Button
                component={Link}
                to={inventoryPaths.removeStock}
                variant="default"
                leftSection={<IconCircleMinus size={18} />}
              >
                Remove stock
              </Button>
            </>
          )
        }
      />
      <InventoryTabs>
        {!rights.viewStock ? (
          <NotAllowed what="view products and inventory" />
        ) : (
          <Stack gap="md">
            <StoreSelect
              label="Store"
              withAll
              value={store}
              onChange={pick}
              maw={{ base: '100%', sm: 320 }}
            />
            {summary.isPending ? (
              <SimpleGrid cols={{ base: 2, md: 4 }}>
                {[1, 2, 3, 4].map((i) => (
                  <Skeleton key={i} h={96} radius="md" />
                ))}
              </SimpleGrid>
            ) : summary.isError ? (
              <LoadError what="your stock" error={summary.error} onRetry={() => void summary.refetch()} />
            ) : data && data.tracked_items === 0 ? (
              <Empty title="No stock to show yet">
                <Text c="dimmed" size="sm">
                  Add products that track stock, then add stock to them here. Their value, low and
                  out-of-stock items will show on this page.
                </Text>
                {rights.adjust && (
                  <Button
                    component={Link}
                    to={inventoryPaths.addStock}
                    leftSection={<IconCirclePlus size={18} />}
                  >
                    Add stock
                  </Button>
                )}
              </Empty>
            ) : data ? (
              <>
                <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="stock-stats">
                  <Stat
                    label="Stock value at cost"
                    value={formatMoney(data.stock_value_cost)}
                    icon={<IconCash size={20} />}
                    color="teal"
                  />
                  <Stat
                    label="Stock value at retail"
                    value={formatMoney(data.stock_value_retail)}
                    icon={<IconTag size={20} />}
                    color="blue"
                  />
                  <Stat
                    label="Units in stock"
                    value={formatQty(data.units_in_stock)}
                    hint={`${plural(data.items_in_stock, 'item')} of ${formatQty(data.tracked_items)}`}
                    icon={<IconBox size={20} />}
                    color="grape"
                  />
                  <Stat
                    label="Low / out of stock"
                    value={`${formatQty(data.low_stock_count)} / ${formatQty(data.out_of_stock_count)}`}
                    icon={<IconAlertTriangle size={20} />}
                    color="orange"
                  />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
                  <AlertList
                    title="Low stock"
                    items={data.low_stock}
                    count={data.low_stock_count}
                    color="orange"
                    empty="Nothing is running low. An item shows here when its stock falls to its low-stock level."
                  />
                  <AlertList
                    title="Out of stock"
                    items={data.out_of_stock}
                    count={data.out_of_stock_count}
                    color="red"
                    empty="Every item has stock."
                  />
                </SimpleGrid>
                {!store && data.stores.length > 1 && (
                  <Stack gap="xs">
                    <Title order={2} size="h4">
                      By store
                    </Title>
                    <ByStore summary={data} onPick={pick} />
                  </Stack>
                )}
              </>
            ) : null}
          </Stack>
        )}
      </InventoryTabs>
    </Stack>
  );
};

export default StockDashboardPage;
