import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { CODES, DEVICE_OTP_LENGTH, verifyDeviceBody, type LoginData } from '@ms/contracts';
import { ApiError } from '@/lib/api-client';
import { useLoginMutation, useVerifyDeviceMutation } from '../api/accounts';
import { ResendCodeLink } from './resend-code-link';

/**
 * Spec 000 §4 device flow: the login answered DEV001, so a 4-character code was e-mailed. The code
 * approves this device and completes the login; "Resend code" logs in again, which sends a new one.
 */
export type DeviceOtpModalProps = {
  opened: boolean;
  email: string;
  password: string;
  onClose: () => void;
  onVerified: (data: LoginData) => void;
};

const otpRule = verifyDeviceBody.shape.otp;
/** Codes are capitals and digits; whatever else is typed or pasted (spaces, dashes) is dropped. */
export const normalizeDeviceCode = (raw: string) =>
  raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, DEVICE_OTP_LENGTH);

const DeviceOtpForm = ({ email, password, onVerified }: Omit<DeviceOtpModalProps, 'opened' | 'onClose'>) => {
  const [code, setCode] = useState('');
  const [blurred, setBlurred] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const verify = useVerifyDeviceMutation();
  const resend = useLoginMutation();

  const check = otpRule.safeParse(code);
  const ruleError = blurred && code !== '' && !check.success ? check.error.issues[0]?.message : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!check.success) return;
    setError(null);
    setNotice(null);
    verify.mutate({ email, otp: code }, { onSuccess: onVerified, onError: (err) => setError(err.message) });
  };

  const sendAgain = () => {
    setError(null);
    setNotice(null);
    resend.mutate(
      { email, password },
      {
        onSuccess: onVerified,
        onError: (err) => {
          if (err instanceof ApiError && err.code === CODES.deviceOtpRequired) {
            setCode('');
            setNotice(`We sent a new code to ${email}.`);
          } else setError(err.message);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" style={{ flex: 'none' }}>
            <IconMailCheck size={24} />
          </ThemeIcon>
          <Text size="sm">
            This device is new to your business. To keep your business safe, we e-mailed a {DEVICE_OTP_LENGTH}
            -character code to <b style={{ wordBreak: 'break-all' }}>{email}</b>. Enter it below to approve
            this device.
          </Text>
        </Group>
        <TextInput
          label="Verification code"
          description={`${DEVICE_OTP_LENGTH} letters or numbers, e.g. K7Q2`}
          value={code}
          onChange={(e) => setCode(normalizeDeviceCode(e.currentTarget.value))}
          onBlur={() => setBlurred(true)}
          error={ruleError}
          maxLength={DEVICE_OTP_LENGTH}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          data-autofocus
          size="md"
          styles={{
            input: {
              height: 56,
              fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
              letterSpacing: 10,
              fontSize: 26,
              fontWeight: 600,
              textAlign: 'center',
            },
          }}
        />
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        ) : null}
        {notice ? (
          <Alert color="teal" role="status">
            {notice}
          </Alert>
        ) : null}
        <Button type="submit" size="md" fullWidth disabled={!check.success} loading={verify.isPending}>
          Verify and continue
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          Did not get it? Check your spam folder or{' '}
          <ResendCodeLink onClick={sendAgain} sending={resend.isPending} sendingText="sending…" />
        </Text>
      </Stack>
    </form>
  );
};

export const DeviceOtpModal = ({ opened, onClose, ...form }: DeviceOtpModalProps) => (
  <Modal
    opened={opened}
    onClose={onClose}
    title={<Text fw={700}>Approve this device</Text>}
    centered
    size="md"
  >
    {opened ? <DeviceOtpForm {...form} /> : null}
  </Modal>
);
