import { useMemo } from 'react';
import { SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import type { Product, Store } from '@ms/contracts';
import type { ProductFormMode } from '../lib/product-form';
import { fieldError, useProductFormContext, type Touch } from '../lib/product-form-context';
import { FormSection } from './form-section';
import { CountInput } from './number-fields';

/**
 * Stock tracking and the low-stock alert; on a new product without variants the opening stock per store,
 * on a saved one what is in stock (changed only through Inventory).
 */
export const ProductStockSection = ({
  mode,
  product,
  stores,
  variable,
  disabled,
  touch,
}: {
  mode: ProductFormMode;
  product?: Product;
  stores: Store[];
  variable: boolean;
  disabled: boolean;
  touch: Touch;
}) => {
  const { control, setValue, formState } = useProductFormContext();
  const { errors } = formState;
  const trackStock = useWatch({ control, name: 'track_stock' });
  const storeStock = useWatch({ control, name: 'store_stock' });
  // Stores can load after the form: give each one an opening-stock input.
  const stockRows = useMemo(
    () =>
      stores.map(
        ({ _id: id }) => storeStock.find((s) => s.store_id === id) ?? { store_id: id, stock: '' as const },
      ),
    [stores, storeStock],
  );
  return (
    <FormSection title="Stock">
      <Controller
        control={control}
        name="track_stock"
        render={({ field }) => (
          <Switch
            size="md"
            label="Track stock"
            description="Count what you have and warn you when it runs low."
            checked={field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
            disabled={disabled}
          />
        )}
      />
      {trackStock && (
        <Controller
          control={control}
          name="low_stock_threshold"
          render={({ field }) => (
            <CountInput
              label="Low-stock alert at"
              description="The list marks the product Low at or below this quantity."
              size="md"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldError(errors, 'low_stock_threshold')}
              disabled={disabled}
            />
          )}
        />
      )}
      {trackStock && !variable && mode === 'create' && stores.length > 0 && (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Opening stock
          </Text>
          <Text size="sm" c="dimmed" mt={-6}>
            How many you have now in each store. Later changes go through Add stock and Remove stock.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {stores.map((s) => {
              const i = stockRows.findIndex((r) => r.store_id === s._id);
              const row = stockRows[i];
              const rowError = (
                errors.store_stock as ({ stock?: { message?: string } } | undefined)[] | undefined
              )?.[i]?.stock?.message;
              return (
                <CountInput
                  key={s._id}
                  label={s.name}
                  aria-label={`Opening stock at ${s.name}`}
                  placeholder="0"
                  size="md"
                  value={row?.stock ?? ''}
                  onChange={(stock) =>
                    setValue(
                      'store_stock',
                      stockRows.map((r) => (r.store_id === s._id ? { ...r, stock } : r)),
                      touch(),
                    )
                  }
                  error={rowError}
                  disabled={disabled}
                />
              );
            })}
          </SimpleGrid>
        </Stack>
      )}
      {trackStock && mode === 'edit' && product && !variable && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            In stock: {product.stock.toLocaleString('en-NG')}
          </Text>
          {product.store_stock.length > 1 && (
            <Text size="sm" c="dimmed">
              {product.store_stock
                .map((s) => `${stores.find((x) => x._id === s.store_id)?.name ?? 'Store'}: ${s.stock}`)
                .join(' · ')}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Change stock with Add stock or Remove stock in Inventory, so every change is recorded.
          </Text>
        </Stack>
      )}
    </FormSection>
  );
};
