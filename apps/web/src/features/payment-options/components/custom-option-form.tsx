import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';

export type CustomOptionValues = { name: string; instructions: string };

type Props = {
  initial?: CustomOptionValues;
  submitLabel: string;
  loading: boolean;
  onSubmit: (values: CustomOptionValues) => void;
  onCancel?: () => void;
};

/** Name and cashier instructions of a custom payment option (add and edit; the parent remounts it to clear it). */
export const CustomOptionForm = ({ initial, submitLabel, loading, onSubmit, onCancel }: Props) => {
  const [name, setName] = useState(initial?.name ?? '');
  const [instructions, setInstructions] = useState(initial?.instructions ?? '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    onSubmit({ name: name.trim(), instructions: instructions.trim() });
  };

  return (
    <form onSubmit={submit} aria-label={submitLabel}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          placeholder="e.g. POS terminal (Moniepoint)"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={60}
          required
          size="md"
        />
        <Textarea
          label="Instructions for the cashier"
          description="Shown at the POS when this option is chosen (optional)."
          placeholder="e.g. Charge the card on the Moniepoint terminal, then complete the sale."
          value={instructions}
          onChange={(e) => setInstructions(e.currentTarget.value)}
          maxLength={300}
          autosize
          minRows={2}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={!name.trim()} loading={loading}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
