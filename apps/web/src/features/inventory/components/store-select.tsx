import { useEffect, useMemo } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { allStoresLabel, useMyStores } from '@/features/stores';
import { isAdmin, useSession } from '@/lib/session-store';

export const ALL_STORES = '__all__';
const NONE: readonly string[] = [];

type StoreOption = { value: string; label: string };

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (storeId: string | null) => void;
  /** Offer "All stores" (value null; "All my stores" for a non-admin with several, none with one). */
  withAll?: boolean;
  /** Stores that cannot be picked here (e.g. the store a transfer leaves from). */
  exclude?: readonly string[];
  /** Pick the first store when nothing is chosen yet. */
  autoPick?: boolean;
  /** Every store of the business, not only the user's (a transfer may go to any store). */
  anyStore?: boolean;
};

/** The stores the user works in (all of them for an admin); closed stores are left out. */
export const useStoreOptions = (anyStore = false) => {
  const stores = useMyStores();
  const session = useSession();
  const options = useMemo((): StoreOption[] => {
    const mine = stores.data ?? [];
    const closed = new Set(mine.filter((s) => !s.is_active).map((s) => s._id));
    const list = mine.filter((s) => s.is_active).map((s) => ({ value: s._id, label: s.name }));
    if (anyStore) {
      for (const s of session?.business.stores ?? [])
        if (!closed.has(s._id) && !list.some((o) => o.value === s._id))
          list.push({ value: s._id, label: s.name });
    }
    return list;
  }, [stores.data, session?.business.stores, anyStore]);
  return { options, query: stores };
};

export const StoreSelect = ({
  value,
  onChange,
  withAll = false,
  exclude = NONE,
  autoPick = false,
  anyStore = false,
  error,
  ...rest
}: Props) => {
  const { options: all, query } = useStoreOptions(anyStore);
  const session = useSession();
  // "All stores" for an admin, "All my stores" for several stores, nothing for one (that store).
  const allLabel = withAll ? allStoresLabel(isAdmin(session), all.length) : null;
  const options = useMemo(() => all.filter((o) => !exclude.includes(o.value)), [all, exclude]);
  useEffect(() => {
    if (autoPick && !value && options.length > 0) onChange(options[0]!.value);
  }, [autoPick, value, options, onChange]);

  return (
    <Select
      size="md"
      leftSection={<IconBuildingStore size={18} aria-hidden />}
      data={allLabel ? [{ value: ALL_STORES, label: allLabel }, ...options] : options}
      value={value ?? (allLabel ? ALL_STORES : withAll ? (options[0]?.value ?? null) : null)}
      onChange={(v) => onChange(!v || v === ALL_STORES ? null : v)}
      allowDeselect={false}
      nothingFoundMessage="No store"
      placeholder={query.isPending ? 'Loading stores…' : 'Choose a store'}
      comboboxProps={{ withinPortal: true }}
      error={query.isError ? query.error.message : error}
      {...rest}
    />
  );
};

/** Name of a store the user can see, for labels. */
export const useStoreName = () => {
  const { options } = useStoreOptions(true);
  return (id: string | null | undefined) => options.find((o) => o.value === id)?.label ?? '';
};
