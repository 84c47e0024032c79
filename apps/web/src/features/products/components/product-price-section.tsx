import { SimpleGrid, Text } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { formatMoney } from '@ms/contracts';
import { margin } from '../lib/product-form';
import { fieldError, useProductFormContext, type ProductFormControl } from '../lib/product-form-context';
import { FormSection } from './form-section';
import { MoneyInput } from './number-fields';

const MarginLine = ({ control }: { control: ProductFormControl }) => {
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

/** Cost and selling price of a product without variants, and the margin they make. */
export const ProductPriceSection = ({ disabled }: { disabled: boolean }) => {
  const { control, formState } = useProductFormContext();
  return (
    <FormSection title="Price">
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
              error={fieldError(formState.errors, 'cost_price')}
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
              error={fieldError(formState.errors, 'selling_price')}
              disabled={disabled}
            />
          )}
        />
      </SimpleGrid>
      <MarginLine control={control} />
    </FormSection>
  );
};
