import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/lib/route-paths';
import { useBankAccounts } from '@/features/bank-accounts';
import { useSettlementPreferences } from '../api/settlements';
import { pendingChange } from '../lib/pending-change';

/**
 * /settlement-preference/add-settlement-preference: which bank account the business (or a store) is
 * paid to. The next steps ask for the password and the PIN.
 */
const AddSettlementPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const prefs = useSettlementPreferences();
  const accounts = useBankAccounts();
  const storeParam = params.get('store');
  const [scope, setScope] = useState<string>(
    storeParam && storeParam !== 'business' ? storeParam : 'business',
  );
  const [account, setAccount] = useState<string | null>(null);
  const scopes = prefs.data?.scopes ?? [];
  const current = scopes.find((s) => (s.store_id ?? 'business') === scope)?.current;
  const choices = (accounts.data ?? []).filter((a) => a._id !== current?._id);
  const chosen = choices.find((a) => a._id === account);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    const where = scopes.find((s) => (s.store_id ?? 'business') === scope)?.store_name ?? 'the business';
    pendingChange.start({
      kind: 'account',
      store_id: scope === 'business' ? null : scope,
      bank_account_id: chosen._id,
      label: `Pay ${where} to ${chosen.bank_name} · ${chosen.account_number} (${chosen.account_name})`,
    });
    navigate(paths.SettlementConfirmPassword);
  };
  return (
    <Stack maw={560} mx="auto" gap="md">
      <PageHeader
        title="Settlement account"
        description="Choose the bank account payouts go to."
        back={{ to: paths.SettlementAccount, label: 'Settlement preference' }}
      />
      {(prefs.isPending || accounts.isPending) && <Skeleton h={160} radius="md" />}
      {prefs.data && accounts.data && (
        <Paper
          withBorder
          radius="md"
          p="md"
          component="form"
          onSubmit={submit}
          aria-label="Choose the settlement account"
        >
          <Stack gap="md">
            <Select
              label="Paid to it"
              data={scopes.map((s) => ({
                value: s.store_id ?? 'business',
                label: s.store_name ?? 'The business',
              }))}
              value={scope}
              onChange={(v) => v && setScope(v)}
              allowDeselect={false}
            />
            {current && (
              <Text size="sm" c="dimmed">
                Now: {current.bank_name} · {current.account_number}
              </Text>
            )}
            {choices.length === 0 ? (
              <Alert color="blue">
                Add the bank account first:{' '}
                <Anchor component={Link} to={paths.AddAccount}>
                  Bank account
                </Anchor>
                . Its name is checked with the bank.
              </Alert>
            ) : (
              <Select
                label="Bank account"
                placeholder="Choose one of your bank accounts"
                data={choices.map((a) => ({
                  value: a._id,
                  label: `${a.bank_name} · ${a.account_number} · ${a.account_name}`,
                }))}
                value={account}
                onChange={setAccount}
              />
            )}
            {current && (
              <Text size="sm">
                A new account takes effect a day after you ask; the owner is e-mailed now.
              </Text>
            )}
            <Button type="submit" disabled={!chosen}>
              Continue
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
};

export default AddSettlementPage;
