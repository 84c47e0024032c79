import { Chip, Group, Stack, TextInput } from '@mantine/core';
import { RANGE_PRESETS, type DayRange, type RangePreset } from '@/lib/day-ranges';

type Props = {
  preset: RangePreset;
  onPreset: (preset: RangePreset) => void;
  custom: DayRange;
  onCustom: (custom: DayRange) => void;
};

/** The days a list covers: Today, Yesterday, 7 days, 30 days, or From/To dates (sales history, transactions). */
export const DayRangeFilter = ({ preset, onPreset, custom, onCustom }: Props) => (
  <Stack gap="xs">
    <Chip.Group value={preset} onChange={(v) => onPreset(v as RangePreset)}>
      <Group gap={6} role="radiogroup" aria-label="Date range">
        {RANGE_PRESETS.map((p) => (
          <Chip key={p.value} value={p.value} size="sm">
            {p.label}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
    {preset === 'custom' && (
      <Group gap="xs" grow>
        <TextInput
          type="date"
          label="From"
          value={custom.from}
          onChange={(e) => onCustom({ ...custom, from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="To"
          value={custom.to}
          onChange={(e) => onCustom({ ...custom, to: e.currentTarget.value })}
        />
      </Group>
    )}
  </Stack>
);
