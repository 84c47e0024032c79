import { type ReactNode, useState } from 'react';
import { Anchor, Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import { useEmployee, useSetEmployeesStatus } from '../api/staff';
import { formatDate, formatDateTime, storeNames } from '../components/format';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError, Loading, NotFound } from '@/components/ui/query-states';
import { StatusBadge } from '../components/status-badge';

const initials = (first: string, last: string) => `${first[0] ?? ''}${last[0] ?? ''}`.toUpperCase() || '?';

/** One employee: role, stores, status and last login, with Edit and (de)activate. */
const EmployeeDetailsPage = () => {
  const [params] = useSearchParams();
  const id = params.get('id');
  const employee = useEmployee(id);
  const setStatus = useSetEmployeesStatus();
  const me = useSession()?.user._id;
  const [confirm, setConfirm] = useState(false);
  const back = { to: '/user-roles', label: 'Users' };

  if (
    !id ||
    (employee.isError && employee.error instanceof ApiError && [400, 404].includes(employee.error.status))
  ) {
    return (
      <Stack maw={760} mx="auto">
        <PageHeader title="Employee" back={back} />
        <NotFound title="We could not find this person">
          <Anchor component={Link} to="/user-roles">
            Back to Users
          </Anchor>
        </NotFound>
      </Stack>
    );
  }
  if (employee.isPending) return <Loading label="Loading…" />;
  if (employee.isError)
    return <LoadError what="this person" error={employee.error} onRetry={() => void employee.refetch()} />;

  const e = employee.data;
  const next = e.status === 'active' ? 'inactive' : 'active';
  const changeStatus = () =>
    setStatus.mutate(
      { status: next, userIds: [e._id] },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: `${e.name} is now ${next === 'active' ? 'active' : 'inactive'}.`,
          });
          setConfirm(false);
          void employee.refetch();
        },
        onError: () => setConfirm(false),
      },
    );

  return (
    <Stack maw={760} mx="auto" gap="md">
      <PageHeader
        title={e.name}
        back={back}
        actions={
          <Button
            component={Link}
            to={`/edit-employee-details-user?id=${encodeURIComponent(e._id)}`}
            leftSection={<IconPencil size={18} />}
          >
            Edit
          </Button>
        }
      />
      <Card withBorder radius="md" padding="lg">
        <Group wrap="nowrap" gap="md" align="flex-start">
          <Avatar size={56} radius="xl" color="teal">
            {initials(e.first_name, e.last_name)}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={700} size="lg">
                {e.name}
              </Text>
              {e.is_owner && <Badge variant="light">Owner</Badge>}
              {e._id === me && (
                <Badge variant="outline" color="gray">
                  You
                </Badge>
              )}
            </Group>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {e.email}
            </Text>
            <Text c={e.phone ? undefined : 'dimmed'}>{e.phone ?? 'No phone number'}</Text>
          </Stack>
        </Group>
      </Card>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label="Role">
          {e.role_id ? (
            <Anchor
              component={Link}
              to={`/employee-details-role?id=${encodeURIComponent(e.role_id)}`}
              tt="capitalize"
            >
              {e.role}
            </Anchor>
          ) : (
            <Text tt="capitalize">{e.role}</Text>
          )}
        </Fact>
        <Fact label="Status">
          <StatusBadge status={e.status} />
        </Fact>
        <Fact label="Stores">
          <Text c={e.stores.length ? undefined : 'dimmed'}>{storeNames(e.stores)}</Text>
        </Fact>
        <Fact label="Last login">
          <Text>{formatDateTime(e.last_login_at, 'Has not logged in yet')}</Text>
        </Fact>
        <Fact label="Added on">
          <Text>{formatDate(e.created_at)}</Text>
        </Fact>
      </SimpleGrid>

      {!e.is_owner && (
        <Card withBorder radius="md" padding="md">
          <Group justify="space-between" gap="sm">
            <div style={{ flex: '1 1 240px' }}>
              <Text fw={600}>
                {e.status === 'active' ? 'Stop this person logging in' : 'Let this person log in again'}
              </Text>
              <Text size="sm" c="dimmed">
                {e.status === 'active'
                  ? 'Deactivating logs them out at once. Their sales and records stay.'
                  : 'They can log in again with their e-mail and password.'}
              </Text>
            </div>
            <Button
              variant="light"
              color={e.status === 'active' ? 'red' : 'teal'}
              leftSection={e.status === 'active' ? <IconUserOff size={18} /> : <IconUserCheck size={18} />}
              loading={setStatus.isPending}
              onClick={() => (e.status === 'active' ? setConfirm(true) : changeStatus())}
            >
              {e.status === 'active' ? 'Deactivate' : 'Activate'}
            </Button>
          </Group>
        </Card>
      )}

      <ConfirmDialog
        opened={confirm}
        title={`Deactivate ${e.name}?`}
        message="They are logged out at once and cannot log in until you activate them again."
        confirmLabel="Deactivate"
        color="red"
        loading={setStatus.isPending}
        onConfirm={changeStatus}
        onCancel={() => setConfirm(false)}
      />
    </Stack>
  );
};

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Card withBorder radius="md" padding="md">
    <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={4}>
      {label}
    </Text>
    {children}
  </Card>
);

export default EmployeeDetailsPage;
