import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { createOptionBody, type CreateOptionBody } from '@ms/contracts';

export type OptionFormProps = {
  initial?: CreateOptionBody;
  submitting?: boolean;
  serverError?: string | null;
  onSubmit: (body: CreateOptionBody) => void;
  onCancel: () => void;
};

/** An option's name and its values, shown as chips (e.g. Size: S, M, L). */
export const OptionForm = ({
  initial,
  submitting = false,
  serverError,
  onSubmit,
  onCancel,
}: OptionFormProps) => {
  const [name, setName] = useState(initial?.name ?? '');
  const [values, setValues] = useState<string[]>(initial?.values ?? []);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  const addDraft = () => {
    const v = draft.trim();
    if (!v) return;
    if (values.some((x) => x.toLowerCase() === v.toLowerCase())) {
      setError(`“${v}” is already a value of this option.`);
      return;
    }
    setValues([...values, v]);
    setDraft('');
    setError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A value typed but not yet added counts too.
    const all = draft.trim() && !values.includes(draft.trim()) ? [...values, draft.trim()] : values;
    const parsed = createOptionBody.safeParse({ name, values: all });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the option.');
      return;
    }
    setError(null);
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Option">
      <Stack gap="md">
        {serverError ? <Alert color="red">{serverError}</Alert> : null}
        <TextInput
          label="Option name"
          placeholder="e.g. Size"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={60}
          withAsterisk
          size="md"
          data-autofocus
        />
        <div>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              style={{ flex: 1, minWidth: 0 }}
              label="Values"
              description="Type a value and press Enter or Add, e.g. S, M, L."
              placeholder="e.g. Medium"
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addDraft();
                }
              }}
              maxLength={60}
              size="md"
            />
            <Button
              variant="light"
              size="md"
              onClick={addDraft}
              disabled={!draft.trim()}
              leftSection={<IconPlus size={16} />}
            >
              Add
            </Button>
          </Group>
          <Group gap={6} mt="sm" aria-label="Option values">
            {values.length === 0 ? (
              <Text size="sm" c="dimmed">
                No values yet.
              </Text>
            ) : (
              values.map((v) => (
                <Badge
                  key={v}
                  size="lg"
                  variant="light"
                  tt="none"
                  rightSection={
                    <ActionIcon
                      size="xs"
                      variant="transparent"
                      aria-label={`Remove ${v}`}
                      onClick={() => setValues(values.filter((x) => x !== v))}
                    >
                      <IconX size={12} />
                    </ActionIcon>
                  }
                >
                  {v}
                </Badge>
              ))
            )}
          </Group>
        </div>
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Save option
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
