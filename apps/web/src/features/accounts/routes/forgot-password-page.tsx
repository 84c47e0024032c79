import { useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  PinInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCheck, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  RESET_OTP_LENGTH,
  otpInitiateBody,
  otpVerifyBody,
  recoverPasswordBody,
  requiredText,
} from '@ms/contracts';
import { Stepper } from '@/components/ui/stepper';
import { useOtpInitiateMutation, useOtpVerifyMutation, useRecoverPasswordMutation } from '../api/accounts';
import { AuthLayout } from '../components/auth-layout';
import { PasswordRules } from '../components/password-rules';
import { ResendCodeLink } from '../components/resend-code-link';

const STEPS = ['E-mail', 'Code', 'New password'] as const;

const Failure = ({ message }: { message: string | null }) =>
  message ? (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
    </Alert>
  ) : null;

const emailSchema = otpInitiateBody.pick({ email: true });

const EmailStep = ({ onSent }: { onSent: (email: string) => void }) => {
  const initiate = useOtpInitiateMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({
    resolver: zodResolver(emailSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const submit = handleSubmit(({ email }) => {
    setFailure(null);
    initiate.mutate(email, { onSuccess: () => onSent(email), onError: (e) => setFailure(e.message) });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter the e-mail you log in with. We will send you a {RESET_OTP_LENGTH}-digit code.
        </Text>
        <Failure message={failure} />
        <TextInput
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="username"
          placeholder="you@example.com"
          leftSection={<IconMail size={18} aria-hidden />}
          size="md"
          error={errors.email?.message}
          data-autofocus
          {...register('email')}
        />
        <Button type="submit" size="md" fullWidth loading={initiate.isPending}>
          Send code
        </Button>
      </Stack>
    </form>
  );
};

const otpRule = otpVerifyBody.shape.otp;

const CodeStep = ({
  email,
  onVerified,
  onBack,
}: {
  email: string;
  onVerified: (token: string) => void;
  onBack: () => void;
}) => {
  const verify = useOtpVerifyMutation();
  const resend = useOtpInitiateMutation();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const valid = otpRule.safeParse(code).success;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!valid || verify.isPending) return;
    setFailure(null);
    verify.mutate(
      { email, otp: code },
      { onSuccess: (d) => onVerified(d.reset_token), onError: (err) => setFailure(err.message) },
    );
  };
  const sendAgain = () => {
    setFailure(null);
    setNotice(null);
    resend.mutate(email, {
      onSuccess: () => {
        setCode('');
        setNotice(`We sent a new code to ${email}.`);
      },
      onError: (err) => setFailure(err.message),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          We sent a {RESET_OTP_LENGTH}-digit code to <b style={{ wordBreak: 'break-all' }}>{email}</b>. It can
          take a minute to arrive.
        </Text>
        <Failure message={failure} />
        {notice ? (
          <Alert color="teal" role="status">
            {notice}
          </Alert>
        ) : null}
        <Stack gap={6}>
          <Text size="sm" fw={500} id="reset-code-label">
            Code from the e-mail
          </Text>
          <PinInput
            length={RESET_OTP_LENGTH}
            type="number"
            inputMode="numeric"
            oneTimeCode
            size="lg"
            gap={6}
            value={code}
            onChange={setCode}
            onComplete={() => undefined}
            ariaLabel="Code digit"
            placeholder=""
            autoFocus
            styles={{ root: { width: '100%' }, pinInput: { flex: 1, minWidth: 0 }, input: { width: '100%' } }}
          />
        </Stack>
        <Button type="submit" size="md" fullWidth disabled={!valid} loading={verify.isPending}>
          Verify code
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Use another e-mail
          </Anchor>
          <ResendCodeLink onClick={sendAgain} sending={resend.isPending} />
        </Group>
      </Stack>
    </form>
  );
};

const passwordSchema = recoverPasswordBody
  .pick({ password: true })
  .extend({ confirm: requiredText('password confirmation', 64) })
  // requiredText trims, so compare trimmed; what is sent is the password as typed.
  .refine((v) => v.password.trim() === v.confirm, {
    path: ['confirm'],
    message: 'The passwords do not match.',
  });

const PasswordStep = ({
  email,
  resetToken,
  onDone,
}: {
  email: string;
  resetToken: string;
  onDone: () => void;
}) => {
  const recover = useRecoverPasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<{ password: string; confirm: string }>({
    resolver: zodResolver(passwordSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirm: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const submit = handleSubmit((v) => {
    setFailure(null);
    recover.mutate(
      { email, reset_token: resetToken, password: v.password },
      { onSuccess: onDone, onError: (e) => setFailure(e.message) },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Failure message={failure} />
        <div>
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            size="md"
            error={!!errors.password}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            data-autofocus
            {...register('password')}
          />
          <PasswordRules value={password} invalid={!!errors.password} />
        </div>
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          size="md"
          error={errors.confirm?.message}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
          {...register('confirm')}
        />
        <Button type="submit" size="md" fullWidth loading={recover.isPending}>
          Save new password
        </Button>
      </Stack>
    </form>
  );
};

/** /forgot-password (spec 000 §2.1, §7.1): e-mail -> 6-digit code -> new password -> done. */
const ForgotPasswordPage = () => {
  const [step, setStep] = useState<1 | 2 | 3 | 'done'>(1);
  const [email, setEmail] = useState('');
  const [resetToken, setResetToken] = useState('');

  return (
    <AuthLayout
      title={step === 'done' ? 'Password changed' : 'Reset your password'}
      subtitle={step === 'done' ? undefined : 'It only takes a minute. Your data stays safe.'}
      footer={
        step === 'done' ? undefined : (
          <>
            Remembered it?{' '}
            <Anchor component={Link} to="/login" fw={600}>
              Back to log in
            </Anchor>
          </>
        )
      }
    >
      <Stack gap="lg">
        <Stepper steps={STEPS} current={step === 'done' ? STEPS.length : step} completed={step === 'done'} />
        {step === 1 ? (
          <EmailStep
            onSent={(e) => {
              setEmail(e);
              setStep(2);
            }}
          />
        ) : step === 2 ? (
          <CodeStep
            email={email}
            onBack={() => setStep(1)}
            onVerified={(token) => {
              setResetToken(token);
              setStep(3);
            }}
          />
        ) : step === 3 ? (
          <PasswordStep email={email} resetToken={resetToken} onDone={() => setStep('done')} />
        ) : (
          <Stack align="center" ta="center" gap="sm" py="sm" role="status">
            <ThemeIcon size={64} radius="xl" color="teal" variant="light">
              <IconCheck size={36} stroke={2.5} />
            </ThemeIcon>
            <Title order={2} fz={20}>
              You are all set
            </Title>
            <Text c="dimmed">Your password has been changed. Log in with your new password.</Text>
            <Button component={Link} to="/login" size="md" fullWidth mt="sm">
              Go to log in
            </Button>
          </Stack>
        )}
      </Stack>
    </AuthLayout>
  );
};

export default ForgotPasswordPage;
