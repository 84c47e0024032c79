import { useState } from 'react';
import { CatalogueTabs } from '@/components/catalogue-tabs';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronRight, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Category } from '@ms/contracts';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DebouncedSearch } from '@/components/ui/debounced-search';
import { hasPermission, useSession } from '@/lib/session-store';
import { useCategories, useCategoryMutations } from '../api/categories';
import { CategoryCreateForm } from '../components/category-create-form';
import { CategoryIntro } from '../components/category-intro';
import { NameModal } from '../components/name-modal';
import { LoadError } from '@/components/ui/query-states';

const detailPath = (id: string) => `/productsinventory/categories/${id}`;
const productsLabel = (n: number) => (n === 1 ? '1 product' : `${n} products`);

/** Categories with their product counts and subcategories; add, rename, delete. */
const CategoriesPage = () => {
  const session = useSession();
  const can = {
    create: hasPermission(session, 'catalogue.create_category'),
    edit: hasPermission(session, 'catalogue.edit_category'),
    remove: hasPermission(session, 'catalogue.delete_category'),
  };
  const categories = useCategories();
  const { rename, remove } = useCategoryMutations();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const needle = search.trim().toLowerCase();
  const shown = (categories.data ?? []).filter(
    (c) =>
      !needle ||
      c.name.toLowerCase().includes(needle) ||
      c.subcategories.some((s) => s.name.toLowerCase().includes(needle)),
  );

  if (categories.data && categories.data.length === 0) {
    return (
      <Stack maw={1100} mx="auto" gap="md">
        <CatalogueTabs active="categories" />
        <CatalogueTabs active="categories" />
        <Title order={1} size="h2">
          Categories
        </Title>
        <CategoryIntro />
      </Stack>
    );
  }

  return (
    <Stack maw={1100} mx="auto" gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Categories
          </Title>
          <Text c="dimmed">Groups of products, and the subcategories inside them.</Text>
        </div>
        {can.create ? (
          <Button leftSection={<IconPlus size={18} />} size="md" onClick={() => setAdding(true)}>
            Add category
          </Button>
        ) : null}
      </Group>

      {failure ? (
        <Alert color="red" title="Could not delete" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}

      <DebouncedSearch placeholder="Search categories" onSearch={setSearch} />

      {categories.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={120} radius="md" />
          ))}
        </SimpleGrid>
      ) : categories.isError ? (
        <LoadError
          what="your categories"
          error={categories.error}
          onRetry={() => void categories.refetch()}
        />
      ) : shown.length === 0 ? (
        <Center py="xl">
          <Text>No category matches “{search.trim()}”.</Text>
        </Center>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {shown.length === 1 ? '1 category' : `${shown.length} categories`}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {shown.map((c) => (
              <Paper
                key={c.id}
                withBorder
                radius="md"
                p="md"
                component="section"
                aria-label={`Category ${c.name}`}
              >
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Anchor component={Link} to={detailPath(c.id)} fw={600} c="inherit" truncate>
                      {c.name}
                    </Anchor>
                    <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
                      {productsLabel(c.product_count)}
                    </Badge>
                  </Group>
                  {c.subcategories.length ? (
                    <Group gap={6}>
                      {c.subcategories.map((s) => (
                        <Badge
                          key={s.id}
                          component={Link}
                          to={`${detailPath(c.id)}/${s.id}`}
                          variant="outline"
                          color="gray"
                          tt="none"
                          style={{ cursor: 'pointer' }}
                        >
                          {s.name} · {s.product_count}
                        </Badge>
                      ))}
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      No subcategories
                    </Text>
                  )}
                  <Group justify="space-between" gap="xs" mt={4}>
                    <Button
                      component={Link}
                      to={detailPath(c.id)}
                      variant="subtle"
                      size="xs"
                      rightSection={<IconChevronRight size={14} />}
                    >
                      Open
                    </Button>
                    <Group gap={4}>
                      {can.edit ? (
                        <ActionIcon
                          variant="subtle"
                          size="lg"
                          aria-label={`Rename ${c.name}`}
                          onClick={() => setRenaming(c)}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      ) : null}
                      {can.remove ? (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={`Delete ${c.name}`}
                          onClick={() => {
                            setFailure(null);
                            setDeleting(c);
                          }}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      ) : null}
                    </Group>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        </>
      )}

      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title={<Text fw={700}>Add category</Text>}
        centered
      >
        {adding ? (
          <CategoryCreateForm
            onCancel={() => setAdding(false)}
            onCreated={(c) => {
              setAdding(false);
              notifications.show({ color: 'teal', message: `Category “${c.name}” created` });
            }}
          />
        ) : null}
      </Modal>

      <NameModal
        opened={!!renaming}
        title="Rename category"
        label="Category name"
        initialName={renaming?.name}
        submitting={rename.isPending}
        serverError={rename.error?.message ?? null}
        onClose={() => {
          rename.reset();
          setRenaming(null);
        }}
        onSubmit={({ name }) =>
          renaming && rename.mutate({ id: renaming.id, name }, { onSuccess: () => setRenaming(null) })
        }
      />

      <ConfirmDialog
        opened={!!deleting}
        title={`Delete the category “${deleting?.name ?? ''}”?`}
        message={
          deleting?.subcategories.length
            ? `Its ${deleting.subcategories.length} subcategories are deleted too.`
            : 'This cannot be undone.'
        }
        confirmLabel="Delete"
        color="red"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: `Category “${deleting.name}” deleted` });
              setDeleting(null);
            },
            onError: (error) => {
              setFailure(error.message);
              setDeleting(null);
            },
          })
        }
      />
    </Stack>
  );
};

export default CategoriesPage;
