import { useState } from 'react';
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { PinInput } from '@/components/ui/pin-input';
import { paths } from '@/lib/route-paths';
import { useChangeSettlementAccount, useUpdateSettlementType } from '../api/settlements';
import { errorText } from '../lib/error-text';
import { pendingChange } from '../lib/pending-change';

/** /settlement-preference/confirm-pin: the transaction PIN; then the change is asked for. */
const ConfirmPinPage = () => {
  const navigate = useNavigate();
  const [pin, setPin] = useState('');
  const account = useChangeSettlementAccount();
  const type = useUpdateSettlementType();
  const change = pendingChange.get();
  const password = pendingChange.password();
  if (!change || !password) return <Navigate to={paths.SettlementAccount} replace />;
  const busy = account.isPending || type.isPending;
  const error = account.error ?? type.error;
  const done = () => {
    pendingChange.clear();
    navigate(paths.SettlementAccount);
  };
  const submit = (value: string) => {
    if (value.length !== 4 || busy) return;
    if (change.kind === 'account')
      account.mutate(
        { store_id: change.store_id, bank_account_id: change.bank_account_id, password, pin: value },
        { onSuccess: done },
      );
    else type.mutate({ settlement_type: change.settlement_type, password, pin: value }, { onSuccess: done });
  };
  return (
    <Stack maw={480} mx="auto" gap="md">
      <PageHeader
        title="Enter your PIN"
        back={{ to: paths.SettlementAccount, label: 'Settlement preference' }}
      />
      <Paper
        withBorder
        radius="md"
        p="md"
        component="form"
        aria-label="Confirm your PIN"
        onSubmit={(e) => {
          e.preventDefault();
          submit(pin);
        }}
      >
        <Stack gap="md">
          <Text size="sm">{change.label}</Text>
          <PinInput
            value={pin}
            onChange={setPin}
            onComplete={submit}
            error={!!error}
            autoFocus
            label="Transaction PIN"
          />
          {error && (
            <Alert color="red" data-testid="pin-error">
              {errorText(error)}
            </Alert>
          )}
          <Button type="submit" loading={busy} disabled={pin.length !== 4}>
            Confirm
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
};

export default ConfirmPinPage;
