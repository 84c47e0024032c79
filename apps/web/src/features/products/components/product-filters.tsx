import { Select, SimpleGrid } from '@mantine/core';
import type { Category, ProductType, Store, Tag } from '@ms/contracts';
import { MultiSelectFilter, type FilterOption } from '@/components/ui/filter-widget';
import type { ProductListParams, ProductSort, StockFilter } from '../api/products';

export const TYPE_LABELS: Record<ProductType, string> = {
  simple: 'Simple',
  variable: 'With variants',
  service: 'Service',
};
const TYPE_OPTIONS: FilterOption[] = (Object.keys(TYPE_LABELS) as ProductType[]).map((value) => ({
  value,
  label: TYPE_LABELS[value],
}));

const STOCK_OPTIONS: { value: StockFilter; label: string }[] = [
  { value: 'in', label: 'In stock' },
  { value: 'low', label: 'Low stock' },
  { value: 'out', label: 'Out of stock' },
];

const SORT_OPTIONS: { value: ProductSort; label: string }[] = [
  { value: 'name', label: 'Name (A–Z)' },
  { value: 'newest', label: 'Newest first' },
  { value: 'price', label: 'Price (low to high)' },
  { value: 'stock', label: 'Stock (low to high)' },
];

export type ProductFiltersProps = {
  params: ProductListParams;
  onChange: (patch: Partial<ProductListParams>) => void;
  categories: Category[];
  tags: Tag[];
  stores: Store[];
};

/** Category, type, stock status, store (whose stock the list shows), tag and order. */
export const ProductFilters = ({ params, onChange, categories, tags, stores }: ProductFiltersProps) => (
  <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: tags.length ? 6 : 5 }} spacing="sm" verticalSpacing="xs">
    <Select
      label="Category"
      placeholder="All"
      data={categories.map((c) => ({ value: c._id, label: c.name }))}
      value={params.category}
      onChange={(category) => onChange({ category })}
      clearable
      searchable
      size="md"
      nothingFoundMessage="No category with that name"
      comboboxProps={{ withinPortal: true }}
    />
    <MultiSelectFilter
      label="Type"
      placeholder="All"
      options={TYPE_OPTIONS}
      value={params.productType}
      onChange={(v) => onChange({ productType: v as ProductType[] })}
    />
    <Select
      label="Stock status"
      placeholder="Any stock"
      data={STOCK_OPTIONS}
      value={params.stock}
      onChange={(v) => onChange({ stock: v as StockFilter | null })}
      clearable
      size="md"
    />
    <Select
      label="Store"
      placeholder="All stores"
      data={stores.map((s) => ({ value: s._id, label: s.name }))}
      value={params.store}
      onChange={(store) => onChange({ store })}
      clearable
      size="md"
      description={undefined}
    />
    {tags.length > 0 && (
      <Select
        label="Tag"
        placeholder="Any tag"
        data={tags.map((t) => ({ value: t._id, label: t.tagName }))}
        value={params.tag}
        onChange={(tag) => onChange({ tag })}
        clearable
        searchable
        size="md"
      />
    )}
    <Select
      label="Sort by"
      data={SORT_OPTIONS}
      value={params.sort}
      onChange={(v) => onChange({ sort: (v as ProductSort | null) ?? 'name' })}
      allowDeselect={false}
      size="md"
    />
  </SimpleGrid>
);
