import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconBuildingBank, IconCheck, IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMoney, type FixedAccount } from '@ms/contracts';
import { PageHeader } from '@/components/ui/page-header';
import { Empty, LoadError } from '@/components/ui/query-states';
import { hasPermission, useSession } from '@/lib/session-store';
import { useMyStores } from '@/features/stores';
import {
  useBankSandbox,
  useFixedAccounts,
  useOpenFixedAccount,
  useSimulateTransfer,
  useVirtualAccountBanks,
} from '../api/fixed-accounts';
import { spacedAccountNumber } from '../lib/account-number';

const AccountCard = ({ account }: { account: FixedAccount }) => {
  const clipboard = useClipboard({ timeout: 1500 });
  return (
    <Card withBorder radius="md" padding="md" data-testid="fixed-account">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Badge variant="light" w="fit-content">
            {account.store_name}
          </Badge>
          <Text size="sm" c="dimmed">
            {account.bank_name}
          </Text>
        </Stack>
        <Tooltip label={clipboard.copied ? 'Copied' : 'Copy account number'}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={`Copy account number ${account.account_number}`}
            onClick={() => clipboard.copy(account.account_number)}
          >
            {clipboard.copied ? <IconCheck size={20} /> : <IconCopy size={20} />}
          </ActionIcon>
        </Tooltip>
      </Group>
      <Text fz={28} fw={700} ff="monospace" mt="xs" data-testid="fixed-account-number">
        {spacedAccountNumber(account.account_number)}
      </Text>
      <Text size="sm" fw={500}>
        {account.account_name}
      </Text>
    </Card>
  );
};

const OpenAccountForm = ({ onOpened }: { onOpened: () => void }) => {
  const stores = useMyStores();
  const banks = useVirtualAccountBanks(true);
  const open = useOpenFixedAccount();
  const [store, setStore] = useState<string | null>(null);
  const [bank, setBank] = useState<string | null>(null);
  const chosenBank = bank ?? banks.data?.[0]?.code ?? null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!store || !chosenBank) return;
    open.mutate({ store_id: store, bank_code: chosenBank }, { onSuccess: onOpened });
  };
  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={submit}>
      <Title order={2} size="h4" mb="xs">
        Open a fixed account
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Each store gets its own account number. Money sent to it is that store&apos;s.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label="Store"
          placeholder="Choose a store"
          data={(stores.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
          value={store}
          onChange={setStore}
          required
        />
        <Select
          label="Bank"
          data={(banks.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
          value={chosenBank}
          onChange={setBank}
          required
        />
        <Button type="submit" loading={open.isPending} disabled={!store || !chosenBank} mt={{ sm: 25 }}>
          Create account
        </Button>
      </SimpleGrid>
    </Card>
  );
};

/** Sandbox only: a payer's transfer to one of the accounts, to see a payment land. */
const TestTransfer = ({ accounts }: { accounts: FixedAccount[] }) => {
  const simulate = useSimulateTransfer();
  const [account, setAccount] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>(25_000);
  const [payer, setPayer] = useState('');
  const [sent, setSent] = useState<{ amount: number; account: string; outcome: string } | null>(null);
  const canSeeTransactions = hasPermission(useSession(), 'transactions.manage_payments');
  const chosen = account ?? accounts[0]?.account_number ?? null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen || typeof amount !== 'number') return;
    setSent(null);
    simulate.mutate(
      { account_number: chosen, amount, ...(payer.trim() ? { payer_name: payer.trim() } : {}) },
      { onSuccess: (answer) => setSent({ amount, account: chosen, outcome: answer.outcome }) },
    );
  };
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="form"
      onSubmit={submit}
      bg="var(--mantine-color-yellow-0)"
    >
      <Title order={2} size="h4">
        Test a payment
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Sandbox: no real money moves. A customer&apos;s transfer arrives as the bank would send it.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <Select
          label="To account"
          data={accounts.map((a) => ({
            value: a.account_number,
            label: `${a.account_number} · ${a.store_name}`,
          }))}
          value={chosen}
          onChange={setAccount}
        />
        <NumberInput
          label="Amount (₦)"
          min={0.01}
          max={10_000_000}
          decimalScale={2}
          thousandSeparator=","
          value={amount}
          onChange={setAmount}
        />
        <TextInput
          label="Payer name"
          placeholder="Optional"
          value={payer}
          onChange={(e) => setPayer(e.currentTarget.value)}
        />
        <Button type="submit" loading={simulate.isPending} disabled={!chosen} mt={{ sm: 25 }}>
          Send test transfer
        </Button>
      </SimpleGrid>
      {sent?.outcome === 'applied' && (
        <Alert color="green" mt="sm" title="Payment received">
          {formatMoney(sent.amount)} landed on {sent.account}.{' '}
          {canSeeTransactions && (
            <Anchor component={Link} to="/payments">
              See it in Transactions
            </Anchor>
          )}
        </Alert>
      )}
      {sent?.outcome === 'sent' && (
        <Alert color="blue" mt="sm" title="On its way">
          The bank has not delivered {formatMoney(sent.amount)} to {sent.account} yet. It shows in
          Transactions as soon as it lands.
        </Alert>
      )}
      {sent && sent.outcome !== 'applied' && sent.outcome !== 'sent' && (
        <Alert color="orange" mt="sm" title="Not recorded">
          The bank&apos;s message was answered &quot;{sent.outcome}&quot;: nothing was added to Transactions.
        </Alert>
      )}
    </Card>
  );
};

/** /fixed-account: each store's own account number for payments by bank transfer. */
const FixedAccountPage = () => {
  const session = useSession();
  const canManage = hasPermission(session, 'settings.payment_methods');
  const accounts = useFixedAccounts();
  const sandbox = useBankSandbox();
  const [showForm, setShowForm] = useState(false);
  const list = accounts.data ?? [];

  return (
    <Stack maw={960} mx="auto" gap="md">
      <PageHeader
        title="Fixed payment account"
        description="Customers pay by bank transfer to your store's own account number. Each payment shows in Transactions as it lands."
        actions={
          canManage &&
          list.length > 0 &&
          !showForm && (
            <Button variant="default" onClick={() => setShowForm(true)}>
              Open another account
            </Button>
          )
        }
      />
      {accounts.isPending && <Skeleton h={140} radius="md" />}
      {accounts.isError && (
        <LoadError what="the fixed accounts" error={accounts.error} onRetry={() => accounts.refetch()} />
      )}
      {accounts.isSuccess && list.length === 0 && (
        <Empty
          title="No fixed account yet"
          icon={<IconBuildingBank size={44} color="var(--mantine-color-gray-5)" aria-hidden />}
        >
          {canManage
            ? 'Open one for a store below: customers can then pay you by transfer.'
            : 'Ask your admin to open one for your store.'}
        </Empty>
      )}
      {list.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {list.map((a) => (
            <AccountCard key={a._id} account={a} />
          ))}
        </SimpleGrid>
      )}
      {canManage && accounts.isSuccess && (list.length === 0 || showForm) && (
        <OpenAccountForm onOpened={() => setShowForm(false)} />
      )}
      {canManage && sandbox.data === true && list.length > 0 && <TestTransfer accounts={list} />}
    </Stack>
  );
};

export default FixedAccountPage;
