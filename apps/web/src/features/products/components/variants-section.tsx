import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useFormState, useWatch, type FieldErrors } from 'react-hook-form';
import type { Store } from '@ms/contracts';
import type { ProductFormValues } from '../lib/product-form';
import type { ProductFormControl } from '../lib/product-form-context';
import { combinations, varietyKey, type OptionDraft, type VarietyRow } from '../lib/varieties';
import { useSavedOptions } from './catalogue-data';
import { FormSection } from './form-section';
import { OptionsEditor } from './options-editor';
import { VarietyGrid, type RowErrors } from './variety-grid';

/** Varieties' errors as the grid wants them: per row, per field. */
const rowErrors = (errors: FieldErrors<ProductFormValues>): (RowErrors | undefined)[] => {
  const list = (errors.varieties ?? []) as unknown as (Record<string, unknown> | undefined)[];
  if (!Array.isArray(list)) return [];
  return list.map((e) => {
    if (!e) return undefined;
    const msg = (k: string) => (e[k] as { message?: string } | undefined)?.message;
    const stock = (e.store_stock ?? []) as ({ stock?: { message?: string } } | undefined)[];
    return {
      selling_price: msg('selling_price'),
      cost_price: msg('cost_price'),
      sku: msg('sku'),
      barcode: msg('barcode'),
      store_stock: Array.isArray(stock) ? stock.map((s) => s?.stock?.message) : [],
    };
  });
};

/** The variants block: options, then the grid they make. Watches only its own part of the form. */
export const VariantsSection = ({
  control,
  stores,
  disabled,
  onOptionsChange,
  onRowChange,
  onRemove,
  onRestore,
  onApplyPrice,
  removedKeys,
}: {
  control: ProductFormControl;
  stores: Store[];
  disabled: boolean;
  onOptionsChange: (options: OptionDraft[]) => void;
  onRowChange: (key: string, patch: Partial<VarietyRow>) => void;
  onRemove: (key: string) => void;
  onRestore: () => void;
  onApplyPrice: (price: number) => void;
  removedKeys: ReadonlyMap<string, VarietyRow>;
}) => {
  const [options, varieties] = useWatch({ control, name: ['options', 'varieties'] });
  const { errors } = useFormState({ control, name: ['options', 'varieties'] });
  const wide = useMediaQuery('(min-width: 62em)', undefined, { getInitialValueInEffect: false });
  const saved = useSavedOptions();
  const varietyErrors = useMemo(() => rowErrors(errors), [errors]);
  // Only removed varieties the options still make can come back.
  const removedCount = useMemo(() => {
    const live = new Set(combinations(options).map(varietyKey));
    return [...removedKeys.keys()].filter((k) => live.has(k)).length;
  }, [options, removedKeys]);
  const optionsError =
    (errors.options as { root?: { message?: string }; message?: string } | undefined)?.root?.message ??
    errors.options?.message;
  const gridError =
    (errors.varieties as { root?: { message?: string }; message?: string } | undefined)?.root?.message ??
    errors.varieties?.message;
  return (
    <FormSection
      title="Variants"
      description="List the options the product comes in. A variety is made for each combination; give each its price and opening stock."
    >
      <OptionsEditor
        value={options}
        onChange={onOptionsChange}
        saved={saved.data}
        error={optionsError}
        disabled={disabled}
      />
      <VarietyGrid
        rows={varieties}
        options={options}
        stores={stores}
        errors={varietyErrors}
        wide={wide}
        disabled={disabled}
        removedCount={removedCount}
        onChangeRow={onRowChange}
        onRemove={onRemove}
        onRestore={onRestore}
        onApplyPrice={onApplyPrice}
      />
      {gridError && (
        <Text size="sm" c="red.7" role="alert">
          {gridError}
        </Text>
      )}
    </FormSection>
  );
};
