import { useCallback, useState } from 'react';
import type { UseFormGetValues, UseFormSetValue } from 'react-hook-form';
import type { ProductFormValues } from './product-form';
import type { Touch } from './product-form-context';
import { generateVarieties, type OptionDraft, type VarietyRow } from './varieties';

/**
 * The variants grid's edits: options regenerate the varieties, a row changes, is removed (kept with what
 * was typed in it, so Bring back restores it as it was) or restored, one price goes to every row.
 */
export const useVarietyEditing = ({
  getValues,
  setValue,
  storeIds,
  touch,
}: {
  getValues: UseFormGetValues<ProductFormValues>;
  setValue: UseFormSetValue<ProductFormValues>;
  storeIds: string[];
  touch: Touch;
}) => {
  const [removed, setRemoved] = useState<ReadonlyMap<string, VarietyRow>>(new Map());

  const regenerate = useCallback(
    (options: OptionDraft[], stash: ReadonlyMap<string, VarietyRow>) => {
      const v = getValues();
      setValue(
        'varieties',
        generateVarieties(options, [...v.varieties, ...stash.values()], {
          removed: new Set(stash.keys()),
          storeIds,
          defaults: { selling_price: v.selling_price, cost_price: v.cost_price },
        }),
        touch(),
      );
    },
    [getValues, setValue, storeIds, touch],
  );

  const onOptionsChange = useCallback(
    (options: OptionDraft[]) => {
      setValue('options', options, touch());
      regenerate(options, removed);
    },
    [regenerate, removed, setValue, touch],
  );

  const onRowChange = useCallback(
    (key: string, patch: Partial<VarietyRow>) =>
      setValue(
        'varieties',
        getValues('varieties').map((r) => (r.key === key ? { ...r, ...patch } : r)),
        touch(),
      ),
    [getValues, setValue, touch],
  );

  const onRemove = useCallback(
    (key: string) => {
      const rows = getValues('varieties');
      const row = rows.find((r) => r.key === key);
      if (!row) return;
      setRemoved((prev) => new Map(prev).set(key, row));
      setValue(
        'varieties',
        rows.filter((r) => r.key !== key),
        touch(),
      );
    },
    [getValues, setValue, touch],
  );

  // The removed rows come back as they were, in their place in the grid.
  const onRestore = useCallback(() => {
    const v = getValues();
    setValue(
      'varieties',
      generateVarieties(v.options, [...v.varieties, ...removed.values()], {
        storeIds,
        defaults: { selling_price: v.selling_price, cost_price: v.cost_price },
      }),
      touch(),
    );
    setRemoved(new Map());
  }, [getValues, removed, setValue, storeIds, touch]);

  const onApplyPrice = useCallback(
    (price: number) =>
      setValue(
        'varieties',
        getValues('varieties').map((r) => ({ ...r, selling_price: price })),
        touch(),
      ),
    [getValues, setValue, touch],
  );

  return { removedKeys: removed, onOptionsChange, onRowChange, onRemove, onRestore, onApplyPrice };
};
