import { Alert, Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import {
  createRoleBody,
  updateRoleBody,
  type PermissionKey,
  type PermissionModule,
  type Role,
} from '@ms/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { formResolver } from '@/lib/form-resolver';
import { usePermissions, isAdminRole, useRoles, useSaveRole } from '../api/staff';
import { PageHeader } from '@/components/ui/page-header';
import { PermissionEditor } from '../components/permission-editor';
import { LoadError, Loading, NotFound } from '@/components/ui/query-states';

type FormValues = { name: string; permissions: string[]; active: boolean };

/** Create a role (no id) or change one (?id=): its name, what it may do, and whether it is in use. */
const ManageRolesPage = () => {
  const [params] = useSearchParams();
  const id = params.get('id');
  const roles = useRoles();
  const catalogue = usePermissions();

  if (roles.isPending || catalogue.isPending) return <Loading label="Loading permissions…" />;
  if (roles.isError)
    return <LoadError what="roles" error={roles.error} onRetry={() => void roles.refetch()} />;
  if (catalogue.isError)
    return <LoadError what="permissions" error={catalogue.error} onRetry={() => void catalogue.refetch()} />;

  const role = id ? roles.data.find((r) => r._id === id) : undefined;
  if (id && !role) {
    return (
      <Stack maw={900} mx="auto">
        <PageHeader title="Role" back={{ to: '/existing-roles', label: 'Roles' }} />
        <NotFound title="This role does not exist (any more)." />
      </Stack>
    );
  }
  return <RoleForm key={role?._id ?? 'new'} role={role} modules={catalogue.data} />;
};

const RoleForm = ({ role, modules }: { role?: Role; modules: PermissionModule[] }) => {
  const navigate = useNavigate();
  const save = useSaveRole();
  const readOnly = !!role && isAdminRole(role);
  const allKeys = modules.flatMap((m) => m.actions.map((a) => a.key));
  const { control, register, handleSubmit, setError, reset, formState } = useForm<FormValues>({
    // Permission keys come from the server's catalogue; the schema re-checks them.
    resolver: formResolver(
      zodResolver(role ? updateRoleBody : createRoleBody) as unknown as Resolver<FormValues>,
    ),
    defaultValues: {
      name: role?.name ?? '',
      permissions: readOnly ? allKeys : (role?.permissions ?? []),
      active: role?.active ?? true,
    },
  });
  const { errors, isDirty } = formState;

  const submit = handleSubmit((values) => {
    const body = {
      name: values.name,
      permissions: values.permissions as PermissionKey[],
      active: values.active,
    };
    save.mutate(
      { id: role?._id, body: role ? body : { name: body.name, permissions: body.permissions } },
      {
        onSuccess: (saved) => {
          reset(values);
          notifications.show({
            color: 'teal',
            title: role ? 'Role saved' : 'Role created',
            message: `${saved.name} now has ${saved.permissions.length} permissions.`,
          });
          void navigate(`/employee-details-role?id=${encodeURIComponent(saved._id)}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409 && /named/.test(error.message))
            setError('name', { message: error.message });
        },
      },
    );
  });

  const serverError =
    save.error &&
    !(save.error instanceof ApiError && save.error.status === 409 && /named/.test(save.error.message))
      ? save.error.message
      : null;

  return (
    <Stack maw={900} mx="auto" gap="md">
      <PageHeader
        title={role ? (readOnly ? role.name : `Edit ${role.name}`) : 'Create role'}
        description={
          readOnly
            ? 'The Admin role can do everything. It is built in and cannot be changed.'
            : 'Name the role after a job (e.g. Cashier, Store manager) and tick what that job needs.'
        }
        back={{ to: '/existing-roles', label: 'Roles' }}
      />
      {readOnly && (
        <Alert color="gray" icon={<IconLock size={18} />}>
          Admin holds every permission below. To limit what someone can do, give them another role.
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <Stack gap="sm">
              <TextInput
                label="Role name"
                placeholder="e.g. Store manager"
                withAsterisk
                size="md"
                readOnly={readOnly}
                disabled={save.isPending}
                error={errors.name?.message}
                {...register('name')}
              />
              {role && !readOnly && (
                <Controller
                  control={control}
                  name="active"
                  render={({ field }) => (
                    <Switch
                      size="md"
                      checked={field.value}
                      onChange={(e) => field.onChange(e.currentTarget.checked)}
                      label="Role is active"
                      description="An inactive role cannot be given to anyone new."
                      disabled={save.isPending}
                    />
                  )}
                />
              )}
            </Stack>
          </Paper>

          <div>
            <Title order={2} size="h4">
              Permissions
            </Title>
            <Text size="sm" c="dimmed">
              Tick a section to allow all of it, or tick single actions.
            </Text>
          </div>
          <Controller
            control={control}
            name="permissions"
            render={({ field }) => (
              <PermissionEditor
                modules={modules}
                value={new Set(field.value)}
                onChange={(next) => field.onChange(allKeys.filter((k) => next.has(k)))}
                readOnly={readOnly || save.isPending}
              />
            )}
          />
          {errors.permissions?.message && <Alert color="red">{errors.permissions.message}</Alert>}
          {serverError && (
            <Alert color="red" title="Could not save the role">
              {serverError}
            </Alert>
          )}

          {!readOnly && (
            <Paper
              withBorder
              shadow="md"
              p="sm"
              radius="md"
              style={{ position: 'sticky', bottom: 8, zIndex: 5 }}
            >
              <Controller
                control={control}
                name="permissions"
                render={({ field }) => (
                  <Group justify="space-between" gap="sm">
                    <Text size="sm" fw={600}>
                      {field.value.length} of {allKeys.length} permissions ticked
                    </Text>
                    <Group gap="xs">
                      <Button
                        variant="default"
                        onClick={() => void navigate('/existing-roles')}
                        disabled={save.isPending}
                      >
                        Cancel
                      </Button>
                      <Button type="submit" loading={save.isPending} disabled={!!role && !isDirty}>
                        {role ? 'Save role' : 'Create role'}
                      </Button>
                    </Group>
                  </Group>
                )}
              />
            </Paper>
          )}
        </Stack>
      </form>
    </Stack>
  );
};

export default ManageRolesPage;
