import { Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDownLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMoney, type BankTransfer } from '@ms/contracts';
import { Empty, LoadError } from '@/components/ui/query-states';
import { SummaryStat } from '@/components/ui/summary-stat';
import { formatDateTime } from '@/lib/date-time';
import { invoiceDetailsPath, orderDetailsPath, saleDetailsPath } from '@/lib/route-paths';
import { useBusinessId } from '@/lib/session-store';
import { downloadTransfersCsv, useBankTransfers } from '../api/bank-transactions';
import { DownloadCsvButton } from './download-csv-button';

const payerOf = (t: BankTransfer) =>
  [t.payer_name, t.payer_bank_name].filter(Boolean).join(' · ') || 'Unknown payer';

/** The invoice or online order whose own account a transfer reached. */
const PaidFor = ({ paid }: { paid: NonNullable<BankTransfer['paid_for']> }) => {
  const what = `${paid.kind === 'invoice' ? 'Invoice' : 'Order'} ${paid.number ?? ''}`.trim();
  return (
    <Text size="xs" c="dimmed">
      Paid{' '}
      <Anchor
        component={Link}
        to={paid.kind === 'invoice' ? invoiceDetailsPath(paid._id) : orderDetailsPath(paid._id)}
        size="xs"
      >
        {what}
      </Anchor>
    </Text>
  );
};

/** The till sale a transfer paid (or the invoice or order it was for), and the sales agent who brought it. */
const PaidSale = ({ transfer }: { transfer: BankTransfer }) => {
  if (transfer.paid_for) return <PaidFor paid={transfer.paid_for} />;
  if (!transfer.sale_id) return null;
  const to = saleDetailsPath(transfer.sale_id);
  return (
    <Text size="xs" c="dimmed">
      {to ? (
        <Anchor component={Link} to={to} size="xs">
          Paid a sale
        </Anchor>
      ) : (
        'Paid a sale'
      )}
      {transfer.sales_agent_code ? ` · Agent ${transfer.sales_agent_code}` : ''}
    </Text>
  );
};

const TransferCard = ({ transfer }: { transfer: BankTransfer }) => (
  <Card withBorder radius="md" padding="sm" data-testid="bank-transfer">
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} truncate>
          {payerOf(transfer)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(transfer.paid_at)} · {transfer.store_name}
        </Text>
        <PaidSale transfer={transfer} />
      </Stack>
      <Stack gap={0} align="flex-end">
        <Text fw={700}>{formatMoney(transfer.amount)}</Text>
        <Text size="xs" c="dimmed">
          Fee {formatMoney(transfer.fee)}
        </Text>
      </Stack>
    </Group>
  </Card>
);

const TransferTable = ({ transfers }: { transfers: BankTransfer[] }) => (
  <Table.ScrollContainer minWidth={720}>
    <Table striped highlightOnHover verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Time</Table.Th>
          <Table.Th>From</Table.Th>
          <Table.Th>Store</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th ta="right">Fee</Table.Th>
          <Table.Th ta="right">You get</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {transfers.map((t) => (
          <Table.Tr key={t._id} data-testid="bank-transfer">
            <Table.Td>{formatDateTime(t.paid_at)}</Table.Td>
            <Table.Td>
              <Text size="sm" fw={500}>
                {t.payer_name ?? 'Unknown payer'}
              </Text>
              <Text size="xs" c="dimmed">
                {t.payer_bank_name} {t.narration ? `· ${t.narration}` : ''}
              </Text>
              <PaidSale transfer={t} />
            </Table.Td>
            <Table.Td>{t.store_name}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {formatMoney(t.amount)}
            </Table.Td>
            <Table.Td ta="right">{formatMoney(t.fee)}</Table.Td>
            <Table.Td ta="right">{formatMoney(t.net)}</Table.Td>
            <Table.Td>
              <Badge color="green" variant="light">
                Received
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

/** The transfers received on the fixed accounts over the days, with fees, totals and a CSV. */
export const TransfersView = ({
  range,
  store,
}: {
  range: { from: string; to: string };
  store: string | null;
}) => {
  const phone = useMediaQuery('(max-width: 48em)');
  const list = useBankTransfers(range, store);
  const data = list.data;
  const businessId = useBusinessId();
  return (
    <Stack gap="md">
      {data && data.count > 0 && (
        <DownloadCsvButton onDownload={() => downloadTransfersCsv(businessId, range, store)} />
      )}
      {data && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <SummaryStat label="Received" value={formatMoney(data.total_amount)} testId="transfers-total" />
          <SummaryStat label="Fees" value={formatMoney(data.total_fee)} testId="transfers-fees" />
          <SummaryStat label="You get" value={formatMoney(data.total_net)} testId="transfers-net" />
        </SimpleGrid>
      )}
      {list.isPending && <Skeleton h={160} radius="md" />}
      {list.isError && !data && (
        <LoadError what="the transactions" error={list.error} onRetry={() => list.refetch()} />
      )}
      {data && data.transfers.length === 0 && (
        <Empty
          title="No transfers in these days"
          icon={<IconArrowDownLeft size={44} color="var(--mantine-color-gray-5)" aria-hidden />}
        >
          <Text size="sm" c="dimmed">
            Payments sent to your fixed accounts show here as they land.
          </Text>
        </Empty>
      )}
      {data && data.count > data.transfers.length && (
        <Text size="sm" c="dimmed">
          Showing the newest {data.transfers.length.toLocaleString('en-NG')} of{' '}
          {data.count.toLocaleString('en-NG')} transfers; the totals above cover them all. Choose fewer days
          to see the rest.
        </Text>
      )}
      {data &&
        data.transfers.length > 0 &&
        (phone ? (
          <Stack gap="xs">
            {data.transfers.map((t) => (
              <TransferCard key={t._id} transfer={t} />
            ))}
          </Stack>
        ) : (
          <TransferTable transfers={data.transfers} />
        ))}
    </Stack>
  );
};
