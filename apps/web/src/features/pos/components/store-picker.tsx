import { useEffect, useMemo } from 'react';
import { Select } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useMyStores } from '@/features/stores';

type Props = { value: string | null; onChange: (storeId: string) => void };

/** The store this till sells from (the open stores the user works in); picks the first when none is chosen. */
export const StorePicker = ({ value, onChange }: Props) => {
  const stores = useMyStores();
  const options = useMemo(
    () => (stores.data ?? []).filter((s) => s.is_active).map((s) => ({ value: s._id, label: s.name })),
    [stores.data],
  );
  useEffect(() => {
    if (options.length > 0 && (!value || !options.some((o) => o.value === value)))
      onChange(options[0]!.value);
  }, [options, value, onChange]);
  return (
    <Select
      aria-label="Store"
      size="md"
      w={{ base: '100%', xs: 220 }}
      leftSection={<IconBuildingStore size={18} aria-hidden />}
      data={options}
      value={value}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      placeholder={stores.isPending ? 'Loading stores…' : 'Choose a store'}
      error={stores.isError ? stores.error.message : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
