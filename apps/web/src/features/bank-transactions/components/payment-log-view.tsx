import { useState } from 'react';
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconReceipt } from '@tabler/icons-react';
import { formatMoney, type ReceivedPayment } from '@ms/contracts';
import { Empty, LoadError } from '@/components/ui/query-states';
import { SummaryStat } from '@/components/ui/summary-stat';
import { formatDateTime } from '@/lib/date-time';
import { useMyStores } from '@/features/stores';
import { usePaymentLog } from '../api/bank-transactions';
import { downloadPaymentsCsv } from '../lib/payments-csv';
import { DownloadCsvButton } from './download-csv-button';
import { PaymentDetailsDrawer } from './payment-details-drawer';

const KIND_LABELS: Record<ReceivedPayment['kind'], string> = {
  sale_payment: 'Sale',
  refund: 'Refund',
  transfer: 'Transfer',
};
const KIND_COLORS: Record<ReceivedPayment['kind'], string> = {
  sale_payment: 'blue',
  refund: 'orange',
  transfer: 'green',
};

const KindBadge = ({ kind }: { kind: ReceivedPayment['kind'] }) => (
  <Badge color={KIND_COLORS[kind]} variant="light">
    {KIND_LABELS[kind]}
  </Badge>
);

/** What a row says it was: the sale's receipt, or the payer of a transfer. */
const whatOf = (p: ReceivedPayment) =>
  p.receipt_number ?? (p.kind === 'transfer' ? (p.payer_name ?? 'Transfer, no sale') : '—');

/** Newest first. */
const newestFirst = (a: ReceivedPayment, b: ReceivedPayment) => b.received_at.localeCompare(a.received_at);

/** Every payment of the days: sums by method, and each payment (tap for its details). */
export const PaymentLogView = ({
  range,
  store,
}: {
  range: { from: string; to: string };
  store: string | null;
}) => {
  const phone = useMediaQuery('(max-width: 48em)');
  const { log, report } = usePaymentLog(range, store);
  const [open, setOpen] = useState<string | null>(null);
  const payments = [...(log.data?.item.list_of_payments ?? [])].sort(newestFirst);
  const sums = report.data;
  const stores = useMyStores();
  const storeName = (id: string) => stores.data?.find((s) => s._id === id)?.name ?? '';

  return (
    <Stack gap="md">
      {payments.length > 0 && (
        <DownloadCsvButton onDownload={() => downloadPaymentsCsv(payments, storeName, range)} />
      )}
      {sums && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <SummaryStat
            label="Received"
            value={formatMoney(sums.total_value_payments)}
            testId="payments-total"
          />
          <SummaryStat label="Payments" value={sums.count.toLocaleString('en-NG')} testId="payments-count" />
          {sums.by_method.slice(0, 2).map((m) => (
            <SummaryStat
              key={m.method}
              label={m.method_label}
              value={formatMoney(m.amount)}
              testId={`payments-method-${m.method}`}
            />
          ))}
        </SimpleGrid>
      )}
      {sums && sums.by_method.length > 2 && (
        <Group gap="xs" aria-label="By method">
          {sums.by_method.slice(2).map((m) => (
            <Badge key={m.method} variant="default" size="lg" tt="none">
              {m.method_label}: {formatMoney(m.amount)}
            </Badge>
          ))}
        </Group>
      )}
      {log.isPending && <Skeleton h={160} radius="md" />}
      {log.isError && !log.data && (
        <LoadError what="the payments" error={log.error} onRetry={() => log.refetch()} />
      )}
      {log.data && payments.length === 0 && (
        <Empty
          title="No payments in these days"
          icon={<IconReceipt size={44} color="var(--mantine-color-gray-5)" aria-hidden />}
        >
          <Text size="sm" c="dimmed">
            Sales paid at your tills and transfers to your accounts show here.
          </Text>
        </Empty>
      )}
      {payments.length > 0 &&
        (phone ? (
          <Stack gap="xs">
            {payments.map((p) => (
              <UnstyledButton
                key={p._id}
                onClick={() => setOpen(p._id)}
                aria-label={`Details of ${whatOf(p)}`}
              >
                <Card withBorder radius="md" padding="sm" data-testid="payment-row">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={4} style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {whatOf(p)}
                      </Text>
                      <Group gap={6} wrap="nowrap">
                        <KindBadge kind={p.kind} />
                        <Text size="xs" c="dimmed" truncate>
                          {formatDateTime(p.received_at)}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed">
                        {p.method_label}
                      </Text>
                    </Stack>
                    <Text fw={700}>{formatMoney(p.amount)}</Text>
                  </Group>
                </Card>
              </UnstyledButton>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Payments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Sale or payer</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th ta="right">Fee</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {payments.map((p) => (
                  <Table.Tr
                    key={p._id}
                    data-testid="payment-row"
                    style={{ cursor: 'pointer' }}
                    onClick={() => setOpen(p._id)}
                  >
                    <Table.Td>{formatDateTime(p.received_at)}</Table.Td>
                    <Table.Td>
                      <KindBadge kind={p.kind} />
                    </Table.Td>
                    <Table.Td>
                      <UnstyledButton onClick={() => setOpen(p._id)} fz="sm" fw={500}>
                        {whatOf(p)}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>{p.method_label}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatMoney(p.amount)}
                    </Table.Td>
                    <Table.Td ta="right">{p.fee > 0 ? formatMoney(p.fee) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      <PaymentDetailsDrawer id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
};
