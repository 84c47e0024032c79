import { useState } from 'react';
import { Badge, Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDownLeft, IconArrowUpRight, IconBuildingBank, IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMoney, type BankTransfer } from '@ms/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { Empty, LoadError, NotAllowed } from '@/components/ui/query-states';
import { SummaryStat } from '@/components/ui/summary-stat';
import { formatDateTime } from '@/lib/date-time';
import { rangeFor, type RangePreset } from '@/lib/day-ranges';
import { DayRangeFilter } from '@/components/ui/day-range-filter';
import { paths } from '@/lib/route-paths';
import { hasPermission, useBusinessId, useSession } from '@/lib/session-store';
import { useMyStores } from '@/features/stores';
import { downloadTransfersCsv, useBankTransfers } from '../api/bank-transactions';

const payerOf = (t: BankTransfer) =>
  [t.payer_name, t.payer_bank_name].filter(Boolean).join(' · ') || 'Unknown payer';

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

/** /payments: money received by bank transfer on the stores' fixed accounts, with fees and totals. */
const PaymentsPage = () => {
  const allowed = hasPermission(useSession(), 'transactions.manage_payments');
  if (!allowed)
    return (
      <Stack maw={720} mx="auto">
        <PageHeader title="Transactions" />
        <NotAllowed what="see the transactions" />
      </Stack>
    );
  return <Transactions />;
};

const Transactions = () => {
  const phone = useMediaQuery('(max-width: 48em)');
  const stores = useMyStores();
  const [preset, setPreset] = useState<RangePreset>('today');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const [store, setStore] = useState<string | null>(null);
  const range = rangeFor(preset, new Date(), custom);
  const list = useBankTransfers(range, store);
  const data = list.data;
  const canSeePayouts = hasPermission(useSession(), 'transactions.payouts');
  const businessId = useBusinessId();
  const [downloading, setDownloading] = useState(false);

  return (
    <Stack maw={1200} mx="auto" gap="md">
      <PageHeader
        title="Transactions"
        description="Money your customers sent by bank transfer, with the fee on each and what you get."
        actions={
          <Group gap="xs">
            {canSeePayouts && (
              <Button
                component={Link}
                to={paths.Payouts}
                variant="default"
                leftSection={<IconArrowUpRight size={18} />}
              >
                Payouts
              </Button>
            )}
            <Button
              component={Link}
              to={paths.FixedAccount}
              variant="default"
              leftSection={<IconBuildingBank size={18} />}
            >
              Fixed accounts
            </Button>
          </Group>
        }
      />
      <Stack gap="xs">
        <DayRangeFilter preset={preset} onPreset={setPreset} custom={custom} onCustom={setCustom} />
        <Select
          label="Store"
          placeholder="All my stores"
          clearable
          maw={320}
          data={(stores.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
          value={store}
          onChange={setStore}
        />
      </Stack>
      {data && data.count > 0 && (
        <Group justify="flex-end">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={16} />}
            loading={downloading}
            onClick={() => {
              setDownloading(true);
              downloadTransfersCsv(businessId, range, store).finally(() => setDownloading(false));
            }}
          >
            Download CSV
          </Button>
        </Group>
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

export default PaymentsPage;
