import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconChevronRight, IconUsersGroup } from '@tabler/icons-react';
import { AppLink } from '@/components/ui/app-link';
import { canManageStores, useMyStores, useStoresPage } from '@/features/stores';
import { useEmployees } from '@/features/staff';
import { isAdmin, useSession } from '@/lib/session-store';

/** Shortcuts to what exists today, with a count each. */
export const QuickCards = () => {
  const session = useSession();
  const admin = isAdmin(session);
  const manager = canManageStores(session);
  // Managers count every store they can see through the paged list; others count their own.
  const paged = useStoresPage({ page: 1, limit: 1, search: '' }, manager);
  const mine = useMyStores();
  const employees = useEmployees(admin);

  const storeCount = manager ? paged.data?.total : mine.data?.length;
  const storesLoading = manager ? paged.isPending : mine.isPending;
  const storesFailed = manager ? paged.isError : mine.isError;
  const active = employees.data?.filter((e) => e.status === 'active').length ?? 0;

  return (
    <SimpleGrid cols={{ base: admin ? 2 : 1, sm: 2 }} spacing="sm">
      <QuickCard
        to="/all-stores"
        icon={<IconBuildingStore size={24} />}
        title={manager ? 'Stores' : 'Your stores'}
        loading={storesLoading}
        figure={storeCount}
        detail={storesFailed ? 'Could not load' : storeCount === 1 ? 'store' : 'stores'}
      />
      {admin && (
        <QuickCard
          to="/user-roles"
          icon={<IconUsersGroup size={24} />}
          title="Staff"
          loading={employees.isPending}
          figure={employees.data?.length}
          detail={employees.isError ? 'Could not load' : `${active} active`}
        />
      )}
    </SimpleGrid>
  );
};

type CardProps = {
  to: string;
  icon: ReactNode;
  title: string;
  figure?: number;
  detail: string;
  loading?: boolean;
};

const QuickCard = ({ to, icon, title, figure, detail, loading }: CardProps) => (
  <UnstyledButton component={AppLink} to={to} aria-label={title}>
    <Card withBorder radius="md" padding="md" h="100%">
      <Group wrap="nowrap" gap="sm">
        <ThemeIcon size={44} radius="md" variant="light" color="teal" visibleFrom="xs">
          {icon}
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={600}>
            {title}
          </Text>
          {loading ? (
            <Skeleton h={28} w={60} mt={4} />
          ) : figure !== undefined ? (
            <Group gap={6} align="baseline">
              <Text fw={800} size="xl" lh={1.2}>
                {figure}
              </Text>
              <Text size="sm" c="dimmed">
                {detail}
              </Text>
            </Group>
          ) : (
            <Text size="sm">{detail}</Text>
          )}
        </div>
        <IconChevronRight
          size={18}
          color="var(--mantine-color-gray-5)"
          aria-hidden
          style={{ flexShrink: 0 }}
        />
      </Group>
    </Card>
  </UnstyledButton>
);
