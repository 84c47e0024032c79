import { Alert, Card, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSession } from '@/lib/session-store';
import { useToggleOtpMutation } from '../api/security';
import { SecurityHeader } from '../components/security-header';

/** /security/otptoggle (admin): whether a new device needs the e-mailed code (spec 000 §4). */
const SecurityOtpPage = () => {
  const session = useSession();
  const toggle = useToggleOtpMutation();
  const on = !!session?.business.require_device_otp;
  const shown = toggle.isPending ? !!toggle.variables : on;

  const change = (enabled: boolean) =>
    toggle.mutate(enabled, {
      onSuccess: ({ require_device_otp }) =>
        notifications.show({
          color: 'teal',
          message: require_device_otp
            ? 'Saved. A new device now needs a code from the e-mail.'
            : 'Saved. New devices can log in without a code.',
        }),
    });

  return (
    <>
      <SecurityHeader
        title="Device approval"
        description="When this is on, logging in from a phone or computer your business has not seen before needs a 4-character code we e-mail to that user."
      />
      <Stack gap="md" maw={720}>
        <Card withBorder padding="lg" radius="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md">
            <Switch
              size="lg"
              checked={shown}
              onChange={(e) => change(e.currentTarget.checked)}
              disabled={toggle.isPending}
              label={<Text fw={600}>Ask for a code when a new device logs in</Text>}
              description="Devices already approved keep working."
              styles={{ body: { alignItems: 'flex-start' } }}
            />
            {toggle.isPending ? <Loader size="sm" aria-label="Saving" /> : null}
          </Group>
        </Card>
        {!on && !toggle.isPending ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Device approval is off"
          >
            Anyone who knows a password can log in from any phone or computer. We recommend turning it on.
          </Alert>
        ) : null}
      </Stack>
    </>
  );
};

export default SecurityOtpPage;
