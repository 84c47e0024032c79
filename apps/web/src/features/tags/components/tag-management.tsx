import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTag, IconTrash } from '@tabler/icons-react';
import { TAG_MESSAGES, type Tag } from '@ms/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DebouncedSearch } from '@/components/ui/debounced-search';
import { SuccessModal } from '@/components/ui/success-modal';
import { hasPermission, useSession } from '@/lib/session-store';
import { useTagMutations, useTags } from '../api/tags';
import { LoadError } from '@/components/ui/query-states';

/** Spec 000 §2.7 / 001 §2 tag management: list, search by tag name, add, edit, delete, success pop-up. */
export const TagManagement = ({ searchDelayMs }: { searchDelayMs?: number }) => {
  const session = useSession();
  const canCreate = hasPermission(session, 'catalogue.create_product');
  const canEdit = hasPermission(session, 'catalogue.edit_product');
  const tags = useTags();
  const { create, update, remove } = useTagMutations();
  const [search, setSearch] = useState('');
  const [label, setLabel] = useState('');
  const [editing, setEditing] = useState<Tag | null>(null);
  const [editLabel, setEditLabel] = useState('');
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const fail = (error: Error) => setFailure(error.message);

  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!label.trim()) return;
    setFailure(null);
    create.mutate(
      { label: label.trim() },
      {
        onSuccess: () => {
          setLabel('');
          setSuccess(TAG_MESSAGES.created);
        },
        onError: fail,
      },
    );
  };

  const saveEdit = (e: FormEvent) => {
    e.preventDefault();
    if (!editing || !editLabel.trim()) return;
    update.mutate(
      { id: editing._id, label: editLabel.trim() },
      {
        onSuccess: () => {
          setEditing(null);
          setSuccess(TAG_MESSAGES.edited);
        },
        onError: (error) => {
          setEditing(null);
          fail(error);
        },
      },
    );
  };

  const needle = search.trim().toLowerCase();
  const shown = (tags.data ?? []).filter((t) => !needle || t.tagName.toLowerCase().includes(needle));

  return (
    <Stack gap="md">
      {canCreate ? (
        <Paper withBorder radius="md" p="sm">
          <form onSubmit={add} aria-label="Add tag">
            <Group align="flex-end" gap="sm" wrap="nowrap">
              <TextInput
                style={{ flex: 1, minWidth: 0 }}
                label="New tag"
                placeholder="e.g. Best seller"
                value={label}
                onChange={(e) => setLabel(e.currentTarget.value)}
                maxLength={60}
                size="md"
              />
              <Button
                type="submit"
                size="md"
                leftSection={<IconPlus size={18} />}
                disabled={!label.trim()}
                loading={create.isPending}
              >
                Add tag
              </Button>
            </Group>
          </form>
        </Paper>
      ) : null}

      {failure ? (
        <Alert color="red" title="That did not work" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}

      <DebouncedSearch placeholder="Search by tag name" onSearch={setSearch} delayMs={searchDelayMs} />

      {tags.isPending ? (
        <Stack gap="xs">
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={48} radius="md" />
          ))}
        </Stack>
      ) : tags.isError ? (
        <LoadError what="your tags" error={tags.error} onRetry={() => void tags.refetch()} />
      ) : shown.length === 0 ? (
        <Center py="xl">
          <Stack align="center" gap="xs" ta="center" maw={360}>
            <IconTag size={44} color="var(--mantine-color-gray-5)" aria-hidden />
            {needle ? (
              <Text>No tag matches “{search.trim()}”.</Text>
            ) : (
              <>
                <Text fw={600}>No tags yet</Text>
                <Text c="dimmed" size="sm">
                  Tags are labels such as “New arrival” or “Fragile” that help you find and group products.
                  Add your first tag above.
                </Text>
              </>
            )}
          </Stack>
        </Center>
      ) : (
        <div>
          <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
            {shown.length === 1 ? '1 tag' : `${shown.length} tags`}
          </Text>
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Tags">
            {shown.map((tag) => (
              <Paper
                key={tag._id}
                component="li"
                withBorder
                radius={0}
                px="sm"
                py={6}
                style={{ marginTop: -1 }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    <IconTag size={16} color="var(--mantine-color-gray-6)" aria-hidden />
                    <Text truncate>{tag.tagName}</Text>
                  </Group>
                  {canEdit ? (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        aria-label={`Edit ${tag.tagName}`}
                        onClick={() => {
                          setEditing(tag);
                          setEditLabel(tag.label);
                        }}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Delete ${tag.tagName}`}
                        onClick={() => setDeleting(tag)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  ) : null}
                </Group>
              </Paper>
            ))}
          </Stack>
        </div>
      )}

      <Modal
        opened={!!editing}
        onClose={() => setEditing(null)}
        title={<Text fw={700}>Edit tag</Text>}
        centered
        size="sm"
      >
        <form onSubmit={saveEdit}>
          <Stack gap="md">
            <TextInput
              label="Tag name"
              value={editLabel}
              onChange={(e) => setEditLabel(e.currentTarget.value)}
              maxLength={60}
              size="md"
              data-autofocus
              error={editLabel.trim() ? undefined : 'The tag name field is required.'}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setEditing(null)} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending} disabled={!editLabel.trim()}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <ConfirmDialog
        opened={!!deleting}
        title={`Delete the tag “${deleting?.tagName ?? ''}”?`}
        message="It will be taken off every product that has it."
        confirmLabel="Delete"
        color="red"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              setDeleting(null);
              setSuccess(TAG_MESSAGES.deleted);
            },
            onError: (error) => {
              setDeleting(null);
              fail(error);
            },
          })
        }
      />

      <SuccessModal opened={!!success} title={success ?? ''} onClose={() => setSuccess(null)} />
    </Stack>
  );
};
