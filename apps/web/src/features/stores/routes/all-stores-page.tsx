import { useState } from 'react';
import { Button, Center, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import type { Store } from '@ms/contracts';
import { Link } from 'react-router';
import { DebouncedSearch } from '@/components/ui/debounced-search';
import { isAdmin, useSession } from '@/lib/session-store';
import { useMyStores, useStoresPage } from '../api/stores';
import { canManageStores } from '../can-manage-stores';
import { EditStoreDrawer } from '../components/edit-store-drawer';
import { OnlineStoreCard } from '../components/online-store-card';
import { StoreCard } from '../components/store-card';
import { LoadError } from '@/components/ui/query-states';
import { Pager, pageCount } from '@/components/ui/pager';

const PAGE_SIZE = 12;

/**
 * All stores. Staff who manage stores get the paged list (v2) with edit; anyone else sees the stores
 * they are assigned to (v1, filtered by the server), read-only.
 */
const AllStoresPage = () => {
  const session = useSession();
  const manager = canManageStores(session);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Store | null>(null);

  const paged = useStoresPage({ page, limit: PAGE_SIZE, search }, manager);
  const mine = useMyStores();
  const query = manager ? paged : mine;

  const needle = search.trim().toLowerCase();
  const stores: Store[] = manager
    ? (paged.data?.items ?? [])
    : (mine.data ?? []).filter((s) => !needle || s.name.toLowerCase().includes(needle));
  const total = manager ? (paged.data?.total ?? 0) : stores.length;
  const pages = pageCount(total, PAGE_SIZE);

  return (
    <Stack maw={1100} mx="auto" gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            All stores
          </Title>
          <Text c="dimmed">
            {manager
              ? 'Your shop locations. Tap Edit to change a store’s details or close it.'
              : 'The stores you work in. Ask your admin to add you to another store.'}
          </Text>
        </div>
        {manager && (
          <Button component={Link} to="/add-store" leftSection={<IconPlus size={18} />} size="md">
            Add store
          </Button>
        )}
      </Group>

      {isAdmin(session) && <OnlineStoreCard />}

      <DebouncedSearch
        placeholder="Search stores by name"
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />

      {query.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={170} radius="md" />
          ))}
        </SimpleGrid>
      ) : query.isError ? (
        <LoadError what="your stores" error={query.error} onRetry={() => void query.refetch()} />
      ) : stores.length === 0 ? (
        <Center py="xl">
          <Stack align="center" gap="xs" ta="center" maw={360}>
            <IconBuildingStore size={44} color="var(--mantine-color-gray-5)" aria-hidden />
            {needle ? (
              <Text>No store matches “{search.trim()}”.</Text>
            ) : manager ? (
              <>
                <Text fw={600}>No stores yet</Text>
                <Text c="dimmed" size="sm">
                  Add your first shop location to start selling from it.
                </Text>
                <Button component={Link} to="/add-store" leftSection={<IconPlus size={18} />}>
                  Add store
                </Button>
              </>
            ) : (
              <Text c="dimmed">You are not assigned to any store yet. Ask your admin to add you to one.</Text>
            )}
          </Stack>
        </Center>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {total} {total === 1 ? 'store' : 'stores'}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {stores.map((s) => (
              <StoreCard key={s._id} store={s} onEdit={manager ? setEditing : undefined} />
            ))}
          </SimpleGrid>
          {manager && <Pager pages={pages} page={page} onChange={setPage} size="md" />}
        </>
      )}

      <EditStoreDrawer store={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
};

export default AllStoresPage;
