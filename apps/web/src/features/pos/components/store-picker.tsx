import { useEffect, useMemo } from 'react';
import { Select } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import type { Store } from '@ms/contracts';
import { useMyStores } from '@/features/stores';
import { useLocalTable } from '@/offline';
import { useSession } from '@/lib/session-store';

type Props = { value: string | null; onChange: (storeId: string) => void };

/** The store this till sells from (the open stores the user works in); picks the first when none is chosen. */
export const StorePicker = ({ value, onChange }: Props) => {
  const stores = useMyStores();
  // Offline (or before the list answers): the stores downloaded to this device.
  const local = useLocalTable<Store & { _id: string }>(useSession()?.business._id, 'stores');
  const list = stores.data ?? (local?.length ? local : undefined);
  const options = useMemo(
    () => (list ?? []).filter((s) => s.is_active).map((s) => ({ value: s._id, label: s.name })),
    [list],
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
      placeholder={!list && stores.isPending ? 'Loading stores…' : 'Choose a store'}
      error={!list && stores.isError ? stores.error.message : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
