import { useState } from 'react';
import { Button, Group, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { formatMoney, type Product } from '@ms/contracts';
import { DebouncedSearch } from '@/components/ui/debounced-search';
import { useProductSearch } from '../api/labels';
import { itemOf, type LabelItem } from '../lib/items';
import { LoadError } from '@/components/ui/query-states';

/** Search the catalogue and add products (or, for products with varieties, the varieties wanted). */
export const ProductPicker = ({
  chosen,
  onAdd,
}: {
  chosen: ReadonlySet<string>;
  onAdd: (items: Omit<LabelItem, 'quantity'>[]) => void;
}) => {
  const [search, setSearch] = useState('');
  const query = useProductSearch(search);
  const items = query.data?.items ?? [];

  return (
    <Stack gap="sm">
      <DebouncedSearch
        placeholder="Search products by name, SKU or barcode"
        label="Find products"
        onSearch={setSearch}
      />
      {query.isPending ? (
        <Stack gap="xs">
          <Skeleton h={48} />
          <Skeleton h={48} />
        </Stack>
      ) : query.isError ? (
        <LoadError what="your products" error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {search.trim()
            ? `No product matches “${search.trim()}”.`
            : 'You have no products yet. Add products first, then print their labels here.'}
        </Text>
      ) : (
        <Stack gap={6} aria-busy={query.isFetching}>
          {query.isFetching && <Loader size="xs" />}
          {items.map((p) => (
            <ProductRow key={p._id} product={p} chosen={chosen} onAdd={onAdd} />
          ))}
          {(query.data?.total ?? 0) > items.length && (
            <Text size="xs" c="dimmed">
              Showing {items.length} of {query.data?.total}. Search to find others.
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
};

const AddButton = ({ added, onClick, label }: { added: boolean; onClick: () => void; label: string }) => (
  <Button
    size="compact-sm"
    variant={added ? 'subtle' : 'light'}
    color={added ? 'teal' : undefined}
    leftSection={added ? <IconCheck size={14} /> : <IconPlus size={14} />}
    onClick={onClick}
    disabled={added}
    aria-label={added ? `${label} added` : `Add ${label}`}
    style={{ flexShrink: 0 }}
  >
    {added ? 'Added' : 'Add'}
  </Button>
);

const ProductRow = ({
  product,
  chosen,
  onAdd,
}: {
  product: Product;
  chosen: ReadonlySet<string>;
  onAdd: (items: Omit<LabelItem, 'quantity'>[]) => void;
}) => {
  const hasVarieties = product.varieties.length > 0;
  if (!hasVarieties)
    return (
      <Paper withBorder radius="sm" p="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {product.name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatMoney(product.selling_price)}
              {product.barcode ? ` · ${product.barcode}` : product.sku ? ` · SKU ${product.sku}` : ''}
            </Text>
          </div>
          <AddButton
            added={chosen.has(product._id)}
            onClick={() => onAdd([itemOf(product)])}
            label={product.name}
          />
        </Group>
      </Paper>
    );
  const missing = product.varieties.filter((v) => !chosen.has(`${product._id}:${v._id}`));
  return (
    <Paper withBorder radius="sm" p="xs">
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={6}>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {product.name}
          </Text>
          <Text size="xs" c="dimmed">
            {product.varieties.length} varieties: choose which to label
          </Text>
        </div>
        {missing.length > 0 && (
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => onAdd(missing.map((v) => itemOf(product, v._id)))}
            style={{ flexShrink: 0 }}
          >
            Add all
          </Button>
        )}
      </Group>
      <Stack gap={4} pl="sm" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
        {product.varieties.map((v) => (
          <Group key={v._id} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {v.name}{' '}
              <Text span size="xs" c="dimmed">
                {formatMoney(v.selling_price)}
              </Text>
            </Text>
            <AddButton
              added={chosen.has(`${product._id}:${v._id}`)}
              onClick={() => onAdd([itemOf(product, v._id)])}
              label={`${product.name} - ${v.name}`}
            />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
};
