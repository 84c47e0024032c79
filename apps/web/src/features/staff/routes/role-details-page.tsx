import { Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconPencil } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useEmployees, usePermissions, isAdminRole, useRoles } from '../api/staff';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError, Loading, NotFound } from '@/components/ui/query-states';
import { StatusBadge } from '../components/status-badge';

/** One role: what it may do, section by section, and who has it. */
const RoleDetailsPage = () => {
  const [params] = useSearchParams();
  const id = params.get('id');
  const roles = useRoles();
  const catalogue = usePermissions();
  const employees = useEmployees();
  const back = { to: '/existing-roles', label: 'Roles' };

  if (roles.isPending || catalogue.isPending) return <Loading />;
  if (roles.isError)
    return <LoadError what="roles" error={roles.error} onRetry={() => void roles.refetch()} />;
  if (catalogue.isError)
    return <LoadError what="permissions" error={catalogue.error} onRetry={() => void catalogue.refetch()} />;

  const role = roles.data.find((r) => r._id === id);
  if (!role) {
    return (
      <Stack maw={900} mx="auto">
        <PageHeader title="Role" back={back} />
        <NotFound title="This role does not exist (any more).">
          <Anchor component={Link} to="/existing-roles">
            See all roles
          </Anchor>
        </NotFound>
      </Stack>
    );
  }

  const admin = isAdminRole(role);
  const held = new Set(role.permissions);
  const sections = catalogue.data.map((m) => ({
    ...m,
    granted: m.actions.filter((a) => admin || held.has(a.key)),
  }));
  const allowed = sections.filter((s) => s.granted.length > 0);
  const denied = sections.filter((s) => s.granted.length === 0);
  const people = (employees.data ?? []).filter((e) => e.role_id === role._id);

  return (
    <Stack maw={900} mx="auto" gap="md">
      <PageHeader
        title={<span style={{ textTransform: 'capitalize' }}>{role.name}</span>}
        description={
          admin
            ? 'Can do everything. This built-in role cannot be changed.'
            : `${role.permissions.length} permissions`
        }
        back={back}
        actions={
          !admin && (
            <Button
              component={Link}
              to={`/manage-roles-permissions?id=${encodeURIComponent(role._id)}`}
              leftSection={<IconPencil size={18} />}
            >
              Edit role
            </Button>
          )
        }
      />
      <Group gap="xs">
        <Badge color={role.active ? 'teal' : 'gray'} variant="light" size="lg">
          {role.active ? 'Active' : 'Inactive'}
        </Badge>
        <Badge color="gray" variant="outline" size="lg">
          {role.users_count} {role.users_count === 1 ? 'person' : 'people'}
        </Badge>
      </Group>

      <Title order={2} size="h4">
        What this role can do
      </Title>
      {allowed.length === 0 ? (
        <Text c="dimmed">Nothing yet. Edit the role to give it permissions.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {allowed.map((s) => (
            <Card key={s.key} withBorder radius="md" padding="md">
              <Group justify="space-between" mb={6} wrap="nowrap">
                <Text fw={700}>{s.name}</Text>
                <Text size="xs" c="dimmed">
                  {s.granted.length} of {s.actions.length}
                </Text>
              </Group>
              <List
                size="sm"
                spacing={4}
                icon={<IconCheck size={14} color="var(--mantine-color-teal-6)" aria-hidden />}
              >
                {s.granted.map((a) => (
                  <List.Item key={a.key}>{a.name}</List.Item>
                ))}
              </List>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {denied.length > 0 && (
        <Text size="sm" c="dimmed">
          No access to: {denied.map((d) => d.name).join(', ')}.
        </Text>
      )}

      <Title order={2} size="h4">
        Who has this role
      </Title>
      {employees.isPending ? (
        <Loading />
      ) : employees.isError ? (
        <LoadError what="your staff" error={employees.error} onRetry={() => void employees.refetch()} />
      ) : people.length === 0 ? (
        <Text c="dimmed">Nobody yet. Choose this role when you add or edit an employee.</Text>
      ) : (
        <Stack gap="xs">
          {people.map((p) => (
            <Card
              key={p._id}
              withBorder
              radius="md"
              padding="sm"
              component={Link}
              to={`/employee-details-user?id=${encodeURIComponent(p._id)}`}
            >
              <Group justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {p.name}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {p.email}
                  </Text>
                </div>
                <StatusBadge status={p.status} />
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
};

export default RoleDetailsPage;
