import { useState } from 'react';
import { CatalogueTabs } from '@/components/catalogue-tabs';
import {
  Alert,
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
import { IconListDetails, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ProductOption } from '@ms/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { hasPermission, useSession } from '@/lib/session-store';
import { useOptionMutations, useOptions } from '../api/options';
import { OptionForm } from '../components/option-form';
import { LoadError } from '@/components/ui/query-states';

/** /productsinventory/options: saved options (name and values) to build product variations from. */
const OptionsPage = () => {
  const session = useSession();
  const canCreate = hasPermission(session, 'catalogue.create_product');
  const canEdit = hasPermission(session, 'catalogue.edit_product');
  const options = useOptions();
  const { create, update, remove } = useOptionMutations();
  const [editing, setEditing] = useState<ProductOption | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProductOption | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    create.reset();
    update.reset();
    setEditing(null);
  };
  const mutation = editing === 'new' ? create : update;

  const addButton = canCreate ? (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
      Add option
    </Button>
  ) : null;

  return (
    <Stack maw={960} mx="auto" gap="md">
      <CatalogueTabs active="options" />
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Options
          </Title>
          <Text c="dimmed">
            Choices a product comes in, like Size (S, M, L) or Colour. Use them to build variations.
          </Text>
        </div>
        {options.data?.length ? addButton : null}
      </Group>

      {failure ? (
        <Alert color="red" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}

      {options.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {[1, 2].map((i) => (
            <Skeleton key={i} h={110} radius="md" />
          ))}
        </SimpleGrid>
      ) : options.isError ? (
        <LoadError what="your options" error={options.error} onRetry={() => void options.refetch()} />
      ) : options.data.length === 0 ? (
        <Center py="xl">
          <Stack align="center" gap="xs" ta="center" maw={380}>
            <IconListDetails size={44} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text fw={600}>No options yet</Text>
            <Text c="dimmed" size="sm">
              Save the options you use often, such as Size: S, M, L, and pick them when you add a product with
              variations.
            </Text>
            {addButton}
          </Stack>
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {options.data.map((o) => (
            <Paper
              key={o.id}
              withBorder
              radius="md"
              p="md"
              aria-label={`Option ${o.name}`}
              component="section"
            >
              <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs">
                <Text fw={600} truncate>
                  {o.name}
                </Text>
                {canEdit ? (
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconPencil size={14} />}
                      onClick={() => setEditing(o)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${o.name}`}
                      onClick={() => setDeleting(o)}
                    >
                      <IconTrash size={14} />
                    </Button>
                  </Group>
                ) : null}
              </Group>
              <Group gap={6}>
                {o.values.map((v) => (
                  <Badge key={v} variant="light" size="lg" tt="none">
                    {v}
                  </Badge>
                ))}
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}

      <Modal
        opened={editing !== null}
        onClose={close}
        title={<Text fw={700}>{editing === 'new' ? 'Add option' : 'Edit option'}</Text>}
        centered
      >
        {editing !== null ? (
          <OptionForm
            initial={editing === 'new' ? undefined : { name: editing.name, values: editing.values }}
            submitting={mutation.isPending}
            serverError={mutation.error?.message ?? null}
            onCancel={close}
            onSubmit={(body) => {
              const done = () => {
                notifications.show({
                  color: 'teal',
                  message: editing === 'new' ? 'Option created' : 'Option updated',
                });
                close();
              };
              if (editing === 'new') create.mutate(body, { onSuccess: done });
              else update.mutate({ id: editing.id, ...body }, { onSuccess: done });
            }}
          />
        ) : null}
      </Modal>

      <ConfirmDialog
        opened={!!deleting}
        title={`Delete the option “${deleting?.name ?? ''}”?`}
        message="Products already built with it keep their variations."
        confirmLabel="Delete"
        color="red"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (error) => {
              setDeleting(null);
              setFailure(error.message);
            },
          })
        }
      />
    </Stack>
  );
};

export default OptionsPage;
