import { lazy, Suspense, useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconLock, IconMail } from '@tabler/icons-react';
import { CODES } from '@ms/contracts';
import { AppLink } from '@/components/ui/app-link';
import { ApiError } from '@/lib/api-client';
import { useLoginMutation } from '../api/accounts';
import { useEnterApp } from '../hooks/use-enter-app';
import type { LoginValues as Values } from './login-validation';
import { useLoginFields } from './use-login-fields';

// Most logins never need it: the modal (and Mantine's Modal code) loads only for a new device.
const loadModal = () => import('./device-otp-modal');
const DeviceOtpModal = lazy(() => loadModal().then((m) => ({ default: m.DeviceOtpModal })));

/** E-mail and password; a new device (DEV001) opens the device-code modal instead of failing. */
export const LoginForm = ({ defaultEmail = '' }: { defaultEmail?: string }) => {
  const enter = useEnterApp();
  const login = useLoginMutation();
  const [deviceCheck, setDeviceCheck] = useState<Values | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, errors } = useLoginFields({ email: defaultEmail, password: '' });

  const submit = handleSubmit((values) => {
    setFailure(null);
    void loadModal();
    login.mutate(values, {
      onSuccess: enter,
      onError: (error) => {
        if (error instanceof ApiError && error.code === CODES.deviceOtpRequired) setDeviceCheck(values);
        else setFailure(error.message);
      },
    });
  });

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Could not log in">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label="E-mail"
            type="email"
            inputMode="email"
            autoComplete="username"
            placeholder="you@example.com"
            leftSection={<IconMail size={18} aria-hidden />}
            size="md"
            error={errors.email}
            {...register('email')}
          />
          <div>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              placeholder="Your password"
              leftSection={<IconLock size={18} aria-hidden />}
              size="md"
              error={errors.password}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
              {...register('password')}
            />
            <Group justify="flex-end" mt={8}>
              <Anchor component={AppLink} to="/forgot-password" size="sm" fw={600} py={4}>
                Forgot password?
              </Anchor>
            </Group>
          </div>
          <Button type="submit" size="md" fullWidth loading={login.isPending}>
            Log in
          </Button>
        </Stack>
      </form>
      {deviceCheck ? (
        <Suspense fallback={null}>
          <DeviceOtpModal
            opened
            email={deviceCheck.email}
            password={deviceCheck.password}
            onClose={() => setDeviceCheck(null)}
            onVerified={(data) => {
              setDeviceCheck(null);
              enter(data);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
};
