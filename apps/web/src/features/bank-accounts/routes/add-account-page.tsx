import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError } from '@/components/ui/query-states';
import { useMyStores } from '@/features/stores';
import {
  useAddBankAccount,
  useBankAccounts,
  useBanks,
  useResolveAccount,
  useSetBankAccountStore,
} from '../api/bank-accounts';

/** The Select's value for the business itself (an account no store owns). */
const BUSINESS = 'business';

/** /add-account (admin): the business's bank accounts, each added under the name its bank gives it. */
const AddAccountPage = () => {
  const accounts = useBankAccounts();
  const banks = useBanks();
  const add = useAddBankAccount();
  const setStore = useSetBankAccountStore();
  const stores = useMyStores();
  const owners = [
    { value: BUSINESS, label: 'The whole business' },
    ...(stores.data ?? []).map((s) => ({ value: s._id, label: s.name })),
  ];
  const [owner, setOwner] = useState<string>(BUSINESS);
  const [bank, setBank] = useState<string | null>(null);
  const [number, setNumber] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const resolved = useResolveAccount(bank, number);
  const complete = !!bank && /^\d{10}$/.test(number);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!bank || !resolved.data) return;
    add.mutate(
      { account_number: number, bank_code: bank, store_id: owner === BUSINESS ? null : owner },
      {
        onSuccess: (account) => {
          setSaved(`${account.account_name} · ${account.bank_name} ${account.account_number}`);
          setNumber('');
        },
      },
    );
  };

  return (
    <Stack maw={760} mx="auto" gap="md">
      <PageHeader
        title="Bank account"
        description="Where your money can be paid out to. The bank confirms the account name before you save it."
      />
      {accounts.isPending && !accounts.data && <Skeleton h={80} radius="md" />}
      {accounts.isError && !accounts.data && (
        <LoadError what="your bank accounts" error={accounts.error} onRetry={() => accounts.refetch()} />
      )}
      {setStore.isError && (
        <Alert color="red" title="That did not work" withCloseButton onClose={() => setStore.reset()}>
          {setStore.error.message}
        </Alert>
      )}
      {(accounts.data ?? []).map((a) => (
        <Card key={a._id} withBorder radius="md" padding="sm" data-testid="bank-account">
          <Group justify="space-between" align="flex-end" gap="sm">
            <div>
              <Text fw={600}>{a.account_name}</Text>
              <Text size="sm" c="dimmed">
                {a.bank_name} · {a.account_number}
              </Text>
            </div>
            {owners.length > 2 && (
              <Select
                label="Account of"
                aria-label={`Account of (${a.account_number})`}
                data={owners}
                value={a.store_id ?? BUSINESS}
                allowDeselect={false}
                disabled={setStore.isPending}
                onChange={(v) => v && setStore.mutate({ _id: a._id, store_id: v === BUSINESS ? null : v })}
                w={220}
                size="sm"
              />
            )}
          </Group>
        </Card>
      ))}
      <Card
        withBorder
        radius="md"
        padding="md"
        component="form"
        onSubmit={submit}
        aria-label="Add a bank account"
      >
        <Title order={2} size="h4" mb="sm">
          Add a bank account
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Bank"
            placeholder="Choose your bank"
            searchable
            data={(banks.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
            value={bank}
            onChange={(v) => {
              setBank(v);
              setSaved(null);
            }}
          />
          <TextInput
            label="Account number"
            placeholder="10 digits"
            inputMode="numeric"
            maxLength={10}
            value={number}
            onChange={(e) => {
              setNumber(e.currentTarget.value.replace(/\D/g, ''));
              setSaved(null);
            }}
          />
        </SimpleGrid>
        {owners.length > 2 && (
          <Select
            label="Account of"
            description="A store's own account can receive that store's payouts when you settle store by store."
            data={owners}
            value={owner}
            allowDeselect={false}
            onChange={(v) => v && setOwner(v)}
            mt="sm"
            maw={360}
          />
        )}
        {complete && resolved.isFetching && (
          <Group gap="xs" mt="sm">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Asking the bank…
            </Text>
          </Group>
        )}
        {complete && resolved.data && (
          <Alert
            color="green"
            mt="sm"
            icon={<IconCircleCheck size={18} />}
            title="Account name"
            data-testid="resolved-name"
          >
            {resolved.data.account_name}
          </Alert>
        )}
        {complete && resolved.isError && (
          <Alert color="red" mt="sm" title="The bank did not confirm this account">
            {resolved.error.message}
          </Alert>
        )}
        <Button type="submit" mt="md" disabled={!resolved.data} loading={add.isPending}>
          Save account
        </Button>
        {saved && (
          <Text size="sm" c="green.8" mt="xs">
            Saved: {saved}
          </Text>
        )}
      </Card>
    </Stack>
  );
};

export default AddAccountPage;
