import { useState, type FormEvent } from 'react';
import { Alert, Button, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { PinInput } from '@/components/ui/pin-input';
import { paths } from '@/lib/route-paths';
import { useSetPin } from '../api/settlements';
import { errorText } from '../lib/error-text';

/** /settlement-preference/pin-management: the 4-digit PIN asked before where money goes changes. */
const PinManagementPage = () => {
  const save = useSetPin();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const mismatch = again.length === 4 && pin !== again;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pin.length !== 4 || pin !== again || !password) return;
    save.mutate({ password, pin }, { onSuccess: () => navigate(paths.SettlementAccount) });
  };
  return (
    <Stack maw={480} mx="auto" gap="md">
      <PageHeader
        title="Transaction PIN"
        description="Four digits you will be asked for before your payout account changes. Not your phone’s PIN."
        back={{ to: paths.SettlementAccount, label: 'Settlement preference' }}
      />
      <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-label="Set your PIN">
        <Stack gap="md">
          <PasswordInput
            label="Your password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
            required
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              New PIN
            </Text>
            <PinInput value={pin} onChange={setPin} label="New PIN" />
          </Stack>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              The same PIN again
            </Text>
            <PinInput value={again} onChange={setAgain} error={mismatch} label="PIN again" />
            {mismatch && (
              <Text size="sm" c="red">
                The two PINs are not the same.
              </Text>
            )}
          </Stack>
          {save.isError && <Alert color="red">{errorText(save.error)}</Alert>}
          <Button
            type="submit"
            loading={save.isPending}
            disabled={pin.length !== 4 || pin !== again || !password}
          >
            Save PIN
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
};

export default PinManagementPage;
