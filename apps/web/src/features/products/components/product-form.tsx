import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Controller, useForm, useFormState, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { formatMoney, type Product, type ProductType, type Store } from '@ms/contracts';
import {
  emptyProduct,
  fromProduct,
  margin,
  productResolver,
  type ProductBody,
  type ProductFormMode,
  type ProductFormValues,
} from '../lib/product-form';
import {
  combinations,
  generateVarieties,
  varietyKey,
  type OptionDraft,
  type VarietyRow,
} from '../lib/varieties';
import { ModifierSetField, TagPicker, useCategoryList, useSavedOptions } from './catalogue-data';
import { ImagesField } from './images-field';
import { CountInput, MoneyInput } from './number-fields';
import { OptionsEditor } from './options-editor';
import { VarietyGrid, type RowErrors } from './variety-grid';

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
};

type FormControl = Control<ProductFormValues, unknown, ProductBody>;

const TYPE_CHOICES: { value: ProductType; label: string }[] = [
  { value: 'simple', label: 'Simple' },
  { value: 'variable', label: 'With variants' },
  { value: 'service', label: 'Service' },
];

const TYPE_HELP: Record<ProductType, string> = {
  simple: 'One item with one price, e.g. a 50cl bottle of Coke.',
  variable: 'Comes in sizes, colours or other options, each with its own price and stock.',
  service: 'Work you sell without stock, e.g. a haircut or a delivery.',
};

