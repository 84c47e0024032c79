import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { updateEmployeeBody, type Employee, type UpdateEmployeeBody } from '@ms/contracts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { formResolver } from '@/lib/form-resolver';
import { useEmployee, useUpdateEmployee } from '../api/staff';
import {
  NameAndPhoneFields,
  RoleAndStoresFields,
  type EmployeeFormValues,
} from '../components/employee-fields';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError, Loading, NotFound } from '@/components/ui/query-states';

const toValues = (e: Employee): EmployeeFormValues => ({
  first_name: e.first_name,
  last_name: e.last_name,
  email: e.email,
  phone: e.phone ?? '',
  role_id: e.role_id ?? '',
  store_ids: e.stores.map((s) => s.id),
  password: '',
  status: e.status,
});

/** Edit an employee (PATCH /v1/auth/{userId}): names, phone, role, status and stores; sends what changed. */
const EditEmployeePage = () => {
  const [params] = useSearchParams();
  const id = params.get('id');
  const employee = useEmployee(id);
  const back = {
    to: id ? `/employee-details-user?id=${encodeURIComponent(id)}` : '/user-roles',
    label: 'Back',
  };

  if (
    !id ||
    (employee.isError && employee.error instanceof ApiError && [400, 404].includes(employee.error.status))
  ) {
    return (
      <Stack maw={640} mx="auto">
        <PageHeader title="Edit employee" back={{ to: '/user-roles', label: 'Users' }} />
        <NotFound title="We could not find this person">
          <Anchor component={Link} to="/user-roles">
            Back to Users
          </Anchor>
        </NotFound>
      </Stack>
    );
  }
  if (employee.isPending) return <Loading />;
  if (employee.isError)
    return <LoadError what="this person" error={employee.error} onRetry={() => void employee.refetch()} />;
  return <EditEmployeeForm employee={employee.data} back={back} />;
};

const EditEmployeeForm = ({
  employee,
  back,
}: {
  employee: Employee;
  back: { to: string; label: string };
}) => {
  const navigate = useNavigate();
  const update = useUpdateEmployee();
  const { control, register, handleSubmit, reset, formState } = useForm<
    EmployeeFormValues,
    unknown,
    UpdateEmployeeBody
  >({
    // The password is not changed here; a blank phone removes it.
    resolver: formResolver(zodResolver(updateEmployeeBody), { blank: { phone: null, password: undefined } }),
    defaultValues: toValues(employee),
  });
  const { errors, dirtyFields, isDirty } = formState;

  // A newer record (another device's save, pushed live) moves the form to it, except the fields being
  // edited here: those keep what is typed, the screen says so, and the save sends only those fields.
  const editing = useRef(isDirty);
  editing.current = isDirty && !update.isPending && !update.isSuccess; // not our own save coming back
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const shown = useRef(JSON.stringify(toValues(employee)));
  useEffect(() => {
    const next = toValues(employee);
    const text = JSON.stringify(next);
    if (text === shown.current) return; // the same person as shown (a refetch, a login elsewhere)
    shown.current = text;
    if (editing.current) setChangedElsewhere(true);
    reset(next, { keepDirtyValues: true });
  }, [employee, reset]);

  const submit = handleSubmit((values) => {
    const body = Object.fromEntries(
      Object.entries(values).filter(([k]) => dirtyFields[k as keyof EmployeeFormValues]),
    ) as UpdateEmployeeBody;
    if (Object.keys(body).length === 0) return void navigate(back.to);
    update.mutate(
      { id: employee._id, body },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'teal', title: 'Saved', message: `${saved.name} was updated.` });
          void navigate(`/employee-details-user?id=${encodeURIComponent(saved._id)}`);
        },
      },
    );
  });
  const busy = update.isPending;

  return (
    <Stack maw={640} mx="auto" gap="md">
      <PageHeader title={`Edit ${employee.name}`} description={employee.email} back={back} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <Stack gap="sm">
              <NameAndPhoneFields register={register} errors={errors} disabled={busy} />
            </Stack>
          </Paper>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <Stack gap="sm">
              <RoleAndStoresFields
                control={control}
                errors={errors}
                disabled={busy}
                roleLocked={employee.is_owner ? 'The business owner always keeps the Admin role.' : undefined}
              />
            </Stack>
          </Paper>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <Title order={2} size="h5" mb={4}>
              Status
            </Title>
            {employee.is_owner ? (
              <Text size="sm" c="dimmed">
                The business owner is always active.
              </Text>
            ) : (
              <Controller
                control={control}
                name="status"
                render={({ field }) => (
                  <Stack gap={4}>
                    <SegmentedControl
                      value={field.value}
                      onChange={field.onChange}
                      data={[
                        { value: 'active', label: 'Active' },
                        { value: 'inactive', label: 'Inactive' },
                      ]}
                      disabled={busy}
                      size="md"
                      w="fit-content"
                      aria-label="Status"
                    />
                    <Text size="sm" c="dimmed">
                      Inactive people cannot log in; they are logged out when you save.
                    </Text>
                  </Stack>
                )}
              />
            )}
          </Paper>
          {changedElsewhere && isDirty && !update.error && (
            <Alert color="yellow" title="Changed on another device" role="status">
              Someone else saved this person while you were editing. Their changes are shown; what you typed
              is kept, and saving changes only the fields you edited.
            </Alert>
          )}
          {update.error && (
            <Alert color="red" title="Could not save">
              {update.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={() => void navigate(back.to)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" size="md" loading={busy} disabled={!isDirty}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
};

export default EditEmployeePage;
