import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconAdjustments, IconX } from '@tabler/icons-react';
import { formatMoney, type Category, type ProductOption, type Tag } from '@ms/contracts';
import { useCategories } from '@/features/categories';
import { ModifierSetPicker, useModifierSets } from '@/features/modifiers';
import { useOptions } from '@/features/options';
import { useTags } from '@/features/tags';

/**
 * Categories, tags, saved options and modifier sets come from their own features; the product
 * screens read them only through this file.
 */
const EMPTY: never[] = [];

export const useCategoryList = (): { data: Category[]; isPending: boolean } => {
  const q = useCategories();
  return { data: q.data ?? EMPTY, isPending: q.isPending };
};

export const useTagList = (): { data: Tag[]; isPending: boolean } => {
  const q = useTags();
  return { data: q.data ?? EMPTY, isPending: q.isPending };
};

export const useSavedOptions = (): { data: ProductOption[] } => {
  const q = useOptions();
  return { data: q.data ?? EMPTY };
};

export type ModifierSetFieldProps = {
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
};

/**
 * The modifier sets offered with the product (spec 000 §2.7 modifiers widget: each modifier's name
 * and price), chosen in the modifier-set picker (select mode).
 */
export const ModifierSetField = ({ value, onChange, disabled }: ModifierSetFieldProps) => {
  const sets = useModifierSets();
  const [open, setOpen] = useState(false);
  const chosen = (sets.data ?? []).filter((s) => value.includes(s.id));
  const missing = value.filter((id) => !(sets.data ?? []).some((s) => s.id === id));

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Modifier sets (optional)
      </Text>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          Extras sold with the product, e.g. “Extra cheese ₦200”.
        </Text>
      ) : (
        <Stack gap={6} role="list" aria-label="Chosen modifier sets">
          {chosen.map((set) => (
            <Paper key={set.id} withBorder radius="md" p="xs" role="listitem">
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {set.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {set.modifiers.map((m) => `${m.name} ${formatMoney(m.selling_price)}`).join(' · ')}
                  </Text>
                </div>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${set.name}`}
                  disabled={disabled}
                  onClick={() => onChange(value.filter((id) => id !== set.id))}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
          {missing.length > 0 && !sets.isPending && (
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                {missing.length === 1
                  ? 'A chosen set was deleted.'
                  : `${missing.length} chosen sets were deleted.`}
              </Text>
              <Button
                variant="subtle"
                size="compact-xs"
                disabled={disabled}
                onClick={() => onChange(value.filter((id) => !missing.includes(id)))}
              >
                Take it off
              </Button>
            </Group>
          )}
        </Stack>
      )}
      <Button
        variant="light"
        leftSection={<IconAdjustments size={16} />}
        onClick={() => setOpen(true)}
        disabled={disabled}
        w="fit-content"
      >
        {value.length ? 'Change modifier sets' : 'Choose modifier sets'}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={<Text fw={700}>Modifier sets</Text>}
        size="lg"
      >
        {open && (
          <ModifierSetPicker
            initialSetIds={value}
            saveLabel="Use these sets"
            onSave={(selection) => {
              onChange(selection.setIds);
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        )}
      </Modal>
    </Stack>
  );
};

export { TagPicker } from '@/features/tags';
