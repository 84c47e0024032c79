import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Alert, Button, Grid, Group, Paper, Stack } from '@mantine/core';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import type { Product, ProductType, Store } from '@ms/contracts';
import {
  emptyProduct,
  fromProduct,
  productResolver,
  type ProductBody,
  type ProductFormMode,
  type ProductFormValues,
} from '../lib/product-form';
import { useVarietyEditing } from '../lib/use-variety-editing';
import { ProductDetailsSection } from './product-details-section';
import { ProductImagesSection, ProductOrganiseSection } from './product-organise-section';
import { ProductPriceSection } from './product-price-section';
import { ProductStockSection } from './product-stock-section';
import { VariantsSection } from './variants-section';

export type ProductFormProps = {
  mode: ProductFormMode;
  /** The saved product (edit). */
  product?: Product;
  stores: Store[];
  busy: boolean;
  canSave: boolean;
  onSubmit: (body: ProductBody, values: ProductFormValues) => void;
  /** Shown above the save button (a server error, a 409 with its Reload). */
  notice?: ReactNode;
  /** Extra buttons beside Save (Delete on edit). */
  actions?: ReactNode;
  /** Told when the form starts or stops differing from what it was started with. */
  onDirtyChange?: (dirty: boolean) => void;
};

/**
 * Add or edit a product (spec 001 §2 add-product, edit-product/{id}). One form for the three kinds of
 * product; a product with variants gets its options and variety grid. Checked with the contracts'
 * rules before anything is sent. Each section is its own component reading the form from context.
 */
export const ProductForm = ({
  mode,
  product,
  stores,
  busy,
  canSave,
  onSubmit,
  notice,
  actions,
  onDirtyChange,
}: ProductFormProps) => {
  const storeIds = useMemo(() => stores.map((s) => s._id), [stores]);
  const original = useRef<Product | undefined>(product);
  original.current = product;
  const resolver = useMemo(
    () =>
      productResolver({
        mode,
        get original() {
          return original.current ?? null;
        },
      }),
    [mode],
  );
  const form = useForm<ProductFormValues, unknown, ProductBody>({
    resolver,
    defaultValues: product ? fromProduct(product) : emptyProduct(storeIds),
  });
  const { control, handleSubmit, setValue, getValues, formState } = form;
  const { errors, isDirty } = formState;
  const dirtyChanged = useRef(onDirtyChange);
  dirtyChanged.current = onDirtyChange;
  useEffect(() => dirtyChanged.current?.(isDirty), [isDirty]);
  const productType = useWatch({ control, name: 'product_type' });
  const trackStock = useWatch({ control, name: 'track_stock' });
  const disabled = busy || !canSave;

  // Once the form was submitted, every change re-checks it so fixed fields lose their red.
  const submitted = useRef(false);
  submitted.current = formState.isSubmitted;
  const touch = useCallback(() => ({ shouldDirty: true, shouldValidate: submitted.current }), []);

  const varieties = useVarietyEditing({ getValues, setValue, storeIds, touch });

  const chooseType = (type: ProductType) => {
    setValue('product_type', type, touch());
    if (type === 'variable' && getValues('options').length === 0)
      setValue('options', [{ name: '', values: [] }], { shouldDirty: true });
    if (type === 'service') setValue('track_stock', false, { shouldDirty: true });
    else if (mode === 'create' && !getValues('track_stock'))
      setValue('track_stock', true, { shouldDirty: true });
  };

  const submit = handleSubmit((body) => onSubmit(body, getValues()));
  const variable = productType === 'variable';
  const service = productType === 'service';

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label={mode === 'create' ? 'Add product' : 'Edit product'}>
        <Stack gap="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="md">
                <ProductDetailsSection disabled={disabled} onType={chooseType} />
                {!variable && <ProductPriceSection disabled={disabled} />}
                {!service && (
                  <ProductStockSection
                    mode={mode}
                    product={product}
                    stores={stores}
                    variable={variable}
                    disabled={disabled}
                    touch={touch}
                  />
                )}
              </Stack>
            </Grid.Col>

            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="md">
                <ProductImagesSection disabled={disabled} />
                <ProductOrganiseSection disabled={disabled} />
              </Stack>
            </Grid.Col>
          </Grid>

          {variable && (
            <VariantsSection
              control={control}
              stores={trackStock ? stores : []}
              disabled={disabled}
              {...varieties}
            />
          )}

          {Object.keys(errors).length > 0 && formState.isSubmitted && (
            <Alert color="red" variant="light" role="alert">
              Some fields need your attention; they are marked in red.
            </Alert>
          )}
          {notice}

          <Paper
            withBorder
            p="sm"
            radius="md"
            shadow="sm"
            style={{ position: 'sticky', bottom: 8, zIndex: 2 }}
          >
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                {actions}
              </Group>
              <Button type="submit" size="md" loading={busy} disabled={!canSave} miw={140}>
                {mode === 'create' ? 'Save product' : 'Save changes'}
              </Button>
            </Group>
          </Paper>
        </Stack>
      </form>
    </FormProvider>
  );
};
