import { useState } from 'react';
import {
  Anchor,
  Button,
  Card,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { formatMoney, type PointsLedgerEntry, type StoreCreditLedgerEntry } from '@ms/contracts';
import { Link } from 'react-router';
import { hasPermission, useSession } from '@/lib/session-store';
import { useLoyaltyCustomer } from '../api/loyalty';
import { AdjustBalanceForm } from './adjust-balance-form';
import { formatDateTime } from '@/lib/date-time';
import { saleDetailsPath } from '@/lib/route-paths';
import { LoadError } from '@/components/ui/query-states';
import { Pager } from '@/components/ui/pager';

const when = (iso: string) => formatDateTime(iso);

const KIND: Record<string, string> = {
  earn: 'Earned',
  redeem: 'Redeemed',
  reverse: 'Refund',
  adjust: 'Manual',
  spend: 'Spent',
  refund: 'Refund',
};

type Row = {
  id: string;
  change: string;
  positive: boolean;
  kind: string;
  reason: string;
  by: string | null;
  at: string;
  /** The details page of the sale the change came from, when there is one to open. */
  saleLink: string | null;
};

const Ledger = ({ rows, empty }: { rows: Row[]; empty: string }) =>
  rows.length === 0 ? (
    <Text c="dimmed" size="sm" py="sm">
      {empty}
    </Text>
  ) : (
    <Table.ScrollContainer minWidth={340}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Change</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Text size="sm">{when(r.at)}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text span fw={700} c={r.positive ? undefined : 'red.9'}>
                  {r.change}
                </Text>
              </Table.Td>
              <Table.Td>
                {r.saleLink ? (
                  <Anchor component={Link} to={r.saleLink} size="sm">
                    {r.reason}
                  </Anchor>
                ) : (
                  <Text size="sm">{r.reason}</Text>
                )}
                <Text size="xs" c="dimmed">
                  {[KIND[r.kind] ?? r.kind, r.by].filter(Boolean).join(' · ')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

const pointRow = (e: PointsLedgerEntry): Row => ({
  id: e.id,
  change: `${e.points > 0 ? '+' : ''}${e.points.toLocaleString('en-NG')} pts`,
  positive: e.points > 0,
  kind: e.kind,
  reason: e.reason,
  by: e.user_name,
  at: e.created_at,
  saleLink: e.kind === 'adjust' || !e.reference ? null : saleDetailsPath(e.reference),
});
const creditRow = (e: StoreCreditLedgerEntry): Row => ({
  id: e.id,
  change: `${e.amount > 0 ? '+' : ''}${formatMoney(e.amount)}`,
  positive: e.amount > 0,
  kind: e.kind,
  reason: e.reason,
  by: e.user_name,
  at: e.created_at,
  saleLink: e.kind === 'adjust' || !e.reference ? null : saleDetailsPath(e.reference),
});

/** A customer's points and store credit, their history, and (for managers) manual changes. */
export const LoyaltyPanel = ({ customerId }: { customerId: string }) => {
  const session = useSession();
  const canManage = hasPermission(session, 'customers.manage');
  const [page, setPage] = useState(1);
  const [adjusting, setAdjusting] = useState<'points' | 'store-credit' | null>(null);
  const query = useLoyaltyCustomer(customerId, page);

  if (query.isPending)
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Skeleton h={110} radius="md" />
        <Skeleton h={110} radius="md" />
      </SimpleGrid>
    );
  if (query.isError)
    return (
      <LoadError what="points and store credit" error={query.error} onRetry={() => void query.refetch()} />
    );
  const d = query.data;
  const pages = Math.max(
    1,
    Math.ceil(Math.max(d.points_ledger.total, d.store_credit_ledger.total) / d.points_ledger.limit),
  );

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Loyalty
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder radius="md" padding="md">
          <Text size="sm" c="dimmed">
            Points
          </Text>
          <Text fz={28} fw={700} data-testid="points-balance">
            {d.points.toLocaleString('en-NG')}
          </Text>
          <Text size="sm" c="dimmed">
            Worth {formatMoney(d.points_value)} at checkout
          </Text>
          {canManage && (
            <Button mt="sm" variant="light" onClick={() => setAdjusting('points')}>
              Adjust points
            </Button>
          )}
        </Card>
        <Card withBorder radius="md" padding="md">
          <Text size="sm" c="dimmed">
            Store credit
          </Text>
          <Text fz={28} fw={700} data-testid="store-credit-balance">
            {formatMoney(d.store_credit)}
          </Text>
          <Text size="sm" c="dimmed">
            Can pay for a sale when store credit is on
          </Text>
          {canManage && (
            <Button mt="sm" variant="light" onClick={() => setAdjusting('store-credit')}>
              Adjust store credit
            </Button>
          )}
        </Card>
      </SimpleGrid>
      <Tabs defaultValue="points" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="points">Points history ({d.points_ledger.total})</Tabs.Tab>
          <Tabs.Tab value="credit">Store credit history ({d.store_credit_ledger.total})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="points" pt="xs">
          <Ledger
            rows={d.points_ledger.items.map(pointRow)}
            empty="No points yet. Points are earned on sales when loyalty points are on."
          />
        </Tabs.Panel>
        <Tabs.Panel value="credit" pt="xs">
          <Ledger
            rows={d.store_credit_ledger.items.map(creditRow)}
            empty="No store credit yet. Refunds to store credit and manual additions show here."
          />
        </Tabs.Panel>
      </Tabs>
      <Pager pages={pages} page={page} onChange={setPage} size="sm" />
      <Modal
        opened={adjusting !== null}
        onClose={() => setAdjusting(null)}
        title={adjusting === 'points' ? 'Adjust points' : 'Adjust store credit'}
        centered
      >
        {adjusting && (
          <AdjustBalanceForm customerId={customerId} kind={adjusting} onDone={() => setAdjusting(null)} />
        )}
      </Modal>
    </Stack>
  );
};
