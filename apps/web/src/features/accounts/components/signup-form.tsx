import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { signupBody } from '@ms/contracts';
import { useCheckEmailMutation, useSignupMutation, type SignupInput } from '../api/accounts';
import { useEnterApp } from '../hooks/use-enter-app';
import { PasswordRules } from './password-rules';

const schema = signupBody.omit({ device: true, partner_bank: true });

const BUSINESS_TYPES = [
  'Retail shop',
  'Supermarket',
  'Restaurant or food',
  'Pharmacy',
  'Fashion and beauty',
  'Electronics and phones',
  'Wholesale or distribution',
  'Services',
  'Other',
];

export const EMAIL_TAKEN = 'An account with this email already exists';

export type SignupFormProps = {
  /** Partner-bank sign-up: the e-mail comes from the link and cannot be changed. */
  lockedEmail?: string;
  partnerBank?: string;
  loginPath?: string;
};

/** Sign-up: the owner, then the business. The e-mail is checked when the field is left. */
export const SignupForm = ({ lockedEmail, partnerBank, loginPath = '/login' }: SignupFormProps) => {
  const enter = useEnterApp();
  const signup = useSignupMutation();
  const check = useCheckEmailMutation();
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      first_name: '',
      last_name: '',
      email: lockedEmail ?? '',
      phone: '',
      password: '',
      business_name: '',
      business_type: '',
      store_name: '',
      store_address: '',
    },
  });
  const email = useWatch({ control, name: 'email' });
  const password = useWatch({ control, name: 'password' });
  const emailTaken = !!takenEmail && takenEmail === email.trim().toLowerCase();

  const checkEmail = (value: string) => {
    const parsed = schema.shape.email.safeParse(value);
    if (!parsed.success) return;
    check.mutate(parsed.data, {
      onSuccess: ({ exists }) => setTakenEmail(exists ? parsed.data : null),
    });
  };
  const { mutate: checkNow } = check;
  useEffect(() => {
    if (!lockedEmail) return;
    const parsed = schema.shape.email.safeParse(lockedEmail);
    if (parsed.success)
      checkNow(parsed.data, { onSuccess: ({ exists }) => setTakenEmail(exists ? parsed.data : null) });
  }, [lockedEmail, checkNow]);

  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [failure]);

  const submit = handleSubmit((values) => {
    if (emailTaken) return;
    setFailure(null);
    const optional = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
    const body: SignupInput = {
      ...values,
      business_type: optional(values.business_type),
      store_name: optional(values.store_name),
      store_address: optional(values.store_address),
      partner_bank: partnerBank,
    };
    signup.mutate(body, { onSuccess: enter, onError: (error) => setFailure(error.message) });
  });

  const emailError =
    errors.email?.message ??
    (emailTaken ? (
      <>
        {EMAIL_TAKEN}.{' '}
        <Anchor component={Link} to={loginPath} size="sm" fw={600}>
          Log in instead
        </Anchor>
      </>
    ) : undefined);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? (
          <Alert
            ref={failureRef}
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title="Could not create your account"
          >
            {failure}
          </Alert>
        ) : null}
        <Text fw={700} size="sm" c="dimmed" tt="uppercase" style={{ letterSpacing: 0.5 }}>
          About you
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            size="md"
            error={errors.first_name?.message}
            {...register('first_name')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            size="md"
            error={errors.last_name?.message}
            {...register('last_name')}
          />
        </SimpleGrid>
        <TextInput
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          size="md"
          readOnly={!!lockedEmail}
          rightSection={lockedEmail ? <IconLock size={18} aria-hidden /> : undefined}
          styles={lockedEmail ? { input: { background: 'var(--mantine-color-gray-1)' } } : undefined}
          description={lockedEmail ? 'From your bank’s invitation. It cannot be changed here.' : undefined}
          error={emailError}
          {...register('email', {
            onBlur: (e) => checkEmail(e.target.value),
            onChange: () => setTakenEmail(null),
          })}
        />
        <TextInput
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="08012345678"
          size="md"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <div>
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            size="md"
            error={!!errors.password}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            {...register('password')}
          />
          <PasswordRules value={password} invalid={!!errors.password} />
        </div>
        <Divider my={4} />
        <Text fw={700} size="sm" c="dimmed" tt="uppercase" style={{ letterSpacing: 0.5 }}>
          Your business
        </Text>
        <TextInput
          label="Business name"
          autoComplete="organization"
          size="md"
          error={errors.business_name?.message}
          {...register('business_name')}
        />
        <NativeSelect
          label="Type of business"
          description="Optional"
          size="md"
          data={[{ value: '', label: 'Choose one' }, ...BUSINESS_TYPES]}
          error={errors.business_type?.message}
          {...register('business_type')}
        />
        <TextInput
          label="First store name"
          description="Optional. You can add more stores later."
          placeholder="Main store"
          size="md"
          error={errors.store_name?.message}
          {...register('store_name')}
        />
        <TextInput
          label="Store address"
          description="Optional"
          autoComplete="street-address"
          size="md"
          error={errors.store_address?.message}
          {...register('store_address')}
        />
        <Button type="submit" size="md" fullWidth mt="xs" loading={signup.isPending} disabled={emailTaken}>
          Create account
        </Button>
      </Stack>
    </form>
  );
};
