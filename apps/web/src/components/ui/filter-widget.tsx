import { useEffect, useRef } from 'react';
import { Checkbox, Chip, Combobox, Group, Input, InputBase, Text, useCombobox } from '@mantine/core';
import { DROPDOWN_SELECT_ALL_MS, MULTISELECT_VISIBLE_NAMES } from '@ms/contracts';
import { businessToday } from '@/lib/date-time';

/**
 * Spec 000 §2.7 filter widget: date presets (Today, Yesterday, Last Week, Last Month) that give a
 * {start, end} range of the business's calendar days (its time zone, not the device's), or a multi-select that shows 2 names then "+N".
 */
export const DATE_PRESETS = ['Today', 'Yesterday', 'Last Week', 'Last Month'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export type DateRange = { preset: DatePreset; start: string; end: string };

/** YYYY-MM-DD of a calendar day held as midnight UTC (what the report endpoints take). */
const toDay = (d: Date) => d.toISOString().slice(0, 10);

const addDays = (d: Date, days: number) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days));
/** Same day a month earlier, kept inside that month (31 March -> 28/29 February). */
const monthBefore = (d: Date) => {
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 0)).getUTCDate();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, Math.min(d.getUTCDate(), lastDay)));
};

/** Today and Yesterday are single days; Last Week / Last Month run from a week / month ago to today. */
export const presetRange = (preset: DatePreset, now: Date = new Date()): DateRange => {
  const today = new Date(`${businessToday(now)}T00:00:00Z`);
  switch (preset) {
    case 'Today':
      return { preset, start: toDay(today), end: toDay(today) };
    case 'Yesterday': {
      const y = addDays(today, -1);
      return { preset, start: toDay(y), end: toDay(y) };
    }
    case 'Last Week':
      return { preset, start: toDay(addDays(today, -7)), end: toDay(today) };
    case 'Last Month':
      return { preset, start: toDay(monthBefore(today)), end: toDay(today) };
  }
};

export type DateFilterProps = {
  value: DatePreset;
  onChange: (range: DateRange) => void;
  label?: string;
  /** For tests and reports that pin "today". */
  now?: () => Date;
};

export const DateFilter = ({
  value,
  onChange,
  label = 'Period',
  now = () => new Date(),
}: DateFilterProps) => (
  <Input.Wrapper label={label} labelElement="div">
    <Chip.Group
      multiple={false}
      value={value}
      onChange={(v) => onChange(presetRange(v as DatePreset, now()))}
    >
      <Group gap={8} mt={4} role="radiogroup" aria-label={label}>
        {DATE_PRESETS.map((p) => (
          <Chip key={p} value={p} size="md" variant="filled" icon={null}>
            {p}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  </Input.Wrapper>
);

export type FilterOption = { value: string; label: string };

/** "Ikeja, Yaba +3": the first names, then how many more are picked. */
export const summarizeNames = (names: readonly string[], visible = MULTISELECT_VISIBLE_NAMES): string =>
  names.length <= visible
    ? names.join(', ')
    : `${names.slice(0, visible).join(', ')} +${names.length - visible}`;

export type MultiSelectFilterProps = {
  label: string;
  options: readonly FilterOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Shown when nothing is picked, e.g. "All stores". */
  placeholder?: string;
};

const SELECT_ALL = '__all__';

export const MultiSelectFilter = ({
  label,
  options,
  value,
  onChange,
  placeholder = 'All',
}: MultiSelectFilterProps) => {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const allPicked = options.length > 0 && options.every((o) => value.includes(o.value));
  const names = options.filter((o) => value.includes(o.value)).map((o) => o.label);

  const submit = (picked: string) => {
    if (picked === SELECT_ALL) {
      // Spec 000 §9: the dropdown's select-all lands after a short delay so the tap is seen first.
      clearTimeout(timer.current);
      const next = allPicked ? [] : options.map((o) => o.value);
      timer.current = setTimeout(() => onChange(next), DROPDOWN_SELECT_ALL_MS);
      return;
    }
    onChange(value.includes(picked) ? value.filter((v) => v !== picked) : [...value, picked]);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={submit} withinPortal>
      <Combobox.Target>
        <InputBase
          component="button"
          type="button"
          label={label}
          pointer
          size="md"
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.toggleDropdown()}
        >
          {names.length ? (
            <Text span truncate="end" size="md">
              {summarizeNames(names)}
            </Text>
          ) : (
            <Input.Placeholder>{placeholder}</Input.Placeholder>
          )}
        </InputBase>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          <Combobox.Option value={SELECT_ALL} active={allPicked}>
            <Group gap="sm" wrap="nowrap">
              <Checkbox
                checked={allPicked}
                indeterminate={!allPicked && value.length > 0}
                onChange={() => {}}
                tabIndex={-1}
                aria-hidden
                style={{ pointerEvents: 'none' }}
              />
              <Text fw={600}>Select all</Text>
            </Group>
          </Combobox.Option>
          {options.map((o) => (
            <Combobox.Option key={o.value} value={o.value} active={value.includes(o.value)}>
              <Group gap="sm" wrap="nowrap">
                <Checkbox
                  checked={value.includes(o.value)}
                  onChange={() => {}}
                  tabIndex={-1}
                  aria-hidden
                  style={{ pointerEvents: 'none' }}
                />
                <Text>{o.label}</Text>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
};
