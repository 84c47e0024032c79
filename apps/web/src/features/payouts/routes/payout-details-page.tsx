import type { ReactNode } from 'react';
import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useParams } from 'react-router';
import { formatMoney, type PayoutDetails } from '@ms/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError, NotAllowed } from '@/components/ui/query-states';
import { formatDateTime } from '@/lib/date-time';
import { paths } from '@/lib/route-paths';
import { hasPermission, useSession } from '@/lib/session-store';
import { usePayout } from '../api/payouts';
import { PayoutStatusBadge } from '../components/payout-status-badge';

const BACK = { to: paths.Payouts, label: 'Payouts' };

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <Group justify="space-between" gap="sm" wrap="nowrap">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={500} ta="right">
      {children}
    </Text>
  </Group>
);

const WHAT_HAPPENED: Record<PayoutDetails['payout']['status'], string> = {
  pending: 'Sent to your bank. Banks usually answer within minutes.',
  paid: 'Your bank received it.',
  failed: 'Your bank did not take it. The money is still yours and goes in your next payout.',
  reversed:
    'Your bank sent it back after receiving it. The money is still yours and goes in your next payout.',
};

type Transaction = PayoutDetails['transactions'][number];

const TransactionRows = ({ transactions }: { transactions: Transaction[] }) => {
  const phone = useMediaQuery('(max-width: 48em)');
  if (phone)
    return (
      <Stack gap="xs">
        {transactions.map((t) => (
          <Paper key={t._id} withBorder radius="md" p="sm" data-testid="payout-transaction">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {t.payer_name ?? 'Unknown payer'}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(t.paid_at)} · {t.store_name}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end">
                <Text fw={700}>{formatMoney(t.net)}</Text>
                <Text size="xs" c="dimmed">
                  {formatMoney(t.amount)} less {formatMoney(t.fee)}
                </Text>
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Received</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>Store</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Fee</Table.Th>
            <Table.Th ta="right">Paid out</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {transactions.map((t) => (
            <Table.Tr key={t._id} data-testid="payout-transaction">
              <Table.Td>{formatDateTime(t.paid_at)}</Table.Td>
              <Table.Td>
                {t.payer_name ?? 'Unknown payer'}
                <Text size="xs" c="dimmed">
                  {t.payer_bank_name}
                </Text>
              </Table.Td>
              <Table.Td>{t.store_name}</Table.Td>
              <Table.Td ta="right">{formatMoney(t.amount)}</Table.Td>
              <Table.Td ta="right">{formatMoney(t.fee)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatMoney(t.net)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** /payments/payout-details/{payoutId}: one payout, where it went, and the payments it paid out. */
const PayoutDetailsPage = () => {
  const allowed = hasPermission(useSession(), 'transactions.payouts');
  const { payoutId = '' } = useParams();
  const one = usePayout(payoutId);
  if (!allowed)
    return (
      <Stack maw={720} mx="auto">
        <PageHeader title="Payout" back={BACK} />
        <NotAllowed what="see the payouts" />
      </Stack>
    );
  const data = one.data;
  return (
    <Stack maw={960} mx="auto" gap="md">
      <PageHeader title="Payout" back={BACK} />
      {one.isPending && <Skeleton h={200} radius="md" />}
      {one.isError && <LoadError what="this payout" error={one.error} onRetry={() => one.refetch()} />}
      {data && (
        <>
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" align="flex-start" mb="sm">
              <Stack gap={0}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  Amount
                </Text>
                <Text fw={800} fz={28} data-testid="payout-amount">
                  {formatMoney(data.payout.amount)}
                </Text>
              </Stack>
              <PayoutStatusBadge status={data.payout.status} />
            </Group>
            <Text size="sm" mb="sm">
              {WHAT_HAPPENED[data.payout.status]}
            </Text>
            {data.payout.failure_reason && (
              <Alert color="orange" mb="sm" title="The bank's reason">
                {data.payout.failure_reason}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Row label="To">
                {data.payout.bank_name} · {data.payout.account_number}
              </Row>
              <Row label="Account name">{data.payout.account_name}</Row>
              <Row label="For">{data.payout.store_name ?? 'All stores'}</Row>
              <Row label="Made">{formatDateTime(data.payout.created_at)}</Row>
              {data.payout.paid_at && (
                <Row label="Received by the bank">{formatDateTime(data.payout.paid_at)}</Row>
              )}
              {data.payout.failed_at && <Row label="Failed">{formatDateTime(data.payout.failed_at)}</Row>}
              {data.payout.reversed_at && (
                <Row label="Returned">{formatDateTime(data.payout.reversed_at)}</Row>
              )}
              <Row label="Reference">{data.payout.reference}</Row>
            </SimpleGrid>
          </Paper>
          <Title order={2} size="h4">
            {data.transactions.length === 1
              ? 'The payment in this payout'
              : `The ${data.transactions.length} payments in this payout`}
          </Title>
          <TransactionRows transactions={data.transactions} />
        </>
      )}
    </Stack>
  );
};

export default PayoutDetailsPage;
