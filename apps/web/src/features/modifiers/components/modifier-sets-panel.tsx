import { useMemo, useState } from 'react';
import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAdjustmentsPlus, IconArrowLeft, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { formatMoney, MODIFIER_SET_MESSAGES, type ModifierSet } from '@ms/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { hasPermission, useSession } from '@/lib/session-store';
import { useModifierSetMutations, useModifierSets } from '../api/modifier-sets';
import { formFromSet } from './modifier-form-rules';
import { ModifierSetForm } from './modifier-set-form';
import { LoadError } from '@/components/ui/query-states';

export type ModifierSelection = { setIds: string[]; modifierIds: string[]; sets: ModifierSet[] };

export type SelectModeProps = {
  /** Modifiers ticked at the start. */
  initialModifierIds?: readonly string[];
  /** Sets whose modifiers are all ticked at the start (a product stores set ids). */
  initialSetIds?: readonly string[];
  saveLabel?: string;
  onSave: (selection: ModifierSelection) => void;
  onCancel?: () => void;
};

export type ModifierSetsPanelProps = {
  /** Start in create mode (the create-modifier route). */
  initialMode?: 'list' | 'create';
  /** Leaving create mode (back link, cancel or save) calls this instead of showing the list. */
  onLeaveCreate?: () => void;
  /** Select mode: a checkbox per modifier, a count, and a save button disabled while none is ticked. */
  select?: SelectModeProps;
};

type Mode = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; set: ModifierSet };

/** The modifier-set screen of spec 001 §2: list (expand a set to see its modifiers), select and create modes. */
export const ModifierSetsPanel = ({
  initialMode = 'list',
  onLeaveCreate,
  select,
}: ModifierSetsPanelProps) => {
  const session = useSession();
  const canCreate = hasPermission(session, 'catalogue.create_product');
  const canEdit = hasPermission(session, 'catalogue.edit_product');
  const sets = useModifierSets();
  const { create, update, remove } = useModifierSetMutations();
  const [mode, setMode] = useState<Mode>({ kind: initialMode });
  const [deleting, setDeleting] = useState<ModifierSet | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const backToList = () => {
    create.reset();
    update.reset();
    if (mode.kind === 'create' && onLeaveCreate) onLeaveCreate();
    else setMode({ kind: 'list' });
  };

  if (mode.kind !== 'list') {
    const editing = mode.kind === 'edit' ? mode.set : null;
    const mutation = editing ? update : create;
    return (
      <Stack gap="md">
        <Anchor
          component="button"
          type="button"
          onClick={backToList}
          size="sm"
          style={{ alignSelf: 'flex-start' }}
        >
          <Group gap={4}>
            <IconArrowLeft size={16} /> Back to modifier sets
          </Group>
        </Anchor>
        <div>
          <Title order={2} size="h3">
            {editing ? `Edit ${editing.name}` : 'Create modifier set'}
          </Title>
          <Text c="dimmed" size="sm">
            Give the set a name, then add each modifier with its price.
          </Text>
        </div>
        <ModifierSetForm
          key={editing?.id ?? 'new'}
          initial={editing ? formFromSet(editing) : undefined}
          submitLabel={editing ? 'Save changes' : 'Save modifier set'}
          submitting={mutation.isPending}
          serverError={mutation.error?.message ?? null}
          onCancel={backToList}
          onSubmit={(body) => {
            const done = (message: string) => {
              notifications.show({ color: 'teal', message });
              backToList();
            };
            if (editing)
              update.mutate(
                { id: editing.id, body },
                { onSuccess: () => done(MODIFIER_SET_MESSAGES.updated) },
              );
            else create.mutate(body, { onSuccess: () => done(MODIFIER_SET_MESSAGES.created) });
          }}
        />
      </Stack>
    );
  }

  const createButton = canCreate ? (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setMode({ kind: 'create' })}>
      Create modifier set
    </Button>
  ) : null;

  let body;
  if (sets.isPending) {
    body = (
      <Stack gap="sm">
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} h={56} radius="md" />
        ))}
      </Stack>
    );
  } else if (sets.isError) {
    body = <LoadError what="modifier sets" error={sets.error} onRetry={() => void sets.refetch()} />;
  } else if (sets.data.length === 0) {
    body = (
      <Center py="xl">
        <Stack align="center" gap="xs" ta="center" maw={380}>
          <IconAdjustmentsPlus size={44} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text fw={600}>No modifier sets yet</Text>
          <Text c="dimmed" size="sm">
            Modifiers are extras sold with a product, like “Extra cheese ₦200”. Group them in a set, then add
            the set to your products.
          </Text>
          {createButton}
        </Stack>
      </Center>
    );
  } else if (select) {
    body = <SelectList sets={sets.data} select={select} />;
  } else {
    body = (
      <Accordion variant="separated" radius="md" multiple chevronPosition="left">
        {sets.data.map((set) => (
          <Accordion.Item key={set.id} value={set.id}>
            <Accordion.Control aria-label={`${set.name}, ${countLabel(set.modifiers.length)}`}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} truncate>
                  {set.name}
                </Text>
                <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
                  {countLabel(set.modifiers.length)}
                </Badge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap={6}>
                {set.modifiers.map((m) => (
                  <Group key={m._id} justify="space-between" wrap="nowrap">
                    <Text size="sm">{m.name}</Text>
                    <Text size="sm" fw={500}>
                      {formatMoney(m.selling_price)}
                    </Text>
                  </Group>
                ))}
                {canEdit ? (
                  <Group gap="xs" mt="xs" justify="flex-end">
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconPencil size={14} />}
                      onClick={() => setMode({ kind: 'edit', set })}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => {
                        setDeleteError(null);
                        setDeleting(set);
                      }}
                    >
                      Delete
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    );
  }

  return (
    <Stack gap="md">
      {sets.data?.length ? <Group justify="flex-end">{createButton}</Group> : null}
      {deleteError ? (
        <Alert color="red" withCloseButton onClose={() => setDeleteError(null)}>
          {deleteError}
        </Alert>
      ) : null}
      {body}
      <ConfirmDialog
        opened={!!deleting}
        title={`Delete ${deleting?.name ?? 'modifier set'}?`}
        message="Products that offer this set will stop offering it. This cannot be undone."
        confirmLabel="Delete"
        color="red"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: MODIFIER_SET_MESSAGES.deleted });
              setDeleting(null);
            },
            onError: (error) => {
              setDeleteError(error.message);
              setDeleting(null);
            },
          })
        }
      />
    </Stack>
  );
};

