import {
  ActionIcon,
  Autocomplete,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ProductOption } from '@ms/contracts';
import { MAX_OPTIONS, type OptionDraft } from '../lib/varieties';

export type OptionsEditorProps = {
  value: OptionDraft[];
  onChange: (options: OptionDraft[]) => void;
  /** Options saved for the business (Size, Colour...) to reuse. */
  saved: ProductOption[];
  error?: string;
  disabled?: boolean;
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The options a product with variants comes in, e.g. Size: S, M, L and Colour: Red, Blue. A saved
 * option can be picked by name (its values come along); new names and values can be typed.
 */
export const OptionsEditor = ({ value, onChange, saved, error, disabled }: OptionsEditorProps) => {
  const setAt = (i: number, patch: Partial<OptionDraft>) =>
    onChange(value.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  const unused = saved.filter((s) => !value.some((o) => same(o.name, s.name)));

  return (
    <Stack gap="sm">
      {value.map((option, i) => {
        const match = saved.find((s) => same(s.name, option.name));
        return (
          <Paper key={i} withBorder p="sm" radius="md" bg="gray.0">
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ flex: 1 }}>
                <Autocomplete
                  label={`Option ${i + 1}`}
                  placeholder="e.g. Size"
                  data={unused.map((s) => s.name).concat(match ? [match.name] : [])}
                  value={option.name}
                  onChange={(name) => setAt(i, { name })}
                  onOptionSubmit={(name) => {
                    const picked = saved.find((s) => same(s.name, name));
                    if (picked && option.values.length === 0)
                      setAt(i, { name: picked.name, values: [...picked.values] });
                  }}
                  size="md"
                  maxLength={60}
                  disabled={disabled}
                />
                <TagsInput
                  label={option.name.trim() ? `${option.name.trim()} values` : 'Values'}
                  description="Type a value and press Enter"
                  placeholder={option.values.length ? '' : 'e.g. S, M, L'}
                  data={match?.values ?? []}
                  value={option.values}
                  onChange={(values) => setAt(i, { values })}
                  splitChars={[',']}
                  acceptValueOnBlur
                  clearable
                  size="md"
                  maxTags={50}
                  disabled={disabled}
                  style={{ gridColumn: 'span 2' }}
                />
              </SimpleGrid>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={28}
                aria-label={`Remove option ${option.name.trim() || i + 1}`}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
                disabled={disabled}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
      {error && (
        <Text size="sm" c="red.7" role="alert">
          {error}
        </Text>
      )}
      {value.length < MAX_OPTIONS && (
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => onChange([...value, { name: '', values: [] }])}
            disabled={disabled}
          >
            Add option
          </Button>
          {unused.slice(0, 4).map((s) => (
            <Button
              key={s._id}
              variant="default"
              size="compact-md"
              onClick={() =>
                onChange([
                  ...value.filter((o) => o.name.trim() || o.values.length),
                  { name: s.name, values: [...s.values] },
                ])
              }
              disabled={disabled}
            >
              Use {s.name}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
};
