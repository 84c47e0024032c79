import { memo } from 'react';
import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatMoney, SALE_STATUS_LABELS, type SaleSummary } from '@ms/contracts';
import { AppLink } from '@/components/ui/app-link';
import { paths, registeredPaths, saleDetailsPath } from '@/lib/route-paths';
import { useRecentSales } from '../api/dashboard';
import { saleTime } from '@/lib/date-time';

const Row = ({ sale }: { sale: SaleSummary }) => {
  const to = saleDetailsPath(sale.id);
  const label = (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <div style={{ minWidth: 0 }}>
        <Text fw={600} truncate>
          {sale.receipt_number} · {sale.customer_name ?? 'Walk-in'}
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {saleTime(sale)} · {sale.store_name} · {sale.items_count}{' '}
          {sale.items_count === 1 ? 'item' : 'items'}
        </Text>
      </div>
      <Stack gap={2} align="flex-end">
        <Text fw={700}>{formatMoney(sale.total)}</Text>
        {sale.status !== 'completed' && (
          <Badge size="xs" variant="light" color="orange">
            {SALE_STATUS_LABELS[sale.status]}
          </Badge>
        )}
      </Stack>
    </Group>
  );
  return to ? (
    <Anchor
      component={AppLink}
      to={to}
      underline="never"
      c="inherit"
      aria-label={`Sale ${sale.receipt_number}`}
    >
      {label}
    </Anchor>
  ) : (
    label
  );
};

/** The latest 5 sales, each opening its details; an empty business is pointed to the POS. */
export const RecentSales = memo(function RecentSales({ store }: { store: string }) {
  const recent = useRecentSales(store, true);
  const sales = recent.data?.items ?? [];
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Recent sales
        </Title>
        {registeredPaths.has(paths.SalesHistory) && sales.length > 0 && (
          <Anchor component={AppLink} to={paths.SalesHistory} size="sm">
            See all
          </Anchor>
        )}
      </Group>
      {recent.isPending ? (
        <Stack gap="xs">
          <Skeleton h={40} />
          <Skeleton h={40} />
        </Stack>
      ) : recent.isError ? (
        <Text c="dimmed">Could not load the recent sales. Check your connection and reload the page.</Text>
      ) : sales.length === 0 ? (
        <NoSalesYet />
      ) : (
        <Stack gap="sm">
          {sales.map((s) => (
            <Row key={s.id} sale={s} />
          ))}
        </Stack>
      )}
    </Card>
  );
});

export const NoSalesYet = () => (
  <Text>
    No sales yet — open the POS to make your first sale.{' '}
    <Anchor component={AppLink} to={paths.Pos} fw={600}>
      Open the POS
    </Anchor>
  </Text>
);