const countLabel = (n: number) => (n === 1 ? '1 modifier' : `${n} modifiers`);

/** Select mode: a checkbox per modifier (and per set), the count ticked, save disabled while none is. */
const SelectList = ({ sets, select }: { sets: ModifierSet[]; select: SelectModeProps }) => {
  const [ticked, setTicked] = useState<Set<string>>(() => {
    const start = new Set(select.initialModifierIds ?? []);
    for (const s of sets)
      if (select.initialSetIds?.includes(s.id)) s.modifiers.forEach((m) => start.add(m._id));
    return start;
  });
  const toggle = (ids: string[], on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      ids.forEach((id) => (on ? next.add(id) : next.delete(id)));
      return next;
    });
  const selection = useMemo((): ModifierSelection => {
    const chosen = sets.filter((s) => s.modifiers.some((m) => ticked.has(m._id)));
    return {
      setIds: chosen.map((s) => s.id),
      modifierIds: sets.flatMap((s) => s.modifiers.filter((m) => ticked.has(m._id)).map((m) => m._id)),
      sets: chosen,
    };
  }, [sets, ticked]);
  const count = selection.modifierIds.length;

  return (
    <Stack gap="sm">
      {sets.map((set) => {
        const ids = set.modifiers.map((m) => m._id);
        const on = ids.filter((id) => ticked.has(id)).length;
        return (
          <Paper key={set.id} withBorder radius="md" p="sm">
            <Checkbox
              label={
                <Text fw={600} span>
                  {set.name}{' '}
                  <Text span c="dimmed" size="sm">
                    ({countLabel(ids.length)})
                  </Text>
                </Text>
              }
              checked={ids.length > 0 && on === ids.length}
              indeterminate={on > 0 && on < ids.length}
              onChange={(e) => toggle(ids, e.currentTarget.checked)}
            />
            <Stack gap={6} mt="xs" pl="lg">
              {set.modifiers.map((m) => (
                <Checkbox
                  key={m._id}
                  label={
                    <Group gap="xs" wrap="nowrap" component="span">
                      <Text span size="sm">
                        {m.name}
                      </Text>
                      <Text span size="sm" c="dimmed">
                        {formatMoney(m.selling_price)}
                      </Text>
                    </Group>
                  }
                  checked={ticked.has(m._id)}
                  onChange={(e) => toggle([m._id], e.currentTarget.checked)}
                />
              ))}
            </Stack>
          </Paper>
        );
      })}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text aria-live="polite" fw={500}>
          {count === 1 ? '1 modifier selected' : `${count} modifiers selected`}
        </Text>
        <Group gap="sm">
          {select.onCancel ? (
            <Button variant="default" onClick={select.onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button disabled={count === 0} onClick={() => select.onSave(selection)}>
            {select.saveLabel ?? 'Save'}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
};

/** The select mode as a component of its own, for the product form. */
export const ModifierSetPicker = (props: SelectModeProps) => <ModifierSetsPanel select={props} />;
