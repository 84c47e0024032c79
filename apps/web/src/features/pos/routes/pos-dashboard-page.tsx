import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatMoney, SALE_STATUS_LABELS, saleMadeAt, type SaleSummary } from '@ms/contracts';
import { Link } from 'react-router';
import { useOpenRegister } from '@/features/registers';
import { useBusinessId, useSession } from '@/lib/session-store';
import { getSale, useTodaySales } from '../api/sales';
import { ReceiptView } from '../components/receipt-view';
import { RegisterSlot } from '../components/register-slot';
import { StorePicker } from '../components/store-picker';
import { cartStore, useCart } from '../lib/cart-store';
import { posPaths } from '../lib/paths';
import { formatTime } from '@/lib/date-time';

const Stat = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Paper withBorder p="md" radius="md">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text fw={800} fz={{ base: 22, sm: 28 }} data-testid={testId}>
      {value}
    </Text>
  </Paper>
);

/** /pos-dashboard: today at this till — my sales in this store, their total, and reprints. */
export default function PosDashboardPage() {
  const session = useSession();
  const cart = useCart(session?.user._id ?? '');
  const storeId = cart.store_id;
  const today = useTodaySales(storeId);
  const [reprint, setReprint] = useState<string | null>(null);
  const drawer = useOpenRegister(storeId);
  const sales = today.data?.items ?? [];
  const counted = sales.filter((s) => s.status !== 'refunded');
  const total = counted.reduce((sum, s) => Math.round((sum + s.total) * 100) / 100, 0);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Stack gap={0}>
          <Anchor component={Link} to={posPaths.pos} fw={600}>
            <Group gap={4} component="span">
              <IconArrowLeft size={18} aria-hidden /> Back to the till
            </Group>
          </Anchor>
          <Title order={1} size="h2">
            Today at the till
          </Title>
          <Text size="sm" c="dimmed">
            Your sales today in this store
          </Text>
        </Stack>
        <Group gap="xs">
          <StorePicker
            value={storeId}
            onChange={(id) => cartStore.set((c) => (c.store_id === id ? c : { ...c, store_id: id }))}
          />
          <RegisterSlot storeId={storeId} />
        </Group>
      </Group>
      {today.isError && (
        <Alert color="red" title="Today's sales could not be loaded">
          {today.error.message}
        </Alert>
      )}
      {/* The drawer's cash is the register's own (kept on the device): shown whether or not the sales came. */}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Stat
          label="Sales"
          value={today.data ? String(today.data.total) : today.isError ? '—' : '…'}
          testId="today-count"
        />
        <Stat
          label="Total sold"
          value={today.data ? formatMoney(total) : today.isError ? '—' : '…'}
          testId="today-total"
        />
        <Stat
          label="Cash expected in the drawer"
          value={
            drawer.isPending
              ? '…'
              : drawer.register
                ? formatMoney(drawer.register.expected_cash ?? 0)
                : 'Register closed'
          }
          testId="drawer-cash"
        />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="xs">
          Recent sales
        </Title>
        {today.isPending ? (
          <Loader size="sm" />
        ) : !today.data ? (
          <Text c="dimmed" size="sm">
            Your sales of today show here once the network is back.
          </Text>
        ) : sales.length === 0 ? (
          <Text c="dimmed" size="sm">
            No sale yet today. Sales you make at the till show here.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Receipt</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sales.map((s: SaleSummary) => (
                  <Table.Tr key={s._id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {s.receipt_number}
                      </Text>
                      {s.status !== 'completed' && (
                        <Badge size="xs" color={s.status === 'unpaid' ? 'orange' : 'gray'} variant="light">
                          {SALE_STATUS_LABELS[s.status]}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatTime(saleMadeAt(s))}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{formatMoney(s.total)}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button size="compact-md" variant="light" onClick={() => setReprint(s._id)}>
                        Reprint
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Modal opened={!!reprint} onClose={() => setReprint(null)} title="Receipt" size="lg">
        {reprint && <Reprint saleId={reprint} />}
      </Modal>
    </Stack>
  );
}

const Reprint = ({ saleId }: { saleId: string }) => {
  const businessId = useBusinessId();
  const sale = useQuery({
    queryKey: ['pos', businessId, 'sale', saleId],
    queryFn: () => getSale(businessId, saleId),
  });
  if (sale.isPending) return <Loader />;
  if (sale.isError) return <Alert color="red">{sale.error.message}</Alert>;
  return <ReceiptView sale={sale.data} />;
};
