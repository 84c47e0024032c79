import { useState } from 'react';
import {
  Card,
  Group,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  formatMoney,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
} from '@ms/contracts';
import { OnlineStoreTabs } from '@/features/online-store';
import { PageHeader } from '@/components/ui/page-header';
import { Empty, LoadError, NotAllowed } from '@/components/ui/query-states';
import { Pager, pageCount } from '@/components/ui/pager';
import { formatDateTime } from '@/lib/date-time';
import { orderDetailsPath } from '@/lib/route-paths';
import { useCanSeeOrders, useOrderList } from '../api/orders';
import { OrderStatusBadge, PaymentStatusBadge, showPayment } from '../components/order-status';

const PAGE_SIZE = 20;
type Tab = OrderStatus | 'all';

const itemsCount = (o: Order) => {
  const n = o.items.reduce((s, l) => s + l.quantity, 0);
  return `${n} item${n === 1 ? '' : 's'}`;
};

/** One order: a whole-row link (a big target on a phone) to its details. */
const OrderRow = ({ order }: { order: Order }) => (
  <UnstyledButton
    component={Link}
    to={orderDetailsPath(order._id)}
    p="sm"
    style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', display: 'block', minHeight: 64 }}
    aria-label={`Order ${order.number} from ${order.shopper_name}`}
    data-testid="order-row"
  >
    <Stack gap={2}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {order.number}
        </Text>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(order.total)}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" truncate>
          {order.shopper_name}
        </Text>
        <OrderStatusBadge status={order.status} />
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" truncate>
          {formatDateTime(order.created_at)}
        </Text>
        {showPayment(order) && <PaymentStatusBadge status={order.payment_status} />}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {itemsCount(order)} · {order.fulfilment === 'pickup' ? 'Pickup' : 'Delivery'}
      </Text>
    </Stack>
  </UnstyledButton>
);

/** /orders: the online shop's orders by status; a tap opens one. */
const OrdersPage = () => {
  const allowed = useCanSeeOrders();
  const [tab, setTab] = useState<Tab>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const list = useOrderList({
    page,
    limit: PAGE_SIZE,
    status: tab === 'all' ? null : tab,
    search: debounced,
  });

  const header = (
    <PageHeader title="Online orders" description="Orders shoppers placed on your online shop." />
  );
  if (!allowed)
    return (
      <Stack maw={960} mx="auto" gap="md">
        {header}
        <NotAllowed what="see online orders" />
      </Stack>
    );

  const sums = list.data?.sums ?? [];
  const count = (s: OrderStatus) => sums.find((x) => x.status === s)?.count ?? 0;
  const all = sums.reduce((a, s) => a + s.count, 0);
  const items = list.data?.items ?? [];
  const filtered = !!debounced.trim() || tab !== 'all';

  return (
    <Stack maw={960} mx="auto" gap="md">
      {header}
      <OnlineStoreTabs>
        <Stack gap="md">
          <ScrollArea type="never">
            <SegmentedControl
              aria-label="Order status"
              value={tab}
              onChange={(v) => {
                setTab(v as Tab);
                setPage(1);
              }}
              data={[
                { value: 'all', label: `All (${all})` },
                ...ORDER_STATUSES.map((s) => ({
                  value: s,
                  label: `${ORDER_STATUS_LABELS[s]} (${count(s)})`,
                })),
              ]}
            />
          </ScrollArea>
          <TextInput
            aria-label="Search orders"
            placeholder="Search by order number, name or phone"
            leftSection={<IconSearch size={16} />}
            size="md"
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          {list.isError && !list.data ? (
            <LoadError what="the orders" error={list.error} onRetry={() => void list.refetch()} />
          ) : !list.data ? (
            <Stack>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h={72} />
              ))}
            </Stack>
          ) : items.length === 0 ? (
            <Empty
              icon={<IconShoppingCart size={40} color="var(--mantine-color-gray-5)" aria-hidden />}
              title={filtered ? 'No orders match' : 'No online orders yet'}
            >
              <Text size="sm" c="dimmed">
                {filtered
                  ? 'Try another status or search.'
                  : 'Share your shop link with your customers: their orders show here.'}
              </Text>
            </Empty>
          ) : (
            <Card withBorder p={0}>
              {items.map((o) => (
                <OrderRow key={o._id} order={o} />
              ))}
            </Card>
          )}
          <Pager pages={pageCount(list.data?.total ?? 0, PAGE_SIZE)} page={page} onChange={setPage} />
        </Stack>
      </OnlineStoreTabs>
    </Stack>
  );
};

export default OrdersPage;
