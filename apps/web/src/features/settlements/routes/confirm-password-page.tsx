import { useState, type FormEvent } from 'react';
import { Button, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/lib/route-paths';
import { pendingChange } from '../lib/pending-change';

/** /settlement-preference/confirm-password: the password again, before the PIN. */
const ConfirmPasswordPage = () => {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const change = pendingChange.get();
  if (!change) return <Navigate to={paths.SettlementAccount} replace />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return;
    pendingChange.setPassword(password);
    navigate(paths.SettlementConfirmPin);
  };
  return (
    <Stack maw={480} mx="auto" gap="md">
      <PageHeader
        title="Confirm it is you"
        back={{ to: paths.SettlementAccount, label: 'Settlement preference' }}
      />
      <Paper
        withBorder
        radius="md"
        p="md"
        component="form"
        onSubmit={submit}
        aria-label="Confirm your password"
      >
        <Stack gap="md">
          <Text size="sm" data-testid="change-summary">
            {change.label}
          </Text>
          <PasswordInput
            label="Your password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
            autoFocus
            required
          />
          <Button type="submit" disabled={!password}>
            Continue
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
};

export default ConfirmPasswordPage;
