import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowUpRight, IconCreditCard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMoney, type Payout } from '@ms/contracts';
import { DayRangeFilter } from '@/components/ui/day-range-filter';
import { PageHeader } from '@/components/ui/page-header';
import { Empty, LoadError, NotAllowed } from '@/components/ui/query-states';
import { SummaryStat } from '@/components/ui/summary-stat';
import { formatDateTime } from '@/lib/date-time';
import { rangeFor, type RangePreset } from '@/lib/day-ranges';
import { paths, payoutDetailsPath } from '@/lib/route-paths';
import { hasPermission, useSession } from '@/lib/session-store';
import { useBankSandbox } from '@/features/fixed-accounts';
import { usePayOutNow, usePayouts } from '../api/payouts';
import { PayoutStatusBadge } from '../components/payout-status-badge';

const paymentsCount = (n: number) => `${n} payment${n === 1 ? '' : 's'}`;

const destination = (p: Payout) => `${p.bank_name} · ${p.account_number}`;

const PayoutCard = ({ payout }: { payout: Payout }) => (
  <Card
    withBorder
    radius="md"
    padding="sm"
    component={Link}
    to={payoutDetailsPath(payout._id)}
    data-testid="payout"
  >
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} truncate>
          {destination(payout)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(payout.created_at)}
          {payout.store_name ? ` · ${payout.store_name}` : ''} · {paymentsCount(payout.transactions_count)}
        </Text>
        {payout.failure_reason && (
          <Text size="xs" c="red">
            {payout.failure_reason}
          </Text>
        )}
      </Stack>
      <Stack gap={4} align="flex-end">
        <Text fw={700}>{formatMoney(payout.amount)}</Text>
        <PayoutStatusBadge status={payout.status} />
      </Stack>
    </Group>
  </Card>
);

const PayoutTable = ({ payouts }: { payouts: Payout[] }) => (
  <Table.ScrollContainer minWidth={760}>
    <Table striped highlightOnHover verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Made</Table.Th>
          <Table.Th>To</Table.Th>
          <Table.Th>Store</Table.Th>
          <Table.Th ta="right">Payments</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {payouts.map((p) => (
          <Table.Tr key={p._id} data-testid="payout">
            <Table.Td>
              <Anchor component={Link} to={payoutDetailsPath(p._id)} size="sm">
                {formatDateTime(p.created_at)}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={500}>
                {destination(p)}
              </Text>
              <Text size="xs" c="dimmed">
                {p.account_name}
              </Text>
            </Table.Td>
            <Table.Td>{p.store_name ?? 'All stores'}</Table.Td>
            <Table.Td ta="right">{p.transactions_count}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {formatMoney(p.amount)}
            </Table.Td>
            <Table.Td>
              <PayoutStatusBadge status={p.status} />
              {p.failure_reason && (
                <Text size="xs" c="red" mt={2}>
                  {p.failure_reason}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

/** Sandbox only: pay out now what is owed, to see a payout go without waiting for tomorrow. */
const PayOutNow = () => {
  const run = usePayOutNow();
  const made = run.data?.payouts;
  return (
    <Card withBorder radius="md" padding="md" bg="var(--mantine-color-yellow-0)">
      <Group justify="space-between" gap="sm">
        <Text size="sm">Sandbox: no real money moves. Pay out now instead of waiting for tomorrow.</Text>
        <Button variant="default" loading={run.isPending} onClick={() => run.mutate()}>
          Pay out now
        </Button>
      </Group>
      {made && made.length === 0 && (
        <Text size="sm" mt="xs" c="dimmed">
          Nothing to pay out: no money is owed, or no bank account is set to receive it.
        </Text>
      )}
    </Card>
  );
};

/** /payments/payouts: the money sent to the business's bank account, and what is still owed. */
const PayoutsPage = () => {
  const allowed = hasPermission(useSession(), 'transactions.payouts');
  if (!allowed)
    return (
      <Stack maw={720} mx="auto">
        <PageHeader title="Payouts" />
        <NotAllowed what="see the payouts" />
      </Stack>
    );
  return <Payouts />;
};

const Payouts = () => {
  const phone = useMediaQuery('(max-width: 48em)');
  const session = useSession();
  const sandbox = useBankSandbox();
  const [preset, setPreset] = useState<RangePreset>('30d');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const list = usePayouts(rangeFor(preset, new Date(), custom));
  const data = list.data;
  const canSeeTransactions = hasPermission(session, 'transactions.manage_payments');

  return (
    <Stack maw={1200} mx="auto" gap="md">
      <PageHeader
        title="Payouts"
        description="What your customers paid by transfer, less fees, goes to your bank account the next morning."
        actions={
          canSeeTransactions && (
            <Button
              component={Link}
              to={paths.Payments}
              variant="default"
              leftSection={<IconCreditCard size={18} />}
            >
              Transactions
            </Button>
          )
        }
      />
      {sandbox.data && <PayOutNow />}
      {data && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <SummaryStat label="Owed to you now" value={formatMoney(data.owed)} testId="payouts-owed" />
          <SummaryStat label="Paid out" value={formatMoney(data.total_paid_out)} testId="payouts-total" />
          <SummaryStat label="On its way" value={formatMoney(data.total_pending)} testId="payouts-pending" />
        </SimpleGrid>
      )}
      {data?.next_payout_at && (
        <Text size="sm" data-testid="next-payout">
          {Date.parse(data.next_payout_at) > Date.now()
            ? `Next payout: ${formatDateTime(data.next_payout_at)}, to your settlement account.`
            : 'Next payout: being made now. It shows here within a quarter of an hour.'}
        </Text>
      )}
      <DayRangeFilter preset={preset} onPreset={setPreset} custom={custom} onCustom={setCustom} />
      {data?.payouts.some((p) => p.status === 'failed' || p.status === 'reversed') && (
        <Alert color="orange" title="A payout did not reach your bank">
          The money is still yours: it goes in your next payout. If the reason is about your account, check
          your bank account in Settings.
        </Alert>
      )}
      {list.isPending && <Skeleton h={160} radius="md" />}
      {list.isError && !data && (
        <LoadError what="the payouts" error={list.error} onRetry={() => list.refetch()} />
      )}
      {data && data.payouts.length === 0 && (
        <Empty
          title="No payouts in these days"
          icon={<IconArrowUpRight size={44} color="var(--mantine-color-gray-5)" aria-hidden />}
        >
          <Text size="sm" c="dimmed">
            Transfers you receive are paid to your bank account the next morning.
          </Text>
        </Empty>
      )}
      {data &&
        data.payouts.length > 0 &&
        (phone ? (
          <Stack gap="xs">
            {data.payouts.map((p) => (
              <PayoutCard key={p._id} payout={p} />
            ))}
          </Stack>
        ) : (
          <PayoutTable payouts={data.payouts} />
        ))}
    </Stack>
  );
};

export default PayoutsPage;
