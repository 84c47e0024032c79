import { useState } from 'react';
import { Button, Group, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCategory, IconTrash, IconX } from '@tabler/icons-react';
import type { Category } from '@ms/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useBulkApply } from '../api/products';

export type BulkActionsProps = {
  ids: string[];
  categories: Category[];
  canEdit: boolean;
  canDelete: boolean;
  onDone: () => void;
};

const plural = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

/** What can be done to the selected products at once: file them under a category, or delete them. */
export const BulkActions = ({ ids, categories, canEdit, canDelete, onDone }: BulkActionsProps) => {
  const bulk = useBulkApply();
  const [dialog, setDialog] = useState<'category' | 'delete' | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [subcategory, setSubcategory] = useState<string | null>(null);
  const subs = categories.find((c) => c._id === category)?.subcategories ?? [];

  const close = () => {
    setDialog(null);
    setCategory(null);
    setSubcategory(null);
  };

  const applyCategory = () =>
    bulk.mutate(
      {
        ids,
        action: 'update',
        changes: { category_id: category, subcategory_id: category ? subcategory : null },
      },
      {
        onSuccess: (r) => {
          const name = categories.find((c) => c._id === category)?.name;
          notifications.show({
            color: 'teal',
            message: name
              ? `${plural(r.updated)} moved to ${name}.`
              : `${plural(r.updated)} now have no category.`,
          });
          close();
          onDone();
        },
      },
    );

  const remove = () =>
    bulk.mutate(
      { ids, action: 'delete' },
      {
        onSuccess: (r) => {
          notifications.show({ color: 'teal', message: `${plural(r.updated)} deleted.` });
          close();
          onDone();
        },
      },
    );

  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      bg="var(--mantine-primary-color-light)"
      role="region"
      aria-label="Selected products"
    >
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm" pl={4} aria-live="polite">
          {plural(ids.length)} selected
        </Text>
        <Group gap="xs">
          {canEdit && (
            <Button
              variant="default"
              size="sm"
              leftSection={<IconCategory size={16} />}
              onClick={() => setDialog('category')}
            >
              Set category
            </Button>
          )}
          {canDelete && (
            <Button
              color="red"
              variant="light"
              size="sm"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDialog('delete')}
            >
              Delete
            </Button>
          )}
          <Button variant="subtle" size="sm" leftSection={<IconX size={16} />} onClick={onDone}>
            Clear
          </Button>
        </Group>
      </Group>

      <Modal
        opened={dialog === 'category'}
        onClose={() => !bulk.isPending && close()}
        title={<Text fw={700}>Set category</Text>}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            File the {plural(ids.length)} under this category. Leave it empty to take them out of any
            category.
          </Text>
          <Select
            label="Category"
            placeholder="No category"
            data={categories.map((c) => ({ value: c._id, label: c.name }))}
            value={category}
            onChange={(v) => {
              setCategory(v);
              setSubcategory(null);
            }}
            clearable
            searchable
            size="md"
            comboboxProps={{ withinPortal: true }}
          />
          {subs.length > 0 && (
            <Select
              label="Subcategory"
              placeholder="None"
              data={subs.map((s) => ({ value: s._id, label: s.name }))}
              value={subcategory}
              onChange={setSubcategory}
              clearable
              size="md"
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={bulk.isPending} size="md">
              Cancel
            </Button>
            <Button onClick={applyCategory} loading={bulk.isPending} size="md">
              Apply to {plural(ids.length)}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <ConfirmDialog
        opened={dialog === 'delete'}
        title={`Delete ${plural(ids.length)}?`}
        message="They disappear from your catalogue and the till. Their sales history is kept."
        confirmLabel="Delete"
        color="red"
        loading={bulk.isPending}
        onConfirm={remove}
        onCancel={close}
      />
    </Paper>
  );
};
