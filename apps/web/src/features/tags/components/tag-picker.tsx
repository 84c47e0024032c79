import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPencil, IconTag, IconX } from '@tabler/icons-react';
import { useTags } from '../api/tags';

export type TagPickerProps = {
  /** Tag ids chosen for the product. */
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
};

/**
 * Spec 000 §2.7 tag list widget for the product form: pick a tag under "Add Tag (Optional)" and
 * add it (the button is disabled while nothing is selected); each added tag can be edited (swapped
 * for another) or removed.
 */
export const TagPicker = ({ value, onChange, disabled = false }: TagPickerProps) => {
  const tags = useTags();
  const [picked, setPicked] = useState<string | null>(null);
  const byId = new Map((tags.data ?? []).map((t) => [t._id, t]));
  const options = (tags.data ?? [])
    .filter((t) => !value.includes(t._id))
    .map((t) => ({ value: t._id, label: t.tagName }));

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <Select
          style={{ flex: 1, minWidth: 0 }}
          label="Add Tag (Optional)"
          placeholder={
            tags.isPending ? 'Loading tags…' : options.length ? 'Choose a tag' : 'No more tags to add'
          }
          data={options}
          value={picked}
          onChange={setPicked}
          searchable
          clearable
          disabled={disabled}
          nothingFoundMessage="No tag with that name"
        />
        <Button
          disabled={disabled || !picked}
          onClick={() => {
            if (!picked) return;
            onChange([...value, picked]);
            setPicked(null);
          }}
        >
          Add
        </Button>
      </Group>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          No product added yet.
        </Text>
      ) : (
        <Paper withBorder radius="md" p="xs">
          <Stack gap={4}>
            {value.map((id) => {
              const name = byId.get(id)?.tagName ?? 'Deleted tag';
              return (
                <Group key={id} justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    <IconTag size={14} aria-hidden />
                    <Text size="sm" truncate>
                      {name}
                    </Text>
                  </Group>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit ${name}`}
                      disabled={disabled}
                      onClick={() => {
                        onChange(value.filter((v) => v !== id));
                        setPicked(id);
                      }}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${name}`}
                      disabled={disabled}
                      onClick={() => onChange(value.filter((v) => v !== id))}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              );
            })}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
};
