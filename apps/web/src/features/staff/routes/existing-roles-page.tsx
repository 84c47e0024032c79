import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconShieldCheck } from '@tabler/icons-react';
import { ALL_PERMISSIONS } from '@ms/contracts';
import { Link } from 'react-router';
import { isAdminRole, useRoles } from '../api/staff';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError, Loading, NotFound } from '@/components/ui/query-states';

const roleLink = (path: string, id: string) => `${path}?id=${encodeURIComponent(id)}`;

/** Roles of the business: how many people hold each, and how much each may do. */
const ExistingRolesPage = () => {
  const roles = useRoles();
  return (
    <Stack maw={1100} mx="auto" gap="md">
      <PageHeader
        title="Roles"
        description="A role is a set of things a person may do. Give each employee the role that fits their job."
        back={{ to: '/user-roles', label: 'Users' }}
        actions={
          <Button component={Link} to="/manage-roles-permissions" leftSection={<IconPlus size={18} />}>
            Create role
          </Button>
        }
      />
      {roles.isPending ? (
        <Loading label="Loading roles…" />
      ) : roles.isError ? (
        <LoadError what="roles" error={roles.error} onRetry={() => void roles.refetch()} />
      ) : roles.data.length === 0 ? (
        <NotFound title="No roles yet" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {roles.data.map((r) => {
            const admin = isAdminRole(r);
            return (
              <Card key={r._id} withBorder radius="md" padding="md" data-testid="role-card">
                <Stack gap={8} h="100%">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                      <IconShieldCheck size={22} color="var(--mantine-color-teal-6)" aria-hidden />
                      <Anchor
                        component={Link}
                        to={roleLink('/employee-details-role', r._id)}
                        fw={700}
                        size="lg"
                        c="inherit"
                        tt="capitalize"
                        truncate
                      >
                        {r.name}
                      </Anchor>
                    </Group>
                    <Badge color={r.active ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
                      {r.active ? 'Active' : 'Inactive'}
                    </Badge>
                  </Group>
                  <Text size="sm">
                    {r.users_count} {r.users_count === 1 ? 'person has' : 'people have'} this role
                  </Text>
                  <Text size="sm" c="dimmed">
                    {admin
                      ? 'Can do everything, including managing staff and money.'
                      : `${r.permissions.length} of ${ALL_PERMISSIONS.length} permissions`}
                  </Text>
                  <Group gap="xs" mt="auto" pt={4}>
                    <Button
                      component={Link}
                      to={roleLink('/employee-details-role', r._id)}
                      variant="default"
                      size="sm"
                    >
                      View
                    </Button>
                    {!admin && (
                      <Button
                        component={Link}
                        to={roleLink('/manage-roles-permissions', r._id)}
                        variant="light"
                        size="sm"
                        leftSection={<IconPencil size={16} />}
                      >
                        Edit
                      </Button>
                    )}
                  </Group>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
};

export default ExistingRolesPage;
