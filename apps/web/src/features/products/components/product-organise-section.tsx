import { Select, Text } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { fieldError, useProductFormContext } from '../lib/product-form-context';
import { ModifierSetField, TagPicker, useCategoryList } from './catalogue-data';
import { FormSection } from './form-section';
import { ImagesField } from './images-field';

/** The product's images; the first is the one lists and the till show. */
export const ProductImagesSection = ({ disabled }: { disabled: boolean }) => {
  const { control, formState } = useProductFormContext();
  return (
    <FormSection title="Images" description="The first image is shown in lists and at the till.">
      <Controller
        control={control}
        name="images"
        render={({ field }) => (
          <ImagesField
            value={field.value}
            onChange={field.onChange}
            disabled={disabled}
            error={fieldError(formState.errors, 'images')}
          />
        )}
      />
    </FormSection>
  );
};

/** Category and subcategory, tags and modifier sets. */
export const ProductOrganiseSection = ({ disabled }: { disabled: boolean }) => {
  const { control, setValue, formState } = useProductFormContext();
  const err = (name: Parameters<typeof fieldError>[1]) => fieldError(formState.errors, name);
  const categoryId = useWatch({ control, name: 'category_id' });
  const categories = useCategoryList();
  const subcategories = categories.data.find((c) => c._id === categoryId)?.subcategories ?? [];
  return (
    <FormSection title="Organise">
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
    </FormSection>
  );
};
