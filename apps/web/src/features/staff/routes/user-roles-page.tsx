import { useMemo, useState } from 'react';
import { Affix, Button, Group, Paper, SegmentedControl, Stack, Text, Transition } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldCheck, IconUserCheck, IconUserOff, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DebouncedSearch } from '@/components/ui/debounced-search';
import { useEmployees, useSetEmployeesStatus } from '../api/staff';
import { EmployeesList } from '../components/employees-list';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError, Loading, NotFound } from '@/components/ui/query-states';

type StatusFilter = 'all' | 'active' | 'inactive';

/** Users (spec 000 §6): everyone in the business; select some to activate or deactivate them together. */
const UserRolesPage = () => {
  const employees = useEmployees();
  const setStatus = useSetEmployeesStatus();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (employees.data ?? []).filter(
      (e) =>
        (filter === 'all' || e.status === filter) &&
        (!needle ||
          [e.name, e.email, e.role, e.phone ?? '', ...e.stores.map((s) => s.name)].some((t) =>
            t.toLowerCase().includes(needle),
          )),
    );
  }, [employees.data, search, filter]);

  // Only rows still on screen count as selected (a search can hide some).
  const chosen = shown.filter((e) => selected.has(e._id));
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = (checked: boolean) =>
    setSelected(checked ? new Set(shown.filter((e) => !e.is_owner).map((e) => e._id)) : new Set());

  const apply = (status: 'active' | 'inactive') =>
    setStatus.mutate(
      { status, userIds: chosen.map((e) => e._id) },
      {
        onSuccess: (users) => {
          notifications.show({
            color: 'teal',
            message: `${users.length} ${users.length === 1 ? 'person' : 'people'} ${status === 'active' ? 'activated' : 'deactivated'}.`,
          });
          setSelected(new Set());
          setConfirmDeactivate(false);
        },
        onError: () => setConfirmDeactivate(false),
      },
    );

  const total = employees.data?.length ?? 0;

  return (
    <Stack maw={1100} mx="auto" gap="md" pb={chosen.length ? 96 : 0}>
      <PageHeader
        title="Users"
        description="Everyone who can log in to your business, their role and the stores they work in."
        actions={
          <>
            <Button
              component={Link}
              to="/existing-roles"
              variant="default"
              leftSection={<IconShieldCheck size={18} />}
            >
              Roles
            </Button>
            <Button component={Link} to="/user-settings" leftSection={<IconUserPlus size={18} />}>
              Add employee
            </Button>
          </>
        }
      />

      <Group gap="sm" align="flex-end" wrap="wrap">
        <div style={{ flex: '1 1 260px' }}>
          <DebouncedSearch placeholder="Search people, roles or stores" onSearch={setSearch} />
        </div>
        <SegmentedControl
          value={filter}
          onChange={(v) => setFilter(v as StatusFilter)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
          size="md"
          aria-label="Show"
        />
      </Group>

      {employees.isPending ? (
        <Loading label="Loading your staff…" />
      ) : employees.isError ? (
        <LoadError what="your staff" error={employees.error} onRetry={() => void employees.refetch()} />
      ) : shown.length === 0 ? (
        <NotFound title={total === 0 ? 'Nobody here yet' : 'Nobody matches'}>
          <Text c="dimmed" size="sm">
            {total === 0
              ? 'Add your first employee so they can sell from their own login.'
              : 'Try another name, or show All.'}
          </Text>
          {total <= 1 && (
            <Button component={Link} to="/user-settings" leftSection={<IconUserPlus size={18} />} mt="xs">
              Add employee
            </Button>
          )}
        </NotFound>
      ) : (
        <>
          <Group gap={6} c="dimmed">
            <IconUsers size={16} aria-hidden />
            <Text size="sm" aria-live="polite">
              {shown.length} of {total} {total === 1 ? 'person' : 'people'}
            </Text>
          </Group>
          <EmployeesList employees={shown} selected={selected} onToggle={toggle} onToggleAll={toggleAll} />
        </>
      )}

      <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={150}>
        <Transition mounted={chosen.length > 0} transition="slide-up">
          {(style) => (
            <Paper
              style={{ ...style, maxWidth: 640, margin: '0 auto' }}
              shadow="lg"
              withBorder
              p="sm"
              radius="md"
              role="region"
              aria-label="Selected people"
            >
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Text fw={600}>{chosen.length} selected</Text>
                <Group gap="xs">
                  <Button
                    variant="light"
                    leftSection={<IconUserCheck size={18} />}
                    loading={setStatus.isPending && setStatus.variables?.status === 'active'}
                    disabled={setStatus.isPending}
                    onClick={() => apply('active')}
                  >
                    Activate
                  </Button>
                  <Button
                    color="red"
                    variant="light"
                    leftSection={<IconUserOff size={18} />}
                    disabled={setStatus.isPending}
                    onClick={() => setConfirmDeactivate(true)}
                  >
                    Deactivate
                  </Button>
                </Group>
              </Group>
            </Paper>
          )}
        </Transition>
      </Affix>

      <ConfirmDialog
        opened={confirmDeactivate}
        title={`Deactivate ${chosen.length} ${chosen.length === 1 ? 'person' : 'people'}?`}
        message="They are logged out at once and cannot log in until you activate them again. Their sales stay."
        confirmLabel="Deactivate"
        color="red"
        loading={setStatus.isPending}
        onConfirm={() => apply('inactive')}
        onCancel={() => setConfirmDeactivate(false)}
      />
    </Stack>
  );
};

export default UserRolesPage;
