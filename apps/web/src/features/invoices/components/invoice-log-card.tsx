import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { AppLink } from '@/components/ui/app-link';
import { formatMoney } from '@ms/contracts';
import { invoiceDetailsPath, paths } from '@/lib/route-paths';
import { useInvoiceList } from '../api/invoices';
import { formatDay, InvoiceStatusBadge } from './invoice-status';

const RECENT = 5;

/** The dashboard's invoice log (spec 000 §6 Home Page "invoice log"): what clients owe and the latest invoices. */
export const InvoiceLogCard = () => {
  const list = useInvoiceList({ page: 1, limit: RECENT, status: null, search: '' });
  const sums = list.data?.sums ?? [];
  const owed = sums
    .filter((s) => s.status === 'sent' || s.status === 'partially_paid' || s.status === 'overdue')
    .reduce((a, s) => a + s.balance, 0);
  const overdue = sums.find((s) => s.status === 'overdue');
  const items = list.data?.items ?? [];
  if (list.isError && !list.data) return null;
  return (
    <Card withBorder aria-label="Invoice log" component="section">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Invoices
          </Title>
          <Anchor component={AppLink} to={paths.Invoices} size="sm">
            All invoices
          </Anchor>
        </Group>
        <Group gap="xl">
          <div>
            <Text size="xs" c="dimmed">
              Clients owe
            </Text>
            <Text fw={700} data-testid="invoice-log-owed">
              {formatMoney(owed)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Overdue
            </Text>
            <Text fw={700} c={overdue?.count ? 'red' : undefined}>
              {formatMoney(overdue?.balance ?? 0)} ({overdue?.count ?? 0})
            </Text>
          </div>
        </Group>
        {items.length === 0 && list.data && (
          <Text size="sm" c="dimmed">
            No invoices yet.
          </Text>
        )}
        {items.map((i) => (
          <Anchor
            key={i._id}
            component={AppLink}
            to={invoiceDetailsPath(i._id)}
            underline="never"
            c="inherit"
            aria-label={`Invoice ${i.number ?? 'draft'}`}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0, flex: 1 }}>
                <Text fw={600} truncate>
                  {i.number ?? 'New draft'} · {i.client_name}
                </Text>
                <Text size="sm" c="dimmed">
                  Due {formatDay(i.due_date)}
                </Text>
              </div>
              <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                <Text fw={700}>{formatMoney(i.total)}</Text>
                <InvoiceStatusBadge status={i.status} />
              </Stack>
            </Group>
          </Anchor>
        ))}
      </Stack>
    </Card>
  );
};
