import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { PAYMENT_OPTION_MESSAGES, type CustomPaymentOption } from '@ms/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCustomOptions, usePaymentOptionMutations } from '../api/payment-options';
import { CustomOptionForm, type CustomOptionValues } from './custom-option-form';
import { LoadError } from '@/components/ui/query-states';

const byName = (a: CustomPaymentOption, b: CustomPaymentOption) =>
  a.name.toLowerCase().localeCompare(b.name.toLowerCase());

/** The business's own ways of being paid (e.g. a POS terminal): add, edit, (de)activate, delete. */
export const CustomOptions = () => {
  const options = useCustomOptions();
  const { create, update, remove } = usePaymentOptionMutations();
  const [formKey, setFormKey] = useState(0);
  const [editing, setEditing] = useState<CustomPaymentOption | null>(null);
  const [deleting, setDeleting] = useState<CustomPaymentOption | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const done = (message: string) => notifications.show({ color: 'teal', message });
  const fail = (error: Error) => setFailure(error.message);

  const add = (v: CustomOptionValues) => {
    setFailure(null);
    create.mutate(
      { name: v.name, instructions: v.instructions || null },
      {
        onSuccess: () => {
          setFormKey((k) => k + 1);
          done(PAYMENT_OPTION_MESSAGES.created);
        },
        onError: fail,
      },
    );
  };

  const save = (v: CustomOptionValues) => {
    if (!editing) return;
    setFailure(null);
    update.mutate(
      { id: editing.id, body: { name: v.name, instructions: v.instructions || null } },
      {
        onSuccess: () => {
          setEditing(null);
          done(PAYMENT_OPTION_MESSAGES.edited);
        },
        onError: (error) => {
          setEditing(null);
          fail(error);
        },
      },
    );
  };

  const setActive = (o: CustomPaymentOption, active: boolean) => {
    setFailure(null);
    update.mutate({ id: o.id, body: { active } }, { onError: fail });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => done(PAYMENT_OPTION_MESSAGES.deleted),
      onError: fail,
      onSettled: () => setDeleting(null),
    });
  };

  const items = [...(options.data?.items ?? [])].sort(byName);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="custom-options-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="custom-options-title">
            Custom payment options
          </Title>
          <Text size="sm" c="dimmed">
            Other ways your customers pay, such as a POS terminal or a mobile wallet. They show at the POS
            next to cash.
          </Text>
        </div>

        <CustomOptionForm
          key={formKey}
          submitLabel="Add payment option"
          loading={create.isPending}
          onSubmit={add}
        />

        {failure && (
          <Alert color="red" title="That did not work" withCloseButton onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}

        {options.isPending ? (
          <Stack gap="xs">
            {[1, 2].map((i) => (
              <Skeleton key={i} h={48} />
            ))}
          </Stack>
        ) : options.isError ? (
          <LoadError what="your payment options" error={options.error} />
        ) : items.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="md">
            No custom payment options yet. Add one above.
          </Text>
        ) : (
          <Stack
            gap={0}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Custom payment options"
          >
            {items.map((o) => (
              <Paper
                key={o.id}
                component="li"
                withBorder
                radius={0}
                px="sm"
                py="xs"
                style={{ marginTop: -1 }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {o.name}
                      </Text>
                      {!o.active && (
                        <Badge color="gray" variant="light">
                          Inactive
                        </Badge>
                      )}
                    </Group>
                    {o.instructions && (
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {o.instructions}
                      </Text>
                    )}
                  </div>
                  <Group gap={4} wrap="nowrap">
                    <Switch
                      aria-label={`${o.name} active`}
                      checked={o.active}
                      disabled={update.isPending}
                      onChange={(e) => setActive(o, e.currentTarget.checked)}
                      mr="xs"
                    />
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      aria-label={`Edit ${o.name}`}
                      onClick={() => setEditing(o)}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Delete ${o.name}`}
                      onClick={() => setDeleting(o)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>

      <Modal opened={!!editing} onClose={() => setEditing(null)} title="Edit payment option" centered>
        {editing && (
          <CustomOptionForm
            initial={{ name: editing.name, instructions: editing.instructions ?? '' }}
            submitLabel="Save changes"
            loading={update.isPending}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>

      <ConfirmDialog
        opened={!!deleting}
        title="Delete payment option?"
        message={
          deleting
            ? `“${deleting.name}” will no longer show at the POS. Sales already paid with it keep its name.`
            : undefined
        }
        confirmLabel="Delete"
        color="red"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Paper>
  );
};
