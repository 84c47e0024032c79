import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { ruleMessages } from '@ms/contracts';

export type NameModalProps = {
  opened: boolean;
  title: string;
  label: string;
  initialName?: string;
  /** A "Category" select (moving a subcategory); leave out for a name only. */
  parents?: { value: string; label: string }[];
  initialParent?: string;
  submitting?: boolean;
  serverError?: string | null;
  onSubmit: (values: { name: string; parent?: string }) => void;
  onClose: () => void;
};

/** A name (and optionally a parent category) in a modal: rename, add a subcategory, move it. */
export const NameModal = (props: NameModalProps) => (
  <Modal
    opened={props.opened}
    onClose={props.onClose}
    title={<Text fw={700}>{props.title}</Text>}
    centered
    size="sm"
  >
    {props.opened ? <NameForm {...props} /> : null}
  </Modal>
);

const NameForm = ({
  label,
  initialName = '',
  parents,
  initialParent,
  submitting = false,
  serverError,
  onSubmit,
  onClose,
}: NameModalProps) => {
  const [name, setName] = useState(initialName);
  const [parent, setParent] = useState<string | null>(initialParent ?? null);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(ruleMessages.generic_required(label.toLowerCase()));
      return;
    }
    onSubmit({ name: name.trim(), parent: parent ?? undefined });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {serverError ? <Alert color="red">{serverError}</Alert> : null}
        <TextInput
          label={label}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          maxLength={80}
          size="md"
          data-autofocus
        />
        {parents ? (
          <Select
            label="Category"
            description="Move the subcategory, with its products, to another category."
            data={parents}
            value={parent}
            onChange={setParent}
            allowDeselect={false}
            searchable
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
