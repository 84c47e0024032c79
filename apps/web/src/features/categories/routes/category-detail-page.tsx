import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { formatMoney, type Subcategory } from '@ms/contracts';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DebouncedSearch } from '@/components/ui/debounced-search';
import { hasPermission, useSession } from '@/lib/session-store';
import { useCategories, useCategoryMutations, useCategoryProducts } from '../api/categories';
import { NameModal } from '../components/name-modal';
import { Pager, pageCount } from '@/components/ui/pager';

const PAGE_SIZE = 25;
const LIST = '/productsinventory/categories';
const productsLabel = (n: number) => (n === 1 ? '1 product' : `${n} products`);

type Dialog =
  | { kind: 'rename' }
  | { kind: 'delete' }
  | { kind: 'add-sub' }
  | { kind: 'edit-sub'; sub: Subcategory }
  | { kind: 'delete-sub'; sub: Subcategory }
  | null;

/** /productsinventory/categories/:id[/:sub_id]: a category, its subcategories and its products. */
const CategoryDetailPage = () => {
  const { id = '', sub_id: subId } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const can = {
    create: hasPermission(session, 'catalogue.create_category'),
    edit: hasPermission(session, 'catalogue.edit_category'),
    remove: hasPermission(session, 'catalogue.delete_category'),
  };
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const all = useCategories();
  const data = useCategoryProducts(id, { page, limit: PAGE_SIZE, subcategory: subId, search });
  const m = useCategoryMutations();

  const category = data.data?.category;
  const close = () => {
    m.rename.reset();
    m.createSub.reset();
    m.updateSub.reset();
    setDialog(null);
  };
  const fail = (error: Error) => {
    setFailure(error.message);
    setDialog(null);
  };
  const pages = pageCount(data.data?.total ?? 0, PAGE_SIZE);
  const activeSub = category?.subcategories.find((s) => s.id === subId);
  const go = (sub?: string) => {
    setPage(1);
    navigate(sub ? `${LIST}/${id}/${sub}` : `${LIST}/${id}`);
  };

  if (data.isError && !category) {
    return (
      <Stack maw={1000} mx="auto" gap="md">
        <Anchor component={Link} to={LIST} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} /> Categories
          </Group>
        </Anchor>
        <Alert color="red" title="Could not open this category">
          {data.error.message}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack maw={1000} mx="auto" gap="md">
      <Anchor component={Link} to={LIST} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} /> Categories
        </Group>
      </Anchor>

      {!category ? (
        <Skeleton h={80} radius="md" />
      ) : (
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={1} size="h2">
              {category.name}
              {activeSub ? ` › ${activeSub.name}` : ''}
            </Title>
            <Text c="dimmed">
              {productsLabel(category.product_count)} ·{' '}
              {category.subcategories.length === 1
                ? '1 subcategory'
                : `${category.subcategories.length} subcategories`}
            </Text>
          </div>
          <Group gap="xs">
            {can.edit ? (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} />}
                onClick={() => setDialog({ kind: 'rename' })}
              >
                Rename
              </Button>
            ) : null}
            {can.remove ? (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => {
                  setFailure(null);
                  setDialog({ kind: 'delete' });
                }}
              >
                Delete
              </Button>
            ) : null}
          </Group>
        </Group>
      )}

      {failure ? (
        <Alert color="red" title="That did not work" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}

      {category ? (
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" mb="sm" gap="xs">
            <Text fw={600}>Subcategories</Text>
            {can.create ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => setDialog({ kind: 'add-sub' })}
              >
                Add subcategory
              </Button>
            ) : null}
          </Group>
          <Group gap="xs">
            <Badge
              component="button"
              type="button"
              size="lg"
              tt="none"
              variant={subId ? 'outline' : 'filled'}
              style={{ cursor: 'pointer' }}
              onClick={() => go()}
            >
              All · {category.product_count}
            </Badge>
            {category.subcategories.map((s) => (
              <Group key={s.id} gap={0} wrap="nowrap">
                <Badge
                  component="button"
                  type="button"
                  size="lg"
                  tt="none"
                  variant={s.id === subId ? 'filled' : 'outline'}
                  style={{ cursor: 'pointer' }}
                  onClick={() => go(s.id)}
                  aria-pressed={s.id === subId}
                >
                  {s.name} · {s.product_count}
                </Badge>
                {can.edit ? (
                  <ActionIcon
                    size="md"
                    variant="subtle"
                    aria-label={`Edit ${s.name}`}
                    onClick={() => setDialog({ kind: 'edit-sub', sub: s })}
                  >
                    <IconPencil size={14} />
                  </ActionIcon>
                ) : null}
                {can.remove ? (
                  <ActionIcon
                    size="md"
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${s.name}`}
                    onClick={() => {
                      setFailure(null);
                      setDialog({ kind: 'delete-sub', sub: s });
                    }}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                ) : null}
              </Group>
            ))}
          </Group>
          {category.subcategories.length === 0 ? (
            <Text size="sm" c="dimmed" mt="xs">
              No subcategories yet. Add one to split this category further.
            </Text>
          ) : null}
        </Paper>
      ) : null}

      <DebouncedSearch
        placeholder="Search products in this category"
        onSearch={(v) => {
          setSearch(v);
          setPage(1);
        }}
      />

      {data.isPending ? (
        <Stack gap="xs">
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={40} />
          ))}
        </Stack>
      ) : data.data && data.data.items.length === 0 ? (
        <Center py="xl">
          <Stack align="center" gap={4} ta="center" maw={380}>
            <Text fw={600}>{search ? `No product matches “${search}”.` : 'No products here yet'}</Text>
            {!search ? (
              <Text c="dimmed" size="sm">
                Choose this category when you add or edit a product, and it will show here.
              </Text>
            ) : null}
          </Stack>
        </Center>
      ) : data.data ? (
        <>
          <Table.ScrollContainer minWidth={360}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th ta="right">Stock</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.items.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {p.name}
                      </Text>
                      {p.sku ? (
                        <Text size="xs" c="dimmed">
                          SKU {p.sku}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(p.selling_price)}</Table.Td>
                    <Table.Td ta="right">{p.stock}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager pages={pages} page={page} onChange={setPage} />
        </>
      ) : null}

      <NameModal
        opened={dialog?.kind === 'rename'}
        title="Rename category"
        label="Category name"
        initialName={category?.name}
        submitting={m.rename.isPending}
        serverError={m.rename.error?.message ?? null}
        onClose={close}
        onSubmit={({ name }) => m.rename.mutate({ id, name }, { onSuccess: close })}
      />
      <NameModal
        opened={dialog?.kind === 'add-sub'}
        title={`Add a subcategory to ${category?.name ?? ''}`}
        label="Subcategory name"
        submitting={m.createSub.isPending}
        serverError={m.createSub.error?.message ?? null}
        onClose={close}
        onSubmit={({ name }) =>
          m.createSub.mutate(
            { category_id: id, name },
            {
              onSuccess: (s) => {
                notifications.show({ color: 'teal', message: `Subcategory “${s.name}” added` });
                close();
              },
            },
          )
        }
      />
      <NameModal
        opened={dialog?.kind === 'edit-sub'}
        title="Edit subcategory"
        label="Subcategory name"
        initialName={dialog?.kind === 'edit-sub' ? dialog.sub.name : ''}
        parents={(all.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        initialParent={id}
        submitting={m.updateSub.isPending}
        serverError={m.updateSub.error?.message ?? null}
        onClose={close}
        onSubmit={({ name, parent }) => {
          if (dialog?.kind !== 'edit-sub') return;
          const target = parent ?? id;
          m.updateSub.mutate(
            { categoryId: target, body: { subcategory_id: dialog.sub.id, name } },
            {
              onSuccess: () => {
                close();
                if (target !== id) navigate(`${LIST}/${target}/${dialog.sub.id}`);
              },
            },
          );
        }}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title={`Delete the category “${category?.name ?? ''}”?`}
        message={
          category?.subcategories.length
            ? `Its ${category.subcategories.length} subcategories are deleted too.`
            : 'This cannot be undone.'
        }
        confirmLabel="Delete"
        color="red"
        loading={m.remove.isPending}
        onCancel={close}
        onConfirm={() =>
          m.remove.mutate(id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: `Category “${category?.name ?? ''}” deleted` });
              navigate(LIST);
            },
            onError: fail,
          })
        }
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete-sub'}
        title={`Delete the subcategory “${dialog?.kind === 'delete-sub' ? dialog.sub.name : ''}”?`}
        message="This cannot be undone."
        confirmLabel="Delete"
        color="red"
        loading={m.removeSub.isPending}
        onCancel={close}
        onConfirm={() => {
          if (dialog?.kind !== 'delete-sub') return;
          const sub = dialog.sub;
          m.removeSub.mutate(sub.id, {
            onSuccess: () => {
              close();
              if (subId === sub.id) go();
            },
            onError: fail,
          });
        }}
      />
    </Stack>
  );
};

export default CategoryDetailPage;
