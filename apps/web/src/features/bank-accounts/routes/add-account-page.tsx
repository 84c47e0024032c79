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
import { useAddBankAccount, useBankAccounts, useBanks, useResolveAccount } from '../api/bank-accounts';

/** /add-account (admin): the business's bank accounts, each added under the name its bank gives it. */
const AddAccountPage = () => {
  const accounts = useBankAccounts();
  const banks = useBanks();
  const add = useAddBankAccount();
  const [bank, setBank] = useState<string | null>(null);
  const [number, setNumber] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const resolved = useResolveAccount(bank, number);
  const complete = !!bank && /^\d{10}$/.test(number);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!bank || !resolved.data) return;
    add.mutate(
      { account_number: number, bank_code: bank },
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
      {(accounts.data ?? []).map((a) => (
        <Card key={a._id} withBorder radius="md" padding="sm" data-testid="bank-account">
          <Text fw={600}>{a.account_name}</Text>
          <Text size="sm" c="dimmed">
            {a.bank_name} · {a.account_number}
          </Text>
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
