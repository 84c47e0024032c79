import { Alert, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import type { BuiltInPaymentMethod } from '@ms/contracts';
import { useMethodSettings, usePaymentOptionMutations } from '../api/payment-options';
import { LoadError } from '@/components/ui/query-states';

/** The built-in methods with an on/off switch each; cash stays on (the register counts it). */
export const BuiltInMethods = () => {
  const settings = useMethodSettings();
  const { toggle } = usePaymentOptionMutations();

  const set = (method: BuiltInPaymentMethod, enabled: boolean) =>
    toggle.mutate({ methods: { [method]: enabled } });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="built-in-methods-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="built-in-methods-title">
            Built-in methods
          </Title>
          <Text size="sm" c="dimmed">
            Turn off the ways of paying your shop does not take; the POS stops offering them.
          </Text>
        </div>
        {toggle.isError && (
          <Alert color="red" title="That did not work" withCloseButton onClose={() => toggle.reset()}>
            {toggle.error.message}
          </Alert>
        )}
        {settings.isPending ? (
          <Stack gap="xs">
            {[1, 2, 3].map((i) => (
              <Skeleton key={i} h={32} />
            ))}
          </Stack>
        ) : settings.isError ? (
          <LoadError what="the payment methods" error={settings.error} />
        ) : (
          <Stack gap="sm">
            {settings.data.methods.map((m) => (
              <Switch
                key={m.method}
                size="md"
                label={m.label}
                description={m.can_disable ? undefined : 'Always on: the register and change need cash.'}
                checked={m.enabled}
                // Always-on cash shows as on (a disabled switch reads as off); it just cannot move.
                disabled={m.can_disable && toggle.isPending}
                aria-readonly={!m.can_disable || undefined}
                onChange={(e) => m.can_disable && set(m.method, e.currentTarget.checked)}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
};
