import { Chip, Group, ScrollArea } from '@mantine/core';

/** One row of category chips above the product grid ("All" first); nothing when there are no categories. */
export const CategoryChips = ({
  categories,
  value,
  onChange,
}: {
  categories: { _id: string; name: string }[];
  value: string | null;
  onChange: (category: string | null) => void;
}) =>
  categories.length > 0 ? (
    <ScrollArea type="never" offsetScrollbars={false}>
      <Chip.Group multiple={false} value={value ?? ''} onChange={(v) => onChange(v || null)}>
        <Group gap={6} wrap="nowrap">
          <Chip value="" size="md">
            All
          </Chip>
          {categories.map((c) => (
            <Chip key={c._id} value={c._id} size="md">
              {c.name}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </ScrollArea>
  ) : null;
