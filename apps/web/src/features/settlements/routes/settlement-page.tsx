import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SettlementPreferences } from '@ms/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError } from '@/components/ui/query-states';
import { formatDateTime } from '@/lib/date-time';
import { paths } from '@/lib/route-paths';
import { useSession } from '@/lib/session-store';
import { useCancelSettlementChange, useSettlementPreferences } from '../api/settlements';

type Scope = SettlementPreferences['scopes'][number];

const accountLine = (a: NonNullable<Scope['current']>) =>
  `${a.bank_name} · ${a.account_number} · ${a.account_name}`;

const ScopeCard = ({ scope, isOwner }: { scope: Scope; isOwner: boolean }) => {
  const cancel = useCancelSettlementChange();
  return (
    <Card withBorder radius="md" padding="md" data-testid="settlement-scope">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>{scope.store_name ?? 'The business'}</Text>
          <Text size="sm" c={scope.current ? undefined : 'dimmed'}>
            {scope.current
              ? accountLine(scope.current)
              : scope.store_id
                ? 'No account of its own: paid to the business account.'
                : 'No settlement account yet: add a bank account to be paid.'}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={`${paths.AddSettlementPreference}?store=${scope.store_id ?? 'business'}`}
          variant="default"
          size="xs"
        >
          {scope.current ? 'Change account' : 'Choose account'}
        </Button>
      </Group>
      {scope.pending && (
        <Alert color="orange" mt="sm" title="Change waiting" data-testid="pending-change">
          <Text size="sm">
            From {formatDateTime(scope.pending.effective_at)} payouts go to{' '}
            {accountLine(scope.pending.account)}
            {scope.pending.requested_by ? ` (asked by ${scope.pending.requested_by})` : ''}.
          </Text>
          {isOwner ? (
            <Button
              mt="xs"
              size="xs"
              color="red"
              variant="light"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(scope.pending!._id)}
            >
              Cancel this change
            </Button>
          ) : (
            <Text size="xs" c="dimmed" mt={4}>
              Only the owner can cancel it.
            </Text>
          )}
        </Alert>
      )}
    </Card>
  );
};

/** /settlement-preference (admin): where payouts go, and the way to change it safely. */
const SettlementPage = () => {
  const prefs = useSettlementPreferences();
  const session = useSession();
  const data = prefs.data;
  const perStore = data?.settlement_type === 'store';
  const scopes = data ? (perStore ? data.scopes : data.scopes.filter((s) => s.store_id === null)) : [];
  return (
    <Stack maw={820} mx="auto" gap="md">
      <PageHeader
        title="Settlement preference"
        description="Where the money your customers pay by transfer is sent, every morning."
        actions={
          <Button
            component={Link}
            to={paths.SettlementPinManagement}
            variant="default"
            leftSection={<IconLock size={18} />}
          >
            {data?.has_pin ? 'Change PIN' : 'Set PIN'}
          </Button>
        }
      />
      {prefs.isPending && <Skeleton h={200} radius="md" />}
      {prefs.isError && (
        <LoadError what="the settlement preference" error={prefs.error} onRetry={() => prefs.refetch()} />
      )}
      {data && (
        <>
          {!data.has_pin && (
            <Alert color="blue" title="Set your transaction PIN">
              Changing where your money goes needs your password and a 4-digit PIN.{' '}
              <Link to={paths.SettlementPinManagement}>Set it now</Link>.
            </Alert>
          )}
          <Card withBorder radius="md" padding="md">
            <Group justify="space-between" gap="sm">
              <Stack gap={2}>
                <Group gap="xs">
                  <IconBuildingBank size={18} aria-hidden />
                  <Title order={2} size="h4">
                    {perStore ? 'Store by store' : 'One payout for the business'}
                  </Title>
                  <Badge variant="light">
                    From {String(data.payout_hour).padStart(2, '0')}:00, the next day
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {perStore
                    ? 'Each store is paid to its own account; a store without one is paid to the business account.'
                    : 'All stores’ money is paid together to the business account.'}
                </Text>
              </Stack>
              <Button
                component={Link}
                to={perStore ? paths.BusinessSettlement : paths.StoreSettlement}
                variant="default"
                size="xs"
              >
                {perStore ? 'Pay as one business' : 'Pay store by store'}
              </Button>
            </Group>
          </Card>
          <Text size="sm" c="dimmed">
            A new account takes effect a day after you ask, and the owner is e-mailed at once: if someone else
            got into your account, the owner can cancel it before any money moves.
          </Text>
          {scopes.map((s) => (
            <ScopeCard key={s.store_id ?? 'business'} scope={s} isOwner={!!session?.user.is_owner} />
          ))}
        </>
      )}
    </Stack>
  );
};

export default SettlementPage;
