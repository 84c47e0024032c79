import { useEffect, useRef, useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_DEBOUNCE_MS } from '@ms/contracts';

/** Spec 000 §2.7/§9 search box: tells the screen what was typed once typing pauses for 1 s. */
export type DebouncedSearchProps = {
  onSearch: (value: string) => void;
  placeholder?: string;
  /** Visible label; the placeholder is read out when there is none. */
  label?: string;
  defaultValue?: string;
  delayMs?: number;
};

export const DebouncedSearch = ({
  onSearch,
  placeholder = 'Search',
  label,
  defaultValue = '',
  delayMs = SEARCH_DEBOUNCE_MS,
}: DebouncedSearchProps) => {
  const [value, setValue] = useState(defaultValue);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  }, [onSearch]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string, immediately = false) => {
    setValue(next);
    clearTimeout(timer.current);
    if (immediately) latest.current(next);
    else timer.current = setTimeout(() => latest.current(next), delayMs);
  };

  return (
    <TextInput
      type="search"
      label={label}
      aria-label={label ? undefined : placeholder}
      placeholder={placeholder}
      value={value}
      onChange={(e) => change(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') change(value, true);
      }}
      leftSection={<IconSearch size={18} aria-hidden />}
      rightSection={value ? <CloseButton aria-label="Clear search" onClick={() => change('', true)} /> : null}
      size="md"
    />
  );
};
