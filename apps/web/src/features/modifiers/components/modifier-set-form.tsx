import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { CreateModifierSetBody } from '@ms/contracts';
import {
  addRow,
  canDeleteRow,
  emptyModifierForm,
  hasErrors,
  removeRow,
  toModifierSetBody,
  validateModifierForm,
  type ModifierFormValues,
} from './modifier-form-rules';

export type ModifierSetFormProps = {
  initial?: ModifierFormValues;
  submitLabel?: string;
  submitting?: boolean;
  /** The server's message when saving failed. */
  serverError?: string | null;
  onSubmit: (body: CreateModifierSetBody) => void;
  onCancel?: () => void;
};

/**
 * Spec 001 §2 create form: a set name and rows of modifier name and naira price; "Add modifier"
 * adds a row; each row has a delete button only while more than one row exists.
 */
export const ModifierSetForm = ({
  initial,
  submitLabel = 'Save modifier set',
  submitting = false,
  serverError,
  onSubmit,
  onCancel,
}: ModifierSetFormProps) => {
  const [values, setValues] = useState<ModifierFormValues>(() => initial ?? emptyModifierForm());
  const [showErrors, setShowErrors] = useState(false);
  const errors = validateModifierForm(values);

  const setRow = (key: string, patch: { name?: string; price?: string }) =>
    setValues((v) => ({ ...v, rows: v.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShowErrors(true);
    if (!hasErrors(errors)) onSubmit(toModifierSetBody(values));
  };

  const deletable = canDeleteRow(values.rows);

  return (
    <form onSubmit={submit} noValidate aria-label="Modifier set">
      <Stack gap="md">
        {serverError ? (
          <Alert color="red" title="Could not save the modifier set">
            {serverError}
          </Alert>
        ) : null}
        <TextInput
          label="Set name"
          placeholder="e.g. Extra toppings"
          description="A group of extras a customer can add, like toppings or sides."
          value={values.name}
          onChange={(e) => {
            const name = e.currentTarget.value;
            setValues((v) => ({ ...v, name }));
          }}
          error={showErrors ? errors.name : undefined}
          size="md"
          withAsterisk
          maxLength={80}
        />
        <Paper withBorder radius="md" p="sm">
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Text fw={600}>Modifiers</Text>
              <Text size="sm" c="dimmed">
                Price in naira; leave empty for free (₦0)
              </Text>
            </Group>
            {values.rows.map((row, index) => (
              <Group key={row.key} align="flex-start" gap="xs" wrap="nowrap" data-testid="modifier-row">
                <TextInput
                  style={{ flex: 1, minWidth: 0 }}
                  label={`Modifier ${index + 1} name`}
                  placeholder="e.g. Cheese"
                  value={row.name}
                  onChange={(e) => setRow(row.key, { name: e.currentTarget.value })}
                  error={showErrors ? errors.rows[index]?.name : undefined}
                  maxLength={80}
                />
                <TextInput
                  w={{ base: 112, sm: 160 }}
                  label="Price (₦)"
                  placeholder="0.00"
                  inputMode="decimal"
                  value={row.price}
                  onChange={(e) => setRow(row.key, { price: e.currentTarget.value })}
                  error={showErrors ? errors.rows[index]?.price : undefined}
                />
                {deletable ? (
                  <ActionIcon
                    mt={26}
                    size="lg"
                    variant="subtle"
                    color="red"
                    aria-label={`Delete modifier ${index + 1}`}
                    onClick={() => setValues((v) => removeRow(v, row.key))}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                ) : null}
              </Group>
            ))}
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setValues(addRow)}
              style={{ alignSelf: 'flex-start' }}
            >
              Add modifier
            </Button>
          </Stack>
        </Paper>
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={submitting} size="md">
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={submitting} size="md">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