const Section = ({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) => (
  <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
    <Stack gap="md">
      <div>
        <Title order={2} size="h4">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  </Paper>
);

const MarginLine = ({ control }: { control: FormControl }) => {
  const [cost, price] = useWatch({ control, name: ['cost_price', 'selling_price'] });
  const m = margin(cost, price);
  return (
    <Text size="sm" c={m && m.amount < 0 ? 'red.8' : 'dimmed'} aria-live="polite">
      {m
        ? `Margin: ${formatMoney(m.amount)} per sale (${m.percent}%)${m.amount < 0 ? ' — you sell below cost' : ''}`
        : 'Enter the cost and selling price to see your margin.'}
    </Text>
  );
};

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
const VariantsSection = ({
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
  control: FormControl;
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
    <Section
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
    </Section>
  );
};

/**
 * Add or edit a product (spec 001 §2 add-product, edit-product/{id}). One form for the three kinds of
 * product; a product with variants gets its options and variety grid. Checked with the contracts'
 * rules before anything is sent.
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
  const { control, register, handleSubmit, setValue, getValues, formState } = useForm<
    ProductFormValues,
    unknown,
    ProductBody
  >({
    resolver,
    defaultValues: product ? fromProduct(product) : emptyProduct(storeIds),
  });
  const { errors } = formState;
  // Varieties the merchant removed, kept with what was typed in them so Bring back restores them as they were.
  const [removed, setRemoved] = useState<ReadonlyMap<string, VarietyRow>>(new Map());
  const productType = useWatch({ control, name: 'product_type' });
  const categoryId = useWatch({ control, name: 'category_id' });
  const trackStock = useWatch({ control, name: 'track_stock' });
  const storeStock = useWatch({ control, name: 'store_stock' });
  const categories = useCategoryList();
  const subcategories = categories.data.find((c) => c._id === categoryId)?.subcategories ?? [];
  const disabled = busy || !canSave;

  // Once the form was submitted, every change re-checks it so fixed fields lose their red.
  const submitted = useRef(false);
  submitted.current = formState.isSubmitted;
  const touch = useCallback(() => ({ shouldDirty: true, shouldValidate: submitted.current }), []);

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

  const chooseType = (type: ProductType) => {
    setValue('product_type', type, touch());
    if (type === 'variable' && getValues('options').length === 0)
      setValue('options', [{ name: '', values: [] }], { shouldDirty: true });
    if (type === 'service') setValue('track_stock', false, { shouldDirty: true });
    else if (mode === 'create' && !getValues('track_stock'))
      setValue('track_stock', true, { shouldDirty: true });
  };

  // Stores can load after the form: give each one an opening-stock input.
  const stockRows = useMemo(
    () =>
      storeIds.map((id) => storeStock.find((s) => s.store_id === id) ?? { store_id: id, stock: '' as const }),
    [storeIds, storeStock],
  );

  const submit = handleSubmit((body) => onSubmit(body, getValues()));
  const variable = productType === 'variable';
  const service = productType === 'service';
  const err = (name: keyof ProductFormValues) => (errors[name] as { message?: string } | undefined)?.message;

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'create' ? 'Add product' : 'Edit product'}>
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Section title="Details">
                <TextInput
                  label="Product name"
                  placeholder="e.g. Peak Milk 400g"
                  withAsterisk
                  size="md"
                  maxLength={200}
                  disabled={disabled}
                  error={err('name')}
                  {...register('name')}
                />
                <Stack gap={6}>
                  <Text size="sm" fw={500} id="product-type-label">
                    Product type
                  </Text>
                  <Controller
                    control={control}
                    name="product_type"
                    render={({ field }) => (
                      <SegmentedControl
                        aria-labelledby="product-type-label"
                        data={TYPE_CHOICES}
                        value={field.value}
                        onChange={(v) => chooseType(v as ProductType)}
                        fullWidth
                        size="md"
                        disabled={disabled}
                        // On a phone "With variants" and "Service" wrap instead of being cut.
                        styles={{
                          label: {
                            whiteSpace: 'normal',
                            overflow: 'visible',
                            textOverflow: 'clip',
                            lineHeight: 1.2,
                          },
                        }}
                      />
                    )}
                  />
                  <Text size="sm" c="dimmed">
                    {TYPE_HELP[productType]}
                  </Text>
                </Stack>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                  <TextInput
                    label="SKU"
                    description="Your own product code (optional)"
                    size="md"
                    maxLength={64}
                    disabled={disabled}
                    error={err('sku')}
                    {...register('sku')}
                  />
                  <TextInput
                    label="Barcode"
                    description="The number under the bars (optional)"
                    size="md"
                    maxLength={64}
                    inputMode="numeric"
                    disabled={disabled}
                    error={err('barcode')}
                    {...register('barcode')}
                  />
                </SimpleGrid>
                <Textarea
                  label="Description"
                  placeholder="What customers should know (optional)"
                  autosize
                  minRows={2}
                  maxRows={6}
                  size="md"
                  maxLength={2000}
                  disabled={disabled}
                  error={err('description')}
                  {...register('description')}
                />
              </Section>

              {!variable && (
                <Section title="Price">
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                    <Controller
                      control={control}
                      name="cost_price"
                      render={({ field }) => (
                        <MoneyInput
                          label="Cost price"
                          description="What you pay for it"
                          size="md"
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          error={err('cost_price')}
                          disabled={disabled}
                        />
                      )}
                    />
                    <Controller
                      control={control}
                      name="selling_price"
                      render={({ field }) => (
                        <MoneyInput
                          label="Selling price"
                          description="What customers pay"
                          withAsterisk
                          size="md"
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          error={err('selling_price')}
                          disabled={disabled}
                        />
                      )}
                    />
                  </SimpleGrid>
                  <MarginLine control={control} />
                </Section>
              )}
              {!service && (
                <Section title="Stock">
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
                          error={err('low_stock_threshold')}
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
                        How many you have now in each store. Later changes go through Add stock and Remove
                        stock.
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
                            .map(
                              (s) =>
                                `${stores.find((x) => x._id === s.store_id)?.name ?? 'Store'}: ${s.stock}`,
                            )
                            .join(' · ')}
                        </Text>
                      )}
                      <Text size="sm" c="dimmed">
                        Change stock with Add stock or Remove stock in Inventory, so every change is recorded.
                      </Text>
                    </Stack>
                  )}
                </Section>
              )}
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Section title="Images" description="The first image is shown in lists and at the till.">
                <Controller
                  control={control}
                  name="images"
                  render={({ field }) => (
                    <ImagesField
                      value={field.value}
                      onChange={field.onChange}
                      disabled={disabled}
                      error={err('images')}
                    />
                  )}
                />
              </Section>

              <Section title="Organise">
                <Controller
                  control={control}
                  name="category_id"
                  render={({ field }) => (
                    <Select
                      label="Category"
                      placeholder={categories.data.length ? 'Choose a category' : 'No categories yet'}
                      data={categories.data.map((c) => ({ value: c._id, label: c.name }))}
                      value={field.value}
                      onChange={(v) => {
                        field.onChange(v);
                        setValue('subcategory_id', null, { shouldDirty: true });
                      }}
                      clearable
                      searchable
                      size="md"
                      disabled={disabled}
                      error={err('category_id')}
                      nothingFoundMessage="No category with that name"
                    />
                  )}
                />
                {subcategories.length > 0 && (
                  <Controller
                    control={control}
                    name="subcategory_id"
                    render={({ field }) => (
                      <Select
                        label="Subcategory"
                        placeholder="Choose a subcategory (optional)"
                        data={subcategories.map((s) => ({ value: s._id, label: s.name }))}
                        value={field.value}
                        onChange={field.onChange}
                        clearable
                        searchable
                        size="md"
                        disabled={disabled}
                        error={err('subcategory_id')}
                      />
                    )}
                  />
                )}
                <Controller
                  control={control}
                  name="tags"
                  render={({ field }) => (
                    <TagPicker value={field.value} onChange={field.onChange} disabled={disabled} />
                  )}
                />
                {err('tags') && (
                  <Text size="sm" c="red.7">
                    {err('tags')}
                  </Text>
                )}
                <Controller
                  control={control}
                  name="modifiers"
                  render={({ field }) => (
                    <ModifierSetField value={field.value} onChange={field.onChange} disabled={disabled} />
                  )}
                />
                {err('modifiers') && (
                  <Text size="sm" c="red.7">
                    {err('modifiers')}
                  </Text>
                )}
              </Section>
            </Stack>
          </Grid.Col>
        </Grid>

        {variable && (
          <VariantsSection
            control={control}
            stores={trackStock ? stores : []}
            disabled={disabled}
            onOptionsChange={onOptionsChange}
            onRowChange={onRowChange}
            onRemove={onRemove}
            onRestore={onRestore}
            onApplyPrice={onApplyPrice}
            removedKeys={removed}
          />
        )}

        {Object.keys(errors).length > 0 && formState.isSubmitted && (
          <Alert color="red" variant="light" role="alert">
            Some fields need your attention; they are marked in red.
          </Alert>
        )}
        {notice}

        <Paper withBorder p="sm" radius="md" shadow="sm" style={{ position: 'sticky', bottom: 8, zIndex: 2 }}>
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
  );
};
