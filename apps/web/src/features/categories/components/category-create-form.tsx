import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ruleMessages, type Category } from '@ms/contracts';
import { localId } from '@/lib/local-id';
import { useCategoryMutations } from '../api/categories';

type SubRow = { key: string; name: string };

export type CategoryCreateFormProps = {
  onCreated: (category: Category) => void;
  onCancel?: () => void;
  submitLabel?: string;
};

/**
 * A new category and, optionally, its subcategories (e.g. Drinks: Soft drinks, Juice). The
 * category is created first, then each subcategory; a failure shows the server's message.
 */
export const CategoryCreateForm = ({
  onCreated,
  onCancel,
  submitLabel = 'Create category',
}: CategoryCreateFormProps) => {
  const { create, createSub } = useCategoryMutations();
  const [name, setName] = useState('');
  const [subs, setSubs] = useState<SubRow[]>([]);
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Category | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setNameError(ruleMessages.generic_required('category name'));
      return;
    }
    setNameError(null);
    setFailure(null);
    setBusy(true);
    try {
      // After a failed subcategory, a second try must not create the category twice.
      const category = created ?? (await create.mutateAsync({ name: name.trim() }));
      setCreated(category);
      const pending = subs.filter((s) => s.name.trim());
      for (const s of pending) {
        await createSub.mutateAsync({ category_id: category.id, name: s.name.trim() });
        setSubs((rows) => rows.filter((r) => r.key !== s.key));
      }
      onCreated(category);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="New category">
      <Stack gap="md">
        {failure ? (
          <Alert
            color="red"
            title={created ? `“${created.name}” was created, but…` : 'Could not create the category'}
          >
            {failure}
          </Alert>
        ) : null}
        <TextInput
          label="Category name"
          placeholder="e.g. Drinks"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={nameError}
          disabled={!!created}
          withAsterisk
          maxLength={80}
          size="md"
          data-autofocus
        />
        <Stack gap="xs">
          <Text fw={500} size="sm">
            Subcategories (optional)
          </Text>
          {subs.length === 0 ? (
            <Text size="sm" c="dimmed">
              Split a category further, e.g. Drinks into Soft drinks and Juice.
            </Text>
          ) : null}
          {subs.map((s, i) => (
            <Group key={s.key} gap="xs" wrap="nowrap">
              <TextInput
                style={{ flex: 1, minWidth: 0 }}
                aria-label={`Subcategory ${i + 1} name`}
                placeholder="e.g. Soft drinks"
                value={s.name}
                maxLength={80}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setSubs((rows) => rows.map((r) => (r.key === s.key ? { ...r, name: v } : r)));
                }}
              />
              <ActionIcon
                size="lg"
                variant="subtle"
                color="red"
                aria-label={`Remove subcategory ${i + 1}`}
                onClick={() => setSubs((rows) => rows.filter((r) => r.key !== s.key))}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="light"
            size="sm"
            leftSection={<IconPlus size={16} />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => setSubs((rows) => [...rows, { key: localId(8), name: '' }])}
          >
            Add subcategory
          </Button>
        </Stack>
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={busy} size="md">
            {created ? 'Add the subcategories' : submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
