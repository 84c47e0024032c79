import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  REGISTER_MOVEMENT_LABELS,
  formatMoney,
  type RegisterMovement,
  type RegisterSession,
} from '@ms/contracts';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useCanOperateRegisters, useRegisterDetail } from '../api/registers';
import { CashDifference } from '../components/cash-difference';
import { useRegisterActions } from '../components/register-actions';
import { formatDateTime } from '../components/format';
import { LoadError } from '@/components/ui/query-states';

const back = { to: '/registers', label: 'Registers' };

/** /registers-details?id=: a register's session (movements, totals) and its closed sessions. */
const RegisterDetailsPage = () => {
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const sessionId = params.get('session_id');
  const detail = useRegisterDetail(id, sessionId);
  const canOperate = useCanOperateRegisters();
  const { start, dialogs } = useRegisterActions();

  if (!id)
    return (
      <Stack maw={1100} mx="auto">
        <PageHeader title="Register" back={back} />
        <Alert color="gray">No register chosen. Pick one on the Registers screen.</Alert>
      </Stack>
    );
  if (detail.isPending)
    return (
      <Stack maw={1100} mx="auto" align="center" py="xl">
        <Loader />
        <Text c="dimmed">Loading the register…</Text>
      </Stack>
    );
  if (detail.isError)
    return (
      <Stack maw={1100} mx="auto">
        <PageHeader title="Register" back={back} />
        <LoadError what="the register" error={detail.error} onRetry={() => void detail.refetch()} />
      </Stack>
    );

  const r = detail.data;
  const shown = r.movements_session;
  const viewingOpen = !!shown && shown.status === 'open';
  const showSession = (s: string | null) => setParams(s ? { id, session_id: s } : { id }, { replace: true });

  return (
    <Stack maw={1100} mx="auto" gap="md">
      <PageHeader
        title={
          <Group gap="sm">
            {r.name}
            <Badge color={r.session ? 'teal' : 'gray'} variant="light" size="lg">
              {r.session ? 'Open' : 'Closed'}
            </Badge>
          </Group>
        }
        description={r.store_name}
        back={back}
        actions={
          canOperate &&
          (r.session ? (
            <>
              <Button variant="light" onClick={() => start('add', r)}>
                Add cash
              </Button>
              <Button variant="light" color="orange" onClick={() => start('remove', r)}>
                Remove cash
              </Button>
              <Button variant="light" color="red" onClick={() => start('close', r)}>
                Close
              </Button>
            </>
          ) : (
            <Button onClick={() => start('open', r)}>Open register</Button>
          ))
        }
      />

      {shown ? (
        <>
          <Group justify="space-between" align="flex-end">
            <div>
              <Title order={2} size="h4">
                {viewingOpen ? 'Current session' : 'Session of ' + formatDateTime(shown.opened_at)}
              </Title>
              <Text size="sm" c="dimmed">
                Opened {formatDateTime(shown.opened_at)} by {shown.opened_by_name}
                {shown.operator_id !== shown.opened_by && ` · operated by ${shown.operator_name}`}
                {shown.closed_at && ` · closed ${formatDateTime(shown.closed_at)} by ${shown.closed_by_name}`}
              </Text>
            </div>
            {sessionId && (
              <Button variant="subtle" size="xs" onClick={() => showSession(null)}>
                Back to the latest session
              </Button>
            )}
          </Group>
          <SessionTotals session={shown} />
          <Movements movements={r.movements} />
        </>
      ) : (
        <Alert color="gray" title="Never opened">
          This register has not been opened yet. Open it with the cash in the drawer to start.
        </Alert>
      )}

      <Title order={2} size="h4">
        Closed sessions
      </Title>
      {r.history.length === 0 ? (
        <Text c="dimmed" size="sm">
          No closed session yet. When the register is closed, its count shows here.
        </Text>
      ) : (
        <History sessions={r.history} current={shown?.id ?? null} onPick={showSession} />
      )}
      {dialogs}
    </Stack>
  );
};

const Figure = ({ label, value, testId }: { label: string; value: number; testId?: string }) => (
  <Card withBorder padding="sm" radius="md">
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text fw={700} size="lg" data-testid={testId}>
      {formatMoney(value)}
    </Text>
  </Card>
);

const SessionTotals = ({ session: s }: { session: RegisterSession }) => (
  <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs">
    <Figure label="Float" value={s.totals.float} />
    <Figure label="Cash sales" value={s.totals.sales} />
    <Figure label="Refunds" value={s.totals.refunds} />
    <Figure label="Cash added" value={s.totals.cash_added} />
    <Figure label="Cash removed" value={s.totals.cash_removed} />
    <Figure label="Expected cash" value={s.expected_cash} testId="detail-expected" />
    {s.counted_cash !== null && s.difference !== null && (
      <>
        <Figure label="Counted cash" value={s.counted_cash} testId="detail-counted" />
        <Card withBorder padding="sm" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Difference
          </Text>
          <CashDifference difference={s.difference} size="lg" data-testid="detail-difference" />
        </Card>
      </>
    )}
  </SimpleGrid>
);

const Amount = ({ value }: { value: number }) => (
  <Text
    span
    fw={600}
    c={value < 0 ? 'red.7' : value > 0 ? 'teal.8' : 'dimmed'}
    style={{ whiteSpace: 'nowrap' }}
  >
    {value > 0 ? '+' : ''}
    {formatMoney(value)}
  </Text>
);

const Movements = ({ movements }: { movements: RegisterMovement[] }) => (
  <Card withBorder radius="md" padding={0}>
    <Table.ScrollContainer minWidth={0}>
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Cash movements">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Movement</Table.Th>
            <Table.Th visibleFrom="sm">By</Table.Th>
            <Table.Th visibleFrom="sm">Time</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {movements.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {REGISTER_MOVEMENT_LABELS[m.kind]}
                </Text>
                {m.reason && (
                  <Text size="xs" c="dimmed">
                    {m.reason}
                  </Text>
                )}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {m.user_name} · {formatDateTime(m.created_at)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{m.user_name}</Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{formatDateTime(m.created_at)}</Text>
              </Table.Td>
              <Table.Td ta="right">{m.kind === 'switch_user' ? '—' : <Amount value={m.amount} />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  </Card>
);

const History = ({
  sessions,
  current,
  onPick,
}: {
  sessions: RegisterSession[];
  current: string | null;
  onPick: (id: string) => void;
}) => (
  <Card withBorder radius="md" padding={0}>
    <Table.ScrollContainer minWidth={0}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Closed sessions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Closed</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              Expected
            </Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              Counted
            </Table.Th>
            <Table.Th ta="right">Difference</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((s) => (
            <Table.Tr
              key={s.id}
              onClick={() => onPick(s.id)}
              style={{ cursor: 'pointer' }}
              bg={s.id === current ? 'var(--mantine-color-blue-light)' : undefined}
            >
              <Table.Td>
                <Text size="sm" fw={600}>
                  {formatDateTime(s.closed_at)}
                </Text>
                <Text size="xs" c="dimmed">
                  {s.closed_by_name}
                </Text>
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {formatMoney(s.expected_cash)} expected · {formatMoney(s.counted_cash ?? 0)} counted
                </Text>
              </Table.Td>
              <Table.Td ta="right" visibleFrom="sm">
                {formatMoney(s.expected_cash)}
              </Table.Td>
              <Table.Td ta="right" visibleFrom="sm">
                {formatMoney(s.counted_cash ?? 0)}
              </Table.Td>
              <Table.Td ta="right">
                <CashDifference difference={s.difference ?? 0} size="sm" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  </Card>
);

export default RegisterDetailsPage;
