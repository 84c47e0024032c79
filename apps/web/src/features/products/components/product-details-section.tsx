import { SegmentedControl, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import type { ProductType } from '@ms/contracts';
import { fieldError, useProductFormContext } from '../lib/product-form-context';
import { FormSection } from './form-section';

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

/** Name, type (simple, with variants, service), SKU, barcode and description. */
export const ProductDetailsSection = ({
  disabled,
  onType,
}: {
  disabled: boolean;
  /** The merchant picked another product type (the form adjusts options and stock tracking). */
  onType: (type: ProductType) => void;
}) => {
  const { control, register, formState } = useProductFormContext();
  const err = (name: Parameters<typeof fieldError>[1]) => fieldError(formState.errors, name);
  const productType = useWatch({ control, name: 'product_type' });
  return (
    <FormSection title="Details">
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
              onChange={(v) => onType(v as ProductType)}
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
    </FormSection>
  );
};
