import { useState } from 'react';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { createEmployeeBody, type CreateEmployeeBody, type Employee } from '@ms/contracts';
import { useNavigate } from 'react-router';
import { SuccessModal } from '@/components/ui/success-modal';
import { ApiError } from '@/lib/api-client';
import { formResolver } from '@/lib/form-resolver';
import { useCreateEmployee } from '../api/staff';
import {
  NameAndPhoneFields,
  RoleAndStoresFields,
  type EmployeeFormValues,
} from '../components/employee-fields';
import { PageHeader } from '@/components/ui/page-header';
import { suggestPassword } from '../components/suggest-password';

const EMPTY: EmployeeFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  role_id: '',
  store_ids: [],
  password: '',
  status: 'active',
};

/** Add an employee: who they are, their role, their stores and a first password (POST .../employees). */
const UserSettingsPage = () => {
  const navigate = useNavigate();
  const create = useCreateEmployee();
  const [created, setCreated] = useState<{ employee: Employee; password: string } | null>(null);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const { control, register, handleSubmit, setError, setValue, formState } = useForm<
    EmployeeFormValues,
    unknown,
    CreateEmployeeBody
  >({
    resolver: formResolver(zodResolver(createEmployeeBody), { blank: { phone: undefined } }),
    defaultValues: EMPTY,
  });
  const { errors } = formState;
  const busy = create.isPending;

  const submit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (employee) => setCreated({ employee, password: body.password }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) setError('email', { message: error.message });
      },
    }),
  );
  const serverError =
    create.error instanceof ApiError && create.error.status !== 409 ? create.error.message : null;

  return (
    <Stack maw={640} mx="auto" gap="md">
      <PageHeader
        title="Add employee"
        description="They log in with their own e-mail and password, and see only what their role allows."
        back={{ to: '/user-roles', label: 'Users' }}
      />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Who they are
              </Title>
              <NameAndPhoneFields register={register} errors={errors} disabled={busy} />
              <TextInput
                label="E-mail"
                description="They log in with this e-mail."
                withAsterisk
                type="email"
                autoComplete="off"
                size="md"
                disabled={busy}
                error={errors.email?.message}
                {...register('email')}
              />
            </Stack>
          </Paper>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                What they can do
              </Title>
              <RoleAndStoresFields control={control} errors={errors} disabled={busy} />
            </Stack>
          </Paper>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                First password
              </Title>
              <Text size="sm" c="dimmed">
                Tell them this password yourself — we never send passwords by e-mail. They can change it after
                logging in.
              </Text>
              <PasswordInput
                label="Password"
                description="At least 8 characters with a number, an uppercase letter, a lowercase letter and a special character."
                withAsterisk
                autoComplete="new-password"
                size="md"
                disabled={busy}
                visible={passwordVisible}
                onVisibilityChange={setPasswordVisible}
                error={errors.password?.message}
                {...register('password')}
              />
              <Button
                variant="subtle"
                leftSection={<IconWand size={16} />}
                w="fit-content"
                disabled={busy}
                onClick={() => {
                  setValue('password', suggestPassword(), { shouldValidate: true, shouldDirty: true });
                  setPasswordVisible(true);
                }}
              >
                Make one up for me
              </Button>
            </Stack>
          </Paper>
          {serverError && (
            <Alert color="red" title="Could not add the employee">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={() => void navigate('/user-roles')} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" size="md" loading={busy}>
              Add employee
            </Button>
          </Group>
        </Stack>
      </form>
      <SuccessModal
        opened={!!created}
        title={`${created?.employee.first_name ?? ''} was added`}
        message={
          created && (
            <>
              They log in with <b>{created.employee.email}</b> and the password <b>{created.password}</b>. We
              sent them an e-mail saying how to log in (without the password).
            </>
          )
        }
        onClose={() => void navigate(`/employee-details-user?id=${created?.employee._id ?? ''}`)}
      />
    </Stack>
  );
};

export default UserSettingsPage;
